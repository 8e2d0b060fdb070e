import { useQuery } from '@tanstack/react-query';
import { api, call } from './client';

/**
 * The signed-in user (`/api/auth/me`), shared by every component under the key `me`. Its `permissions` are the
 * role's scopes, expanded (an admin holds `admin` and every other scope): what the console shows follows them.
 */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => call(api.GET('/api/auth/me')) });
}

/** Whether the signed-in user holds every scope in `needs`; undefined while the profile loads. */
export function useAllows(...needs: string[]): boolean | undefined {
  const me = useMe();
  if (!me.data) return undefined;
  return allows(me.data.permissions, needs);
}

export function allows(permissions: readonly string[], needs: readonly string[]): boolean {
  return needs.every((scope) => permissions.includes(scope));
}
