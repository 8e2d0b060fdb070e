import type { App } from './types.js';
import { unprocessable } from './errors.js';

type Flaw = { loc: (string | number)[]; kind: 'nul' | 'surrogate' | 'not_finite' | 'unsafe' };

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text (a value or an object key), or null. */
const textFlaw = (text: string): Flaw['kind'] | null => (text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : null);

/**
 * Values that pass schema validation yet break whatever runs next are refused for every route at
 * once, with a 422 naming the field, instead of a 500 from deep inside a handler:
 * - a NUL character (U+0000) in any text: PostgreSQL text cannot hold it;
 * - a lone UTF-16 surrogate (U+D800–U+DFFF without its pair), which JSON can spell ("\ud800") and no UTF-8 can:
 *   jsonb refuses the escape (a 500 from an audit record or a job payload), and text columns and hashes would get
 *   U+FFFD instead, so two different inputs would become one address. URLs cannot carry one (their percent-decoding
 *   is of UTF-8 bytes), but query and path values are checked all the same;
 * - a non-finite number: Ajv's type coercion turns "1e400" or "Infinity" into Infinity and then
 *   skips the minimum/maximum checks, so a query like `?skip=1e400` would reach SQL;
 * - a number beyond ±(2^53 − 1): JavaScript cannot hold it exactly, and such offsets or counts
 *   overflow SQL arithmetic wherever a schema forgot its maximum.
 * Runs after validation (and its coercion) on the parsed body, query and path parameters.
 */
export function registerInputGuard(app: App): void {
  app.addHook('preHandler', async (request) => {
    for (const [loc, value] of [['body', request.body], ['query', request.query], ['path', request.params]] as const) {
      const flaw = findFlaw(value, 0);
      if (!flaw) continue;
      const at = [loc, ...flaw.loc];
      if (flaw.kind === 'nul') throw unprocessable(at, 'text must not contain NUL (\\u0000) characters', 'value_error.nul');
      if (flaw.kind === 'surrogate') throw unprocessable(at, 'text must not contain a lone UTF-16 surrogate (\\ud800-\\udfff without its pair)', 'value_error.surrogate');
      if (flaw.kind === 'not_finite') throw unprocessable(at, 'must be a finite number', 'value_error.number.not_finite');
      throw unprocessable(at, `must be between ${-Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`, 'value_error.number.too_large');
    }
  });
}

/** The first flawed value below `value` (its loc relative to it), or null; deep nesting is left alone. */
function findFlaw(value: unknown, depth: number): Flaw | null {
  if (typeof value === 'string') {
    const kind = textFlaw(value);
    return kind ? { loc: [], kind } : null;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { loc: [], kind: 'not_finite' };
    return Math.abs(value) > Number.MAX_SAFE_INTEGER ? { loc: [], kind: 'unsafe' } : null;
  }
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const flaw = findFlaw(value[i], depth + 1);
      if (flaw) return { ...flaw, loc: [i, ...flaw.loc] };
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const kind = textFlaw(key);
    if (kind) return { loc: [key], kind };
    const flaw = findFlaw((value as Record<string, unknown>)[key], depth + 1);
    if (flaw) return { ...flaw, loc: [key, ...flaw.loc] };
  }
  return null;
}
