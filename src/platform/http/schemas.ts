import { Type, type TObject } from 'typebox';

/** HTTP schemas and wire formats every module shares; list paging lives in pagination.ts. */

/**
 * The same object schema, with the properties that have a default left out of `required`. Ajv fills a
 * missing one in before the handler runs (so its type stays "present"), and OpenAPI then does not tell
 * clients they must send it. For query strings with defaults.
 */
export function defaultsOptional<T extends TObject>(schema: T): T {
  const required = (schema.required ?? []).filter((name) => !('default' in (schema.properties[name] as object)));
  // A copy with every own property, TypeBox's hidden kind marker included.
  const copy: { required?: string[] } = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema));
  if (required.length) copy.required = required;
  else delete copy.required;
  return copy as T;
}

export const ErrorBody = Type.Object({ detail: Type.Any(), code: Type.Optional(Type.String()) });

/** Error responses every authenticated route can give, for the OpenAPI document. */
export const authErrors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody } as const;

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });

/** A timestamp as responses carry it (ISO 8601, UTC); null stays null. */
export const iso = (date: Date | string | null | undefined): string | null =>
  date == null ? null : new Date(date).toISOString();
