import { Type, type TSchema } from 'typebox';

/** `skip`/`limit` query of newer list endpoints. */
/** Offsets and page numbers stop where PostgreSQL's OFFSET arithmetic is still sane (a bigger one is a 422, not a 500). */
const MAX_OFFSET = 2_147_483_647;

export const SkipLimitQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});

/** `page`/`page_size` query of legacy list endpoints. */
export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: MAX_OFFSET, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});

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
