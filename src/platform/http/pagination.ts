import { Type, type TSchema } from 'typebox';
import { defaultsOptional } from './schemas.js';

/** Offsets stop where PostgreSQL's OFFSET arithmetic is still sane (a bigger one is a 422, not a 500). */
const MAX_OFFSET = 2_147_483_647;

/** `skip`/`limit` query of list endpoints; both optional, with their defaults filled in. */
export const SkipLimitQuery = defaultsOptional(
  Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  }),
);

/** A page of a list: its items, the total over all pages, and the `skip`/`limit` that chose it. */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    skip: Type.Integer(),
    limit: Type.Integer(),
  });
