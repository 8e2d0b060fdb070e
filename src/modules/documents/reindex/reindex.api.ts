import { Type } from 'typebox';
import { Uuid } from '../../../platform/http/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReindexRun = Type.Object({
  id: Uuid,
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('completed'),
    Type.Literal('cancelled'),
    Type.Literal('failed'),
  ]),
  reason: Type.Union([Type.Literal('admin'), Type.Literal('profile'), Type.Literal('default_model')], {
    description: 'admin: POST reindex-all; profile: the indexing profile changed the model; default_model: the tenant default embedding model changed',
  }),
  target_model: Type.String({ description: "'<provider>/<model>' the run moves documents to ('builtin/…' is the offline embedder)" }),
  target_dimensions: Type.Integer(),
  total: Type.Integer({ description: 'Documents with searchable vectors' }),
  done: Type.Integer({ description: 'Of those, documents whose vectors are now from the target model' }),
  failed: Type.Integer({ description: 'Documents not on the target model whose re-embedding failed (status error)' }),
  remaining: Type.Integer(),
  error: Nullable(Type.String()),
  requested_by: Type.Object({ user_id: Nullable(Uuid), api_key_id: Nullable(Uuid) }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
});

export const ReindexStarted = Type.Object({
  run_id: Uuid,
  created: Type.Boolean({ description: 'false: a run to the same model was already active, and this is it' }),
  run: ReindexRun,
});

export const RunParams = Type.Object({ id: Uuid });
