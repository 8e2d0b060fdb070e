import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { session } from './session';

/**
 * The one API client of the console, typed by the service's own OpenAPI document (schema.d.ts,
 * generated; a test fails when it is stale). Every call carries the access token; a 401 refreshes
 * the token pair once and retries, and a failed refresh signs the user out.
 */
export const api = createClient<paths>({ baseUrl: '' });

const auth: Middleware = {
  onRequest({ request }) {
    const token = session.accessToken();
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ request, response }) {
    if (response.status !== 401 || request.url.includes('/api/auth/')) return response;
    if (!(await session.refresh())) return response;
    const retry = new Request(request, { headers: new Headers(request.headers) });
    retry.headers.set('authorization', `Bearer ${session.accessToken()}`);
    return fetch(retry);
  },
};
api.use(auth);

/** The API's error body: every error has a `detail` the console shows as is. */
interface ApiError {
  detail?: string | { msg?: string }[];
  code?: string;
}

/** A readable message for any error an API call returned or threw. */
export function errorText(error: unknown): string {
  if (!error) return 'Unknown error';
  if (error instanceof Error) return error.message;
  const detail = (error as ApiError).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d) => d.msg ?? JSON.stringify(d)).join('; ');
  return JSON.stringify(error);
}

/** A refused API call: the API's detail as the message, and the HTTP status (a 4xx is not worth retrying). */
class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Unwraps an openapi-fetch result: the data, or a thrown ApiCallError carrying the API's detail and status. */
export async function call<T>(promise: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await promise;
  if (error !== undefined || !response.ok) throw new ApiCallError(errorText(error ?? `HTTP ${response.status}`), response.status);
  return data as T;
}

/** TanStack Query's retry rule: one more try after a network error or a 5xx, never after a 4xx (it would be the same). */
export function retryOnce(failures: number, error: unknown): boolean {
  if (error instanceof ApiCallError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

/** A fetch with the signed-in user's bearer, for what the typed client does not carry (multipart, streams). */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const headers = new Headers(init.headers);
    const token = session.accessToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  };
  const first = await send();
  if (first.status !== 401 || !(await session.refresh())) return first;
  return send();
}
