import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    removeAdditional: 'all', // unknown fields are dropped, never applied (a body's tenant_id changes nothing)
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    allErrors: false,
    strict: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  return ajv;
}

const textParts = makeAjv(true);
const bodies = makeAjv(false);

/**
 * Query strings, path parameters and headers arrive as text, so they are coerced to the schema's types;
 * JSON bodies are typed already, so a wrong type there is a 422, never silently converted.
 */
export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodies : textParts).compile(schema as object) as ReturnType<FastifySchemaCompiler<any>>;
