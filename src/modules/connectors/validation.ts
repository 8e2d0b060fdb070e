import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AppError } from '../../platform/http/errors.js';

/** JSON-pointer segments of an instance path ("/include/0" → ['include', 0]). */
function segments(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * A kind's `config` (or `credentials`) against the kind's schema: a 422 in the API's shape, each problem named by
 * its place under `body.config` (`body.config.path`), when it does not match.
 */
export function validateAgainst(schema: TSchema, value: unknown, field: 'config' | 'credentials'): void {
  const problems = [...Value.Errors(schema, value)].filter((e) => e.keyword !== 'boolean');
  if (problems.length === 0) return;
  const detail = problems.slice(0, 20).map((e) => {
    const loc: (string | number)[] = ['body', field, ...segments(e.instancePath)];
    const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (e.keyword === 'required' && params.requiredProperties?.length) loc.push(params.requiredProperties[0]);
    if (e.keyword === 'additionalProperties' && params.additionalProperties?.length) loc.push(params.additionalProperties[0]);
    return { loc, msg: e.message, type: e.keyword };
  });
  throw new AppError('validation_error', detail);
}
