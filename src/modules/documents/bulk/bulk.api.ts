import { Type } from 'typebox';
import { Uuid } from '../../../platform/http/schemas.js';
import { MAX_BULK_FILES } from './bulk.service.js';

/** TypeBox schemas of the bulk-upload endpoints: validation, types and the OpenAPI document. */

export const BatchParams = Type.Object({ batch_id: Uuid });
export const Counts = Type.Object({
  batch_id: Uuid,
  total: Type.Integer(),
  pending: Type.Integer(),
  parsing: Type.Integer(),
  indexing: Type.Integer(),
  indexed: Type.Integer(),
  errored: Type.Integer(),
  done: Type.Boolean({ description: 'Every document is indexed or errored' }),
});
export const BulkUploadResponse = Type.Object({
  batch_id: Uuid,
  total: Type.Integer({ description: 'Documents accepted into the batch' }),
  documents: Type.Array(Type.Object({ document_id: Uuid, filename: Type.String(), status: Type.String() })),
  rejected: Type.Array(Type.Object({ filename: Type.String(), detail: Type.String() }), { description: 'Files refused one by one (format, size)' }),
});
export const BulkUploadBody = Type.Object({
  files: Type.Array(Type.String({ format: 'binary' }), { maxItems: MAX_BULK_FILES, description: `Up to ${MAX_BULK_FILES} files, as repeated parts` }),
  memory_id: Type.Optional(Uuid),
  folder_id: Type.Optional(Uuid),
  tags: Type.Optional(Type.String({ description: 'Repeated, comma-separated or a JSON array' })),
});
