import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string' || !/^bearer /i.test(header)) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}
