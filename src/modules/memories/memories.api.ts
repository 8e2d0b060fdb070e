import { Type } from 'typebox';
import { Uuid } from '../../platform/http/schemas.js';

/** TypeBox schemas of the memories endpoints: validation, types and the OpenAPI document. */

export const Memory = Type.Object({
  id: Uuid,
  memory_id: Type.String({ format: 'uuid', description: 'Same as id' }),
  name: Type.String(),
  description: Type.String(),
  document_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export const CreateMemory = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const UpdateMemory = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const DeleteQuery = Type.Object({
  cascade: Type.Optional(Type.Boolean({ default: false, description: 'Also hard-delete the documents of the memory (irreversible); otherwise they are detached' })),
});
