import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { escapePointer, jsonBytes, resolveLocalRef, shapeOf } from './json-shape.js';
import { linearRegExp, toLinearRegExp } from './linear-regexp.js';
import { MANIFEST_LIMITS as L } from './limits.js';
import { JSON_SCHEMA_2020 } from './manifest-schema.js';

/** One problem of a manifest: where (a JSON pointer into the manifest) and what. */
export interface ManifestIssue {
  path: string;
  message: string;
}

/** Keywords whose value is one schema, an array of schemas, or a map of name → schema (draft 2020-12). */
const ONE_SCHEMA = ['items', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not', 'unevaluatedItems', 'unevaluatedProperties'];
const SCHEMA_ARRAY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
/**
 * Identifiers that make a reference mean something outside the JSON pointer a reader sees (or a network
 * fetch): refused, so that every `$ref` is a plain pointer into the same schema.
 */
const FORBIDDEN = ['$id', '$anchor', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor'];
/** Every other keyword of draft 2020-12 (validation, applicators, annotations, content, formats). */
const KNOWN = new Set([
  ...ONE_SCHEMA, ...SCHEMA_ARRAY, ...SCHEMA_MAP, ...FORBIDDEN,
  '$schema', '$ref', '$defs', '$comment', '$vocabulary',
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains',
  'maxProperties', 'minProperties', 'required', 'dependentRequired',
  'title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples',
  'format', 'contentEncoding', 'contentMediaType', 'contentSchema',
]);

interface SchemaNode {
  value: Record<string, unknown>;
  /** Pointer relative to the record schema's root. */
  at: string;
}

/** Every subschema (object form) of a schema, with its pointer; boolean schemas have nothing to check. */
function subschemas(root: Record<string, unknown>): SchemaNode[] {
  const out: SchemaNode[] = [];
  const stack: SchemaNode[] = [{ value: root, at: '' }];
  const push = (value: unknown, at: string) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) stack.push({ value: value as Record<string, unknown>, at });
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    for (const [key, child] of Object.entries(node.value)) {
      const at = `${node.at}/${escapePointer(key)}`;
      if (ONE_SCHEMA.includes(key)) push(child, at);
      else if (SCHEMA_ARRAY.includes(key) && Array.isArray(child)) child.forEach((c, i) => push(c, `${at}/${i}`));
      else if (SCHEMA_MAP.includes(key) && child && typeof child === 'object') {
        for (const [name, c] of Object.entries(child)) push(c, `${at}/${escapePointer(name)}`);
      }
    }
  }
  return out;
}

/**
 * Why a record schema's regular expression cannot be used, or null. JSON Schema patterns run on every record
 * write; they run on RE2 (linear time whatever the pattern), so what RE2 cannot do is refused here, at import,
 * rather than when the schema is compiled.
 */
