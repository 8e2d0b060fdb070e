import type { ErrorObject } from 'ajv';
import { AppError } from '../../../platform/http/errors.js';
import type { AppCollection } from '../../apps/index.js';
import { describeProblem, escapePointer, isPlainObject, jsonBytes, pointerSegments, shapeProblem } from '../json-shape.js';

/** Nesting and value count a record may have before it is even serialized (Ajv and jsonb recurse). */
const RECORD_SHAPE = { maxDepth: 64, maxNodes: 100_000 };

/** One problem of a record: FastAPI's `loc`/`msg`/`type`, plus the JSON pointer into the record. */
interface RecordIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  pointer: string;
}

const issue = (pointer: string, msg: string, type: string): RecordIssue => ({ loc: ['body', 'data', ...pointerSegments(pointer)], msg, type, pointer });

/** Where an Ajv error points: the failing value, or the property a `required`/`additionalProperties` names. */
function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${error.instancePath}/${escapePointer(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${escapePointer(String(params.additionalProperty))}`;
  if (error.keyword === 'unevaluatedProperties') return `${error.instancePath}/${escapePointer(String(params.unevaluatedProperty))}`;
  return error.instancePath;
}

/**
 * Checks a record before it is stored: a JSON object, of a sane shape (no `__proto__`, nothing jsonb cannot
 * hold, bounded nesting), no larger than a record may be, and valid against its collection's schema (every
 * problem, each with its pointer). Returns the record's size in bytes.
 */
export function checkRecord(collection: AppCollection, data: unknown, maxRecordBytes: number): number {
  if (!isPlainObject(data)) throw new AppError('app_record_invalid', [issue('', 'A record must be a JSON object', 'type')]);
  const problem = shapeProblem(data, RECORD_SHAPE);
  if (problem?.kind === 'too_many_nodes') throw new AppError('app_record_too_large', `A record may hold at most ${RECORD_SHAPE.maxNodes} values`);
  if (problem) throw new AppError('app_record_invalid', [issue(problem.at, describeProblem(problem), problem.kind)]);
  const size = jsonBytes(data);
  if (size > maxRecordBytes) throw new AppError('app_record_too_large', `A record may take at most ${maxRecordBytes} bytes of JSON; this one takes ${size}`);
  if (!collection.validate(data)) {
    const errors = collection.validate.errors ?? [];
    throw new AppError(
      'app_record_invalid',
      errors.map((e) => issue(pointerOf(e), e.message ?? 'is not valid', `schema.${e.keyword}`)),
    );
  }
  return size;
}

/** Checks the shape of a merge patch before it is applied (applying recurses). */
export function checkPatch(patch: unknown): Record<string, unknown> {
  if (!isPlainObject(patch)) throw new AppError('app_record_invalid', [issue('', 'A merge patch of a record must be a JSON object', 'type')]);
  const problem = shapeProblem(patch, RECORD_SHAPE);
  if (problem?.kind === 'too_many_nodes') throw new AppError('app_record_too_large', `A record may hold at most ${RECORD_SHAPE.maxNodes} values`);
  if (problem) throw new AppError('app_record_invalid', [issue(problem.at, describeProblem(problem), problem.kind)]);
  return patch;
}

/** RFC 7386 JSON merge patch (depth bounded by checkPatch): objects merge, `null` removes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}
