import { Type } from 'typebox';
import { Uuid } from '../../platform/http/schemas.js';
import { defaultsOptional } from '../../platform/http/schemas.js';

/** TypeBox schemas of the connectors endpoints: validation, types and the OpenAPI document in one place. */

const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);
const NullableUuid = Type.Union([Uuid, Type.Null()]);

const Schedule = Type.Union([
  Type.Object({ every_minutes: Type.Integer({ minimum: 5, maximum: 7 * 24 * 60, description: 'A run this often (counted from the end of the last one)' }) }, { additionalProperties: false }),
  Type.Null(),
]);
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50, description: 'Given to every document the connector creates' });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Config = Type.Record(Type.String(), Type.Unknown(), { description: "The kind's settings, as its `config_schema` (GET /api/v1/connectors/kinds) describes them" });
const Credentials = Type.Record(Type.String(), Type.Unknown(), {
  description: "The kind's secrets, as its `credentials_schema` describes them: write-only (stored sealed, never answered)",
});

export const ConnectorParams = Type.Object({ id: Uuid });
export const RunParams = Type.Object({ id: Uuid, run_id: Uuid });
export const DeleteQuery = defaultsOptional(
  Type.Object({
    keep_documents: Type.Boolean({
      default: false,
      description: 'false (default): the documents the connector created are deleted with it. true: they are kept as ordinary documents (their `source` becomes null)',
    }),
  }),
);

const Kind = Type.Object({
  kind: Type.String(),
  title: Type.String(),
  description: Type.String(),
  config_schema: Type.Unknown({ description: 'JSON Schema of `config`' }),
  credentials_schema: Type.Unknown({ description: 'JSON Schema of `credentials`, or null when the kind takes none' }),
});
export const KindList = Type.Object({ items: Type.Array(Kind) });

const RunCounts = Type.Object({
  seen: Type.Integer({ description: 'Items the listing yielded' }),
  added: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  deleted: Type.Integer(),
  failed: Type.Integer(),
});

export const RunStatus = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('cancelled')]);

export const RunSummary = Type.Object({
  id: Uuid,
  connector_id: Uuid,
  trigger: Type.Union([Type.Literal('manual'), Type.Literal('schedule')]),
  status: RunStatus,
  counts: RunCounts,
  listing_complete: Type.Boolean({ description: 'The listing ended without failing: only then were unlisted items deleted' }),
  error: Type.Union([Type.String(), Type.Null()]),
  started_at: NullableTime,
  finished_at: NullableTime,
  created_at: Time,
});

export const Run = Type.Object({
  ...RunSummary.properties,
  errors: Type.Array(
    Type.Object({ external_id: Type.Union([Type.String(), Type.Null()]), url: Type.Union([Type.String(), Type.Null()]), message: Type.String() }),
    { description: 'The first item errors of the run (at most 100 here; 1000 are kept)' },
  ),
});

export const Connector = Type.Object({
  id: Uuid,
  name: Type.String(),
  kind: Type.String(),
  config: Type.Record(Type.String(), Type.Unknown()),
  has_credentials: Type.Boolean({ description: 'Credentials are stored (they are never answered)' }),
  memory_id: NullableUuid,
  folder_id: NullableUuid,
  tags: Type.Array(Type.String()),
  schedule: Schedule,
  enabled: Type.Boolean(),
  status: Type.Union([Type.Literal('idle'), Type.Literal('queued'), Type.Literal('running'), Type.Literal('error'), Type.Literal('paused')]),
  last_run: Type.Union([RunSummary, Type.Null()]),
  next_run_at: NullableTime,
  documents_count: Type.Integer(),
  consecutive_failures: Type.Integer(),
  created_at: Time,
  updated_at: Time,
});

export const CreateConnector = Type.Object(
  {
    name: Name,
    kind: Type.String({ minLength: 1, maxLength: 50 }),
    config: Config,
    credentials: Type.Optional(Type.Union([Credentials, Type.Null()])),
    memory_id: Type.Optional(NullableUuid),
    folder_id: Type.Optional(NullableUuid),
    tags: Type.Optional(Tags),
    schedule: Type.Optional(Schedule),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true; false creates it paused' })),
  },
  { additionalProperties: false },
);

export const UpdateConnector = Type.Object(
  {
    name: Type.Optional(Name),
    config: Type.Optional(Config),
    credentials: Type.Optional(Type.Union([Credentials, Type.Null()], { description: 'Replaces the stored credentials; null removes them; absent keeps them' })),
    memory_id: Type.Optional(NullableUuid),
    folder_id: Type.Optional(NullableUuid),
    tags: Type.Optional(Tags),
    schedule: Type.Optional(Schedule),
    enabled: Type.Optional(Type.Boolean({ description: 'false pauses the connector, true resumes it' })),
  },
  { additionalProperties: false },
);

export const SyncStarted = Type.Object({ run_id: Uuid });
