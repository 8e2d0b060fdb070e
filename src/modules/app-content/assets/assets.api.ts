import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../../platform/http/schemas.js';

const installationId = (description: string) => Type.Optional(Type.String({ format: 'uuid', description }));

export const AssetParams = Type.Object({ asset_id: Uuid });

export const UploadQuery = Type.Object({
  installation_id: installationId('The installation the file belongs to. Required of users and API keys; an app token uses its own.'),
});

export const UploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: "The file: at most the manifest's max_file_bytes, of a type among its allowed_mime_types (judged on the bytes)" }),
});

export const ListAssetsQuery = defaultsOptional(
  Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    installation_id: installationId("Users and API keys: only this installation's files (all of the tenant's otherwise)"),
  }),
);

export const AttachBody = Type.Object(
  {
    collection: Type.Optional(Type.String({ minLength: 1, maxLength: 63 })),
    record_id: Type.Optional(Uuid),
    rich_document_id: Type.Optional(Uuid),
  },
  { description: 'Either {collection, record_id} (a record of the same installation) or {rich_document_id}' },
);

const Attachment = Type.Object(
  { collection: Type.Optional(Type.String()), record_id: Type.Optional(Uuid), rich_document_id: Type.Optional(Uuid) },
  { description: 'A record ({collection, record_id}) or a rich document ({rich_document_id})' },
);

export const Asset = Type.Object({
  id: Uuid,
  installation_id: Uuid,
  filename: Type.String(),
  mime_type: Type.String({ description: 'What the bytes are (magic numbers), whatever the client declared' }),
  declared_type: Type.Union([Type.String(), Type.Null()], { description: 'The Content-Type the client sent with the file' }),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  created_by: Type.Union([Uuid, Type.Null()]),
  attachments: Type.Array(Attachment),
});

export const AssetList = Type.Object({ items: Type.Array(Asset), total: Type.Integer(), skip: Type.Integer(), limit: Type.Integer() });
