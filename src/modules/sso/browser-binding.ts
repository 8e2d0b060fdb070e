import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Login CSRF: someone who starts a sign-in, signs in at the IdP as themselves and gets a victim's browser to open the
 * callback would sign that browser into their account. So `authorize` gives the browser that asked a random cookie,
 * scoped to the callback's path, and the callback starts the session cookie only for the browser that brings it
 * back. The tokens in the answer's body stay for clients without a cookie jar shared with the browser (native apps).
 */
const BINDING_COOKIE = 'sso_binding';
const PATH = '/api/auth/sso/idp';

export const hashBinding = (value: string) => createHash('sha256').update(value).digest('hex');

export function newBinding(ttlSec: number, secure: boolean): { value: string; setCookie: string } {
  const value = randomBytes(32).toString('base64url');
  const setCookie = [`${BINDING_COOKIE}=${value}`, `Path=${PATH}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${ttlSec}`, ...(secure ? ['Secure'] : [])].join('; ');
  return { value, setCookie };
}

export function clearedBinding(secure: boolean): string {
  return [`${BINDING_COOKIE}=`, `Path=${PATH}`, 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}

/** Whether the request carries the binding cookie whose hash the state stored. */
export function carriesBinding(headers: IncomingHttpHeaders, storedHash: string | null): boolean {
  if (!storedHash || typeof headers.cookie !== 'string' || headers.cookie.length > 16_384) return false;
  const expected = Buffer.from(storedHash, 'hex');
  for (const part of headers.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== BINDING_COOKIE) continue;
    const given = Buffer.from(hashBinding(part.slice(eq + 1).trim()), 'hex');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
