import type { AppPrincipal, Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/http/errors.js';

/**
 * The caller of an app API as an app principal. Routes declared with `auth.app(...)` only ever see one
 * (the auth pipeline refused the rest), so this is a type narrowing with a 403 behind it, not a check to
 * remember; `auth.appOrTenant(...)` routes test `principal.kind === 'app'` themselves.
 */
export function appPrincipalOf(principal: Principal): AppPrincipal {
  if (principal.kind !== 'app') throw new AppError('forbidden', 'This endpoint is for app access tokens');
  return principal;
}
