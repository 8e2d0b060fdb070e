import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../../platform/http/schemas.js';

const Timestamp = Type.String({ format: 'date-time' });

const InstallationQuery = Type.Optional(
  Type.String({
    format: 'uuid',
    description: 'The installation whose data to use. Required of users and API keys (tenant admins); an app token uses its own and needs none.',
  }),
);

export const CollectionParams = Type.Object({
  collection: Type.String({ minLength: 1, maxLength: 63, description: "A collection declared in the app's manifest" }),
});
export const RecordParams = Type.Object({ ...CollectionParams.properties, record_id: Uuid });

export const InstallationOnlyQuery = Type.Object({ installation_id: InstallationQuery });

/** `filter[field]=value` keys, one per declared index; the value is read by the field's type in the record schema. */
const FILTER_KEY = '^filter\\[[A-Za-z_][A-Za-z0-9_]{0,62}\\]$';

export const ListRecordsQuery = defaultsOptional(
  Type.Object(
    {
      skip: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
      sort: Type.String({ default: 'created_at', maxLength: 63, description: '`created_at`, `updated_at`, or one of the collection\'s declared indexes' }),
      order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
      installation_id: InstallationQuery,
    },
    { patternProperties: { [FILTER_KEY]: Type.String({ maxLength: 1000 }) } },
  ),
);

const RecordData = Type.Unknown({ description: "The record: a JSON object matching the collection's schema" });

export const CreateRecordBody = Type.Object({ data: RecordData });

const VersionField = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version this write is based on (or send `If-Match: "<version>"`); a stale one is 409' }),
);
export const ReplaceRecordBody = Type.Object({ data: RecordData, version: VersionField });
export const PatchRecordBody = Type.Object({
  data: Type.Unknown({ description: 'A JSON merge patch (RFC 7386) of the record: members replace, `null` removes; the result is validated' }),
  version: VersionField,
});

export const AppRecord = Type.Object({
  id: Uuid,
  collection: Type.String(),
  installation_id: Uuid,
  data: Type.Unknown({ description: 'The record as stored' }),
  version: Type.Integer({ description: 'Counts writes; send it back (or as If-Match) to update optimistically' }),
  created_at: Timestamp,
  updated_at: Timestamp,
  created_by: Type.Union([Uuid, Type.Null()], { description: 'The user who created it (an app acts for its user); null for an API key' }),
  asset_ids: Type.Array(Uuid, { description: 'Assets attached to this record (POST /api/v1/app-assets/{id}/attach)' }),
});

export const RecordConflict = Type.Object({
  detail: Type.String(),
  code: Type.String(),
  current: AppRecord,
});

export const RecordList = Type.Object({
  items: Type.Array(AppRecord),
  total: Type.Integer(),
  skip: Type.Integer(),
  limit: Type.Integer(),
});
