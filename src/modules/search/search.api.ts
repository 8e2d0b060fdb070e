import { Type } from 'typebox';
import { DEFAULT_MODE, DEFAULT_TOP_K } from './search.service.js';
import { Uuid } from '../../platform/http/schemas.js';

/** TypeBox schemas of the search endpoint: validation, types and the OpenAPI document. */

const Tag = Type.String({ minLength: 1, maxLength: 64 });

export const SearchBody = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 2000 }),
  memory_ids: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
  document_ids: Type.Optional(Type.Array(Uuid, { maxItems: 1000 })),
  folder_id: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'A folder id, or null for documents in no folder' })),
  tags: Type.Optional(
    Type.Object({
      all: Type.Optional(Type.Array(Tag, { maxItems: 50, description: 'The document carries every one of these tags' })),
      any: Type.Optional(Type.Array(Tag, { maxItems: 50, description: 'The document carries at least one of these tags' })),
    }),
  ),
  // Optional with a default: Ajv fills the default in, and the document does not call them required.
  top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: DEFAULT_TOP_K })),
  mode: Type.Optional(Type.Union([Type.Literal('hybrid'), Type.Literal('vector'), Type.Literal('fulltext')], { default: DEFAULT_MODE })),
});

const Hit = Type.Object({
  chunk_id: Uuid,
  document_id: Uuid,
  filename: Type.String(),
  text: Type.String(),
  score: Type.Number(),
  page: Type.Union([Type.Integer(), Type.Null()]),
  section: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  memory_id: Type.Union([Uuid, Type.Null()]),
  source: Type.Union(
    [Type.Object({ connector_id: Uuid, external_id: Type.String(), url: Type.Union([Type.String(), Type.Null()]) }), Type.Null()],
    { description: "The connector item the document is kept in sync with (the document's `source`); null for an uploaded document" },
  ),
});

export const SearchResponse = Type.Object({
  items: Type.Array(Hit),
  total: Type.Integer(),
  query: Type.String(),
  mode: Type.String(),
});
