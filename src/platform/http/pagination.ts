import { Type, type TObject, type TSchema } from 'typebox';

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

/** Offsets and page numbers stop where PostgreSQL's OFFSET arithmetic is still sane (a bigger one is a 422, not a 500). */
const MAX_OFFSET = 2_147_483_647;

/** `skip`/`limit` query of newer list endpoints; both optional, with their defaults filled in. */
export const SkipLimitQuery = defaultsOptional(
  Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  }),
);

/** `page`/`page_size` query of legacy list endpoints; both optional, with their defaults filled in. */
export const PageQuery = defaultsOptional(
  Type.Object({
    page: Type.Integer({ minimum: 1, maximum: MAX_OFFSET, default: 1 }),
    page_size: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  }),
);

export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    skip: Type.Integer(),
    limit: Type.Integer(),
  });

export const PageListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    skip: Type.Integer(),
    limit: Type.Integer(),
    page: Type.Integer(),
    page_size: Type.Integer(),
  });

export const ErrorBody = Type.Object({ detail: Type.Any(), code: Type.Optional(Type.String()) });

/** Error responses every authenticated route can give, for the OpenAPI document. */
export const authErrors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody } as const;

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });

export const iso = (date: Date | string | null | undefined): string | null =>
  date == null ? null : new Date(date).toISOString();
