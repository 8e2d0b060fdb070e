import type { App } from './types.js';
import { unprocessable } from './errors.js';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a body, query or path value would reach
 * the database and fail there as a 500. Refused at the door instead: a 422 naming the field.
 * Runs before validation and before the idempotency claim, for every route and content type that
 * Fastify parses (JSON, forms); multipart parts are read by their handlers.
 */
export function registerNulGuard(app: App): void {
  app.addHook('preValidation', async (request) => {
    for (const [loc, value] of [['body', request.body], ['query', request.query], ['path', request.params]] as const) {
      const at = nulPath(value, 0);
      if (at) throw unprocessable([loc, ...at], 'text must not contain NUL (\\u0000) characters', 'value_error.nul');
    }
  });
}

/** Where the first NUL is (as a loc below the root), or null; deep nesting is left to validation. */
function nulPath(value: unknown, depth: number): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = nulPath(value[i], depth + 1);
      if (at) return [i, ...at];
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000')) return [key];
    const at = nulPath((value as Record<string, unknown>)[key], depth + 1);
    if (at) return [key, ...at];
  }
  return null;
}
