import { Ajv, type ErrorObject } from 'ajv';
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
    verbose: true, // errors carry the failing schema and value, which the enum messages below name
  });
  addFormats(ajv);
  return ajv;
}

const textParts = makeAjv(true);
const bodies = makeAjv(false);

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Query strings, path parameters and headers arrive as text, so they are coerced to the schema's types;
 * JSON bodies are typed already, so a wrong type there is a 422, never silently converted.
 */
export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart, contentType }) => {
  // A multipart body is streamed and read by the route's HTTP adapter (`*.http.ts`), which checks its parts;
  // its schema (`body: { content: { 'multipart/form-data': … } }`) only documents them.
  if (httpPart === 'body' && contentType?.startsWith('multipart/')) return (() => true) as ReturnType<FastifySchemaCompiler<any>>;
  const compiled = (httpPart === 'body' ? bodies : textParts).compile(schema as object);
  const validate: Validate = (data) => {
    const valid = compiled(data);
    validate.errors = valid ? null : explainEnums(compiled.errors ?? []);
    return valid;
  };
  return validate as ReturnType<FastifySchemaCompiler<any>>;
};

/** The values a schema admits when it is a literal (`const`, `enum` or `null`); undefined otherwise. */
function literalValues(schema: unknown): unknown[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as Record<string, unknown>;
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return s.enum;
  if (s.type === 'null') return [null];
  if (Array.isArray(s.anyOf)) {
    const nested = s.anyOf.map(literalValues);
    return nested.every((v) => v !== undefined) ? nested.flat() : undefined;
  }
  return undefined;
}

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

function enumIssue(base: ErrorObject, allowed: unknown[], got: unknown): ErrorObject {
  return {
    instancePath: base.instancePath,
    schemaPath: base.schemaPath,
    keyword: 'enum',
    params: { allowedValues: allowed },
    message: `must be one of ${allowed.map(show).join(', ')}; got ${show(got)}`,
  };
}

/**
 * A union of literals fails with one "must be equal to constant" per literal (thirteen for a scope),
 * and a plain enum with "must be equal to one of the allowed values": both become one issue that
 * names the value sent and the values allowed.
 */
function explainEnums(errors: ErrorObject[]): ErrorObject[] {
  const unions = new Map<ErrorObject, unknown[]>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf' || !Array.isArray(error.schema)) continue;
    const allowed = literalValues({ anyOf: error.schema });
    if (allowed) unions.set(error, allowed);
  }
  const inUnion = (error: ErrorObject) => [...unions.keys()].some((u) => error.schemaPath.startsWith(`${u.schemaPath}/`));
  const out: ErrorObject[] = [];
  for (const error of errors) {
    if (inUnion(error)) continue; // one line per failed literal (or nested union): said once by the union
    const allowed = unions.get(error);
    if (allowed) out.push(enumIssue(error, allowed, error.data));
    else if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) out.push(enumIssue(error, error.params.allowedValues, error.data));
    else out.push(error);
  }
  return out;
}
