import { Type } from 'typebox';
import { Uuid } from '../../platform/http/schemas.js';

/** Schemas several chat routes share: a cited source, usage. */

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) => Type.Union([schema, Type.Null()]);

export const Citation = Type.Object({
  n: Type.Integer({ description: 'The number the answer cites it by: [n]' }),
  chunk_id: Uuid,
  document_id: Uuid,
  filename: Type.String(),
  page: Nullable(Type.Integer()),
  section: Nullable(Type.String()),
  snippet: Type.String({ description: 'The beginning of the chunk (at most 500 characters)' }),
  score: Type.Number({ description: 'The rerank score when the sources were reranked, else the fused retrieval score' }),
  source: Type.Optional(
    Type.Union([Type.Object({ connector_id: Uuid, external_id: Type.String(), url: Type.Union([Type.String(), Type.Null()]) }), Type.Null()], {
      description: "The connector item the cited document is kept in sync with (its `url` is where people open the original); null for an uploaded document",
    }),
  ),
});

export const Source = Type.Object({
  ...Citation.properties,
  n: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The number the source was given to the model under; null: retrieved but left out of the context (it did not fit)',
  }),
});

export const Usage = Type.Object({
  prompt_tokens: Type.Integer(),
  completion_tokens: Type.Integer(),
  cost: Type.Union([Type.Number(), Type.Null()], { description: 'USD from the catalog prices; null when the catalog prices none of it' }),
});