export function patternProblem(source: string): string | null {
  if (source.length > L.maxPatternLength) return `is longer than ${L.maxPatternLength} characters`;
  try {
    new RegExp(source, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  return toLinearRegExp(source).problem ?? null;
}

/**
 * Checks what draft 2020-12 allows but a record schema must not have, for a schema that already passed the
 * meta-schema. `base` is the schema's pointer inside the manifest; every issue's path starts with it.
 */
export function recordSchemaIssues(schema: Record<string, unknown>, base: string): ManifestIssue[] {
  const issue = (at: string, message: string): ManifestIssue => ({ path: `${base}${at}`, message });
  const bytes = jsonBytes(schema);
  if (bytes > L.maxRecordSchemaBytes) return [issue('', `record schema is ${bytes} bytes; at most ${L.maxRecordSchemaBytes}`)];
  if (shapeOf(schema, L.maxRecordSchemaDepth).depth > L.maxRecordSchemaDepth) {
    return [issue('', `record schema nests deeper than ${L.maxRecordSchemaDepth} levels`)];
  }
  const issues: ManifestIssue[] = [];
  if (schema.type !== 'object') issues.push(issue('/type', 'the root of a record schema must have type "object" (a record is a JSON object)'));
  const refs: { at: string; target: string }[] = [];
  for (const node of subschemas(schema)) {
    for (const keyword of Object.keys(node.value)) {
      const at = `${node.at}/${escapePointer(keyword)}`;
      if (FORBIDDEN.includes(keyword)) issues.push(issue(at, `${keyword} is not allowed in a record schema`));
      else if (!KNOWN.has(keyword)) issues.push(issue(at, `unknown keyword "${keyword}" (a typo would silently check nothing)`));
    }
    if (Object.hasOwn(node.value, '$schema') && (node.at !== '' || node.value.$schema !== JSON_SCHEMA_2020)) {
      issues.push(issue(`${node.at}/$schema`, `$schema may only be "${JSON_SCHEMA_2020}", at the root`));
    }
    if (typeof node.value.pattern === 'string') {
      const problem = patternProblem(node.value.pattern);
      if (problem) issues.push(issue(`${node.at}/pattern`, `pattern ${problem}`));
    }
    if (node.value.patternProperties && typeof node.value.patternProperties === 'object') {
      for (const key of Object.keys(node.value.patternProperties)) {
        const problem = patternProblem(key);
        if (problem) issues.push(issue(`${node.at}/patternProperties/${escapePointer(key)}`, `pattern ${problem}`));
      }
    }
    if (typeof node.value.$ref === 'string') {
      const ref = node.value.$ref;
      const resolved = resolveLocalRef(schema, ref);
      if (!ref.startsWith('#')) issues.push(issue(`${node.at}/$ref`, 'only references inside this schema (#/...) are allowed; remote $ref is not'));
      else if (!resolved.found) issues.push(issue(`${node.at}/$ref`, `${ref} does not point at anything in this schema`));
      else refs.push({ at: node.at, target: resolved.at });
    }
  }
  if (refs.length > L.maxRefsPerRecordSchema) issues.push(issue('', `record schema has ${refs.length} $ref; at most ${L.maxRefsPerRecordSchema}`));
  else {
    const cycle = findRefCycle(refs);
    if (cycle) issues.push(issue(`${cycle.at}/$ref`, `$ref cycle: ${cycle.description} (recursive record schemas are not supported)`));
  }
  return issues;
}

/**
 * A reference is followed into its target's subtree, where further references may lead on. A chain that
 * comes back to a reference already on it is a cycle, which would make validation recurse without end.
 */
function findRefCycle(refs: { at: string; target: string }[]): { at: string; description: string } | null {
  const inside = (at: string, subtree: string) => at === subtree || at.startsWith(`${subtree}/`);
  const next = refs.map((r) => refs.map((s, j) => (inside(s.at, r.target) ? j : -1)).filter((j) => j >= 0));
  const state = new Array<0 | 1 | 2>(refs.length).fill(0); // unvisited, on the path, done
  for (let start = 0; start < refs.length; start++) {
    if (state[start] !== 0) continue;
    const path: { node: number; edge: number }[] = [{ node: start, edge: 0 }];
    state[start] = 1;
    while (path.length > 0) {
      const top = path[path.length - 1];
      if (top.edge >= next[top.node].length) {
        state[top.node] = 2;
        path.pop();
        continue;
      }
      const to = next[top.node][top.edge++];
      if (state[to] === 1) {
        const loop = path.slice(path.findIndex((p) => p.node === to)).map((p) => `#${refs[p.node].target}`);
        return { at: refs[to].at, description: `${[...loop, loop[0]].join(' → ')}` };
      }
      if (state[to] === 0) {
        state[to] = 1;
        path.push({ node: to, edge: 0 });
      }
    }
  }
  return null;
}

/**
 * A validator of records, compiled from a record schema that passed `recordSchemaIssues`. Strict (unknown
 * keywords and formats are errors), every error reported, no remote loading, no `$data`, no coercion.
 * Every `pattern` and `patternProperties` key runs on RE2 (`code.regExp`). `allowMatchingProperties` is on
 * because Ajv's strict check of a property name against `patternProperties` uses JavaScript's backtracking
 * engine while compiling (a property matched by a pattern is legal JSON Schema: both subschemas apply).
 */
function newRecordAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowMatchingProperties: true,
    code: { regExp: linearRegExp },
    logger: false,
  });
  addFormats.default(ajv);
  return ajv;
}

const compiler = newRecordAjv();

/**
 * Compiles a checked record schema into a validator, or says why Ajv refuses it. Ajv caches compiled
 * schemas by identity; the schema is dropped from its cache at once so that validating many manifests
 * does not grow it (callers that validate records keep their own cache, keyed by app version).
 */
export function compileRecordSchema(schema: Record<string, unknown>): { validate: ValidateFunction } | { error: string } {
  try {
    const validate = compiler.compile(schema);
    return { validate };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    compiler.removeSchema(schema);
  }
}
