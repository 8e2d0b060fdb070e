import type { TSchema } from 'typebox';

/**
 * Secret response fields. A field that carries a credential (an API key, a token, a client secret, a URL with a
 * token in it) is declared `Secret(Type.String(…))` in its response schema. The annotation is the keyword
 * `x-secret: true`, which OpenAPI shows and serialization ignores; the idempotency store redacts every field so
 * marked before it keeps a response (platform/idempotency/README.md), and test/security/secret-fields.test.ts fails
 * for a response field that looks like a credential and is not marked.
 */
export const SECRET_KEYWORD = 'x-secret';

/** What a redacted field holds in a replay: a string, so every schema that accepts the secret accepts it. */
export const REDACTED = '[redacted]';

/** The same schema marked secret (TypeBox's hidden kind markers kept). Wrap before `Type.Optional`. */
export function Secret<T extends TSchema>(schema: T): T {
  const copy: object = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema));
  return Object.assign(copy, { [SECRET_KEYWORD]: true }) as unknown as T;
}

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a schema marks any field secret anywhere inside it; `unknown` when it refers ($ref) to a schema not at hand. */
export function holdsSecrets(schema: unknown): boolean | 'unknown' {
  if (!isSchema(schema)) return false;
  if (schema[SECRET_KEYWORD] === true) return true;
  if (typeof schema.$ref === 'string') return 'unknown';
  let unknown = false;
  for (const child of children(schema)) {
    const found = holdsSecrets(child);
    if (found === true) return true;
    if (found === 'unknown') unknown = true;
  }
  return unknown ? 'unknown' : false;
}

/**
 * A parsed JSON body with every value the schema marks secret replaced by `REDACTED` (a null stays null: it holds
 * no secret), and the paths replaced (`key`, `items.0.client_secret`). A union redacts what any branch marks.
 */
export function redactSecrets(value: unknown, schema: unknown): { value: unknown; redacted: string[] } {
  const redacted: string[] = [];
  const result = redact(value, schema, '', redacted);
  return { value: result, redacted: [...new Set(redacted)] };
}

function redact(value: unknown, schema: unknown, path: string, redacted: string[]): unknown {
  if (!isSchema(schema) || value === null || value === undefined) return value;
  if (schema[SECRET_KEYWORD] === true) {
    redacted.push(path || '.');
    return REDACTED;
  }
  let result: unknown = value;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) for (const branch of schema[key]) result = redact(result, branch, path, redacted);
  }
  const at = (name: string | number) => (path ? `${path}.${name}` : String(name));
  if (Array.isArray(result)) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    return result.map((item, i) => redact(item, i < prefix.length ? prefix[i] : schema.items, at(i), redacted));
  }
  if (typeof result === 'object' && result !== null) {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const patterns = isSchema(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    return Object.fromEntries(
      Object.entries(result).map(([name, child]) => {
        const schemas = Object.hasOwn(properties, name)
          ? [properties[name]]
          : [...patterns.filter(([pattern]) => new RegExp(pattern, 'u').test(name)).map(([, s]) => s), schema.additionalProperties];
        return [name, schemas.reduce((acc, s) => redact(acc, s, at(name), redacted), child)];
      }),
    );
  }
  return result;
}

/** The sub-schemas a schema holds: properties, items, union branches, additional and pattern properties. */
function children(schema: Schema): unknown[] {
  const out: unknown[] = [];
  if (isSchema(schema.properties)) out.push(...Object.values(schema.properties));
  if (isSchema(schema.patternProperties)) out.push(...Object.values(schema.patternProperties));
  if (isSchema(schema.additionalProperties)) out.push(schema.additionalProperties);
  if (isSchema(schema.items)) out.push(schema.items);
  if (Array.isArray(schema.prefixItems)) out.push(...schema.prefixItems);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(schema[key])) out.push(...schema[key]);
  return out;
}

/** A declared response: the schema itself, or OpenAPI's `{ content: { 'application/json': { schema } } }` form. */
function bodySchema(declared: unknown): unknown {
  if (!isSchema(declared) || !isSchema(declared.content)) return declared;
  const media = declared.content['application/json'] ?? Object.values(declared.content)[0];
  return isSchema(media) ? media.schema : undefined;
}

/** The schema a route declared for one status (`201`, then `2xx`, then `default`); undefined when none. */
export function responseSchemaFor(responses: unknown, status: number): unknown {
  if (!isSchema(responses)) return undefined;
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
  return bodySchema(declared);
}

/** Every success (2xx) schema a route declared. */
export function successSchemas(responses: unknown): unknown[] {
  if (!isSchema(responses)) return [];
  return Object.entries(responses)
    .filter(([status]) => /^2(\d\d|xx)$/i.test(status) || status === 'default')
    .map(([, declared]) => bodySchema(declared))
    .filter((schema) => schema !== undefined);
}
