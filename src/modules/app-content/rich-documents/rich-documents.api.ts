import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../../platform/http/schemas.js';
import { MARK_TYPES, NODE_TYPES, RICH_LIMITS } from './node-tree.js';

const Timestamp = Type.String({ format: 'date-time' });
const Version = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description });
const Title = Type.String({ minLength: 1, maxLength: 300, description: 'Shown in lists; `search` matches it' });

const Content = Type.Unknown({
  description:
    `A ProseMirror-style node tree: {"type": "doc", "content": [...]}. Node types: ${NODE_TYPES.join(', ')}; marks: ${MARK_TYPES.join(', ')}. ` +
    `At most ${RICH_LIMITS.maxDepth} levels, ${RICH_LIMITS.maxNodes} nodes and ${RICH_LIMITS.maxBytes} bytes; images point to https URLs or asset:<asset id>.`,
});

const installationId = (description: string) => Type.String({ format: 'uuid', description });

export const DocumentParams = Type.Object({ document_id: Uuid });
export const VersionParams = Type.Object({ document_id: Uuid, version: Version('A version number') });

export const CreateDocumentBody = Type.Object({ title: Title, content: Content, installation_id: Type.Optional(installationId('The installation the document belongs to. Required of users and API keys; an app token uses its own.')) });
export const UpdateDocumentBody = Type.Object({
  title: Type.Optional(Title),
  content: Content,
  base_version: Version('The version this edit starts from; if it is no longer the current one: 409 with `current`'),
});
export const RestoreBody = Type.Object({
  base_version: Type.Optional(Version('When given, the restore happens only if this is still the current version (409 otherwise)')),
});

export const ListDocumentsQuery = defaultsOptional(
  Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the title (case-insensitive)' })),
    installation_id: Type.Optional(installationId("Users and API keys: only this installation's documents (all of the tenant's otherwise)")),
  }),
);
export const VersionsQuery = defaultsOptional(
  Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  }),
);

const Summary = {
  id: Uuid,
  installation_id: Uuid,
  title: Type.String(),
  version: Type.Integer({ description: 'The current version' }),
  created_at: Timestamp,
  updated_at: Timestamp,
  created_by: Type.Union([Uuid, Type.Null()]),
  indexed_document_id: Type.Union([Uuid, Type.Null()], { description: 'The searchable plain-text copy in /api/v1/documents, when the tenant indexes rich documents' }),
};
export const RichDocumentSummary = Type.Object(Summary);
export const RichDocument = Type.Object({
  ...Summary,
  content: Type.Unknown({ description: 'The node tree of the current version' }),
  asset_ids: Type.Array(Uuid, { description: 'Assets attached to the document' }),
});
export const DocumentConflict = Type.Object({ detail: Type.String(), code: Type.String(), current: RichDocument });

const VersionFields = {
  version: Type.Integer(),
  title: Type.String(),
  size_bytes: Type.Integer(),
  restored_from: Type.Union([Type.Integer(), Type.Null()], { description: 'The version this one restored' }),
  created_by: Type.Union([Uuid, Type.Null()]),
  created_at: Timestamp,
};
export const VersionSummary = Type.Object(VersionFields);
export const VersionDetail = Type.Object({ ...VersionFields, document_id: Uuid, content: Type.Unknown() });

export const SearchSettings = Type.Object({
  index_in_search: Type.Boolean({
    description: 'Rich documents are copied as plain text into the tenant\'s documents (tagged `rich-document` and `app:<manifest id>`), so search and chat find them',
  }),
});
