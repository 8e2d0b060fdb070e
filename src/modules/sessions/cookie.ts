import type { IncomingHttpHeaders } from 'node:http';

const SESSION_COOKIE = 'service_session';

export interface CookieOptions {
  /** Secure when PUBLIC_BASE_URL is https (a plain-http development server could not set it otherwise). */
  secure: boolean;
}

/**
 * The Set-Cookie value of a session: HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site
 * subresource requests or POSTs), Path=/, Secure on https, and a Max-Age of the session's absolute lifetime
 * left (the idle lifetime is enforced by the server).
 */
export function sessionCookie(value: string, maxAgeSec: number, options: CookieOptions): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(maxAgeSec))}`, ...(options.secure ? ['Secure'] : [])].join('; ');
}

/** The Set-Cookie value that removes the session cookie from the browser. */
export function clearedSessionCookie(options: CookieOptions): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', ...(options.secure ? ['Secure'] : [])].join('; ');
}

/**
 * Every `service_session` value the request carries (a browser may send several when another site on a parent
 * domain tossed one in: each is tried, none trusted for its position).
 */
export function sessionCookieValues(headers: IncomingHttpHeaders): string[] {
  const header = headers.cookie;
  if (typeof header !== 'string' || header.length > 16_384) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    values.push(part.slice(eq + 1).trim());
    if (values.length >= 4) break;
  }
  return values;
}
