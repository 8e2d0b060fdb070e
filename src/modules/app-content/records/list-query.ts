import { unprocessable } from '../../../platform/http/errors.js';
import type { AppCollection } from '../../apps/index.js';
import type { ListSpec } from './records.repo.js';

type Scalar = 'string' | 'number' | 'integer' | 'boolean';
const SCALARS: readonly Scalar[] = ['boolean', 'integer', 'number', 'string'];
const FILTER = /^filter\[([A-Za-z_][A-Za-z0-9_]{0,62})\]$/;

/** The scalar types a top-level property admits, read from its schema (following one local `$ref`). */
function typesOf(collection: AppCollection, field: string): Scalar[] {
  const properties = (collection.schema.properties ?? {}) as Record<string, unknown>;
  let property = properties[field] as Record<string, unknown> | undefined;
  if (property && typeof property.$ref === 'string' && property.$ref.startsWith('#/')) {
    let node: unknown = collection.schema;
    for (const part of property.$ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    property = node as Record<string, unknown> | undefined;
  }
  const declared = [property?.type].flat().filter((t): t is Scalar => SCALARS.includes(t as Scalar));
  if (declared.length > 0) return declared;
  const literals = [property?.const, ...(Array.isArray(property?.enum) ? property.enum : [])].filter((v) => v !== undefined);
  const fromLiterals = new Set(literals.map((v): string => typeof v).filter((t): t is Scalar => SCALARS.includes(t as Scalar)));
  return fromLiterals.size > 0 ? [...fromLiterals] : ['string'];
}

/** A query-string value as the JSON value the field holds: a boolean, a number, or the text itself. */
function valueFor(collection: AppCollection, field: string, raw: string): string | number | boolean {
  const types = typesOf(collection, field);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  const number = raw.trim() === '' ? NaN : Number(raw);
  if (types.includes('integer') && Number.isSafeInteger(number)) return number;
  if (types.includes('number') && Number.isFinite(number)) return number;
  if (types.includes('string')) return raw;
  throw unprocessable(['query', `filter[${field}]`], `${field} holds ${types.join(' or ')}; "${raw.slice(0, 50)}" is not one`);
}

/**
 * The list query of a collection: equality filters only on its declared indexes (anything else could
 * not be answered from an index: 422), sorting by a timestamp or a declared index.
 */
export function listSpec(collection: AppCollection, query: Record<string, unknown>): ListSpec {
  const equals: ListSpec['equals'] = {};
  for (const [key, raw] of Object.entries(query)) {
    const match = FILTER.exec(key);
    if (!match) continue;
    const field = match[1];
    if (!collection.indexes.includes(field)) {
      throw unprocessable(['query', key], `${field} is not an index of ${collection.name}; filters may use: ${collection.indexes.join(', ') || 'none'}`);
    }
    equals[field] = valueFor(collection, field, String(raw));
  }
  const sortBy = String(query.sort ?? 'created_at');
  let sort: ListSpec['sort'];
  if (sortBy === 'created_at' || sortBy === 'updated_at') sort = { kind: 'column', column: sortBy };
  else if (collection.indexes.includes(sortBy)) sort = { kind: 'field', field: sortBy };
  else throw unprocessable(['query', 'sort'], `sort must be created_at, updated_at or an index of ${collection.name} (${collection.indexes.join(', ') || 'none'})`);
  return { equals, sort, order: query.order === 'desc' ? 'desc' : 'asc', skip: Number(query.skip ?? 0), limit: Number(query.limit ?? 50) };
}
