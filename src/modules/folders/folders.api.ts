import { Type } from 'typebox';
import { Uuid } from '../../platform/http/schemas.js';

/** TypeBox schemas of the folders endpoints: validation, types and the OpenAPI document. */

export const Folder = Type.Object({
  id: Uuid,
  folder_id: Type.String({ format: 'uuid', description: 'Same as id' }),
  name: Type.String(),
  parent_id: Type.Union([Uuid, Type.Null()]),
  document_count: Type.Integer({ description: 'Documents directly in this folder' }),
  subfolder_count: Type.Integer({ description: 'Folders directly below this one' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
const Name = Type.String({ minLength: 1, maxLength: 200 });
export const CreateFolder = Type.Object({
  name: Name,
  parent_id: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'Parent folder; omitted or null for a root folder' })),
});
export const UpdateFolder = Type.Object({
  name: Type.Optional(Name),
  parent_id: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'Moves the folder; null moves it to the root' })),
});
export const ListQuery = Type.Object({
  parent_id: Type.Optional(
    Type.Union([Uuid, Type.Literal('null')], { description: 'Only the children of this folder; `null` for root folders; omitted for all' }),
  ),
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export const DeleteQuery = Type.Object({
  cascade: Type.Optional(Type.Boolean({ default: false, description: 'Delete a non-empty folder with its subfolders and (hard) their documents' })),
});
