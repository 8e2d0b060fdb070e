import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ManifestPermission } from '../../../platform/auth/app-permissions.js';
import { escapePointer, jsonBytes, pointer, shapeOf } from './json-shape.js';
import { MANIFEST_LIMITS as L } from './limits.js';
import { manifestSchema } from './manifest-schema.js';
import { compileRecordSchema, recordSchemaIssues, type ManifestIssue } from './record-schema.js';
import { urlProblem, type UrlPolicy } from './urls.js';

/** A manifest that passed validation (field names as in manifest.json). */
export interface Manifest {
  manifest_version: 1;
  id: string;
  name: string;
  version: string;
  description?: string;
  publisher: { name: string; url?: string; email?: string };
  entry_url: string;
  icon_url?: string;
  permissions: ManifestPermission[];
  collections?: { name: string; schema: Record<string, unknown>; indexes?: string[] }[];
  documents?: { enabled: boolean; max_versions?: number };
  assets?: { max_file_bytes: number; max_total_bytes: number; allowed_mime_types: string[] };
}

type ManifestVerdict = { valid: true; errors: []; manifest: Manifest } | { valid: false; errors: ManifestIssue[] };

export interface ManifestValidator {
  /** The published JSON Schema (GET /api/v1/app-platform/manifest-schema). */
  readonly schema: ReturnType<typeof manifestSchema>;
  /** Every problem of `value` with its JSON pointer, or the manifest. Never throws on any JSON input. */
  validate(value: unknown): ManifestVerdict;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** What our own patterns mean, said in words rather than as a regular expression. */
const PATTERN_MEANING: Record<string, string> = {
  '/id': 'must be a lower-case reverse-DNS identifier like com.example.notes',
  '/version': 'must be a semantic version like 1.2.3 or 2.0.0-beta.1',
  collection: 'must start with a lower-case letter and hold only lower-case letters, digits and _ (at most 63)',
};

/** Ajv's errors as pointers a developer can follow: a missing or extra property is named in the path. */
function fromAjv(errors: ErrorObject[]): ManifestIssue[] {
  return errors.map((e) => {
    if (e.keyword === 'required') return { path: `${e.instancePath}/${escapePointer(String(e.params.missingProperty))}`, message: 'is required' };
    if (e.keyword === 'additionalProperties') {
      return { path: `${e.instancePath}/${escapePointer(String(e.params.additionalProperty))}`, message: 'is not a property of this object' };
    }
    if (e.keyword === 'enum') return { path: e.instancePath, message: `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}` };
    if (e.keyword === 'const') return { path: e.instancePath, message: `must be ${JSON.stringify(e.params.allowedValue)}` };
    if (e.keyword === 'pattern' && PATTERN_MEANING[e.instancePath]) return { path: e.instancePath, message: PATTERN_MEANING[e.instancePath] };
    if (e.keyword === 'pattern' && /^\/collections\/\d+\/name$/.test(e.instancePath)) return { path: e.instancePath, message: PATTERN_MEANING.collection };
    return { path: e.instancePath, message: e.message ?? `fails ${e.keyword}` };
  });
}

function dedupe(issues: ManifestIssue[]): ManifestIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\n${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Rules a JSON Schema cannot say, on a manifest whose structure already passed it (or parts that did). */
function semanticIssues(m: Record<string, any>, failed: (path: string) => boolean, urls: UrlPolicy): ManifestIssue[] {
  const issues: ManifestIssue[] = [];
  const checkUrl = (value: unknown, path: string) => {
    if (typeof value !== 'string' || failed(path)) return;
    const problem = urlProblem(value, urls);
    if (problem) issues.push({ path, message: problem });
  };
  checkUrl(m.entry_url, '/entry_url');
  checkUrl(m.icon_url, '/icon_url');
  checkUrl(m.publisher?.url, '/publisher/url');

  if (Array.isArray(m.collections)) {
    const firstByName = new Map<string, number>();
    m.collections.forEach((c: any, i: number) => {
      if (!c || typeof c !== 'object') return;
      if (typeof c.name === 'string') {
        const first = firstByName.get(c.name);
        if (first !== undefined) issues.push({ path: pointer('collections', i, 'name'), message: `duplicate collection name "${c.name}" (first at /collections/${first}/name)` });
        else firstByName.set(c.name, i);
      }
      const schemaPath = pointer('collections', i, 'schema');
      if (!c.schema || typeof c.schema !== 'object' || Array.isArray(c.schema)) return;
      const found = recordSchemaIssues(c.schema, schemaPath);
      issues.push(...found);
      // Compiled only once it is known to be small, shallow, local, acyclic and well-formed.
      if (found.length === 0 && !failed(schemaPath)) {
        const compiled = compileRecordSchema(c.schema);
        if ('error' in compiled) issues.push({ path: schemaPath, message: `record schema does not compile: ${compiled.error}` });
      }
      if (Array.isArray(c.indexes)) {
        c.indexes.forEach((field: unknown, j: number) => {
          if (typeof field !== 'string') return;
          const property = c.schema.properties?.[field];
          const types = [property?.type].flat();
          if (!property || typeof property !== 'object' || !types.every((t) => SCALAR_TYPES.has(t)) || types.length === 0) {
            issues.push({ path: pointer('collections', i, 'indexes', j), message: `"${field}" must be a top-level property of the record schema with a string, number, integer or boolean type` });
          }
        });
      }
    });
  }
  const a = m.assets;
  if (a && Number.isInteger(a.max_file_bytes) && Number.isInteger(a.max_total_bytes) && a.max_total_bytes < a.max_file_bytes) {
    issues.push({ path: '/assets/max_total_bytes', message: 'must be at least max_file_bytes' });
  }
  return issues;
}

/**
 * Validates untrusted manifests: the shape first (size, depth, prototype keys) without recursion, so that
 * nothing below can be made to overflow the stack; then the published schema, with every error; then the
 * rules beside it. Record schemas are compiled as a last check, each one only once it is known to be small,
 * shallow, local and acyclic.
 */
export function createManifestValidator(options: { publicBaseUrl: string } & UrlPolicy): ManifestValidator {
  const schema = manifestSchema(options.publicBaseUrl);
  const ajv = new Ajv2020({ allErrors: true, strict: true, logger: false });
  addFormats.default(ajv);
  const check = ajv.compile(schema);

  function validate(value: unknown): ManifestVerdict {
    const shape = shapeOf(value, L.maxDepth);
    if (shape.depth > L.maxDepth) return { valid: false, errors: [{ path: '', message: `the manifest nests deeper than ${L.maxDepth} levels` }] };
    if (shape.protoKey !== null) return { valid: false, errors: [{ path: shape.protoKey, message: '__proto__ is not allowed as a property name' }] };
    if (shape.badText !== null) {
      return { valid: false, errors: [{ path: shape.badText, message: 'text must not contain NUL (\\u0000) characters or unpaired surrogates' }] };
    }
    const bytes = jsonBytes(value);
    if (bytes > L.maxBytes) return { valid: false, errors: [{ path: '', message: `the manifest is ${bytes} bytes; at most ${L.maxBytes}` }] };
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { valid: false, errors: [{ path: '', message: 'must be a JSON object' }] };

    const structural = check(value) ? [] : fromAjv(check.errors ?? []);
    const failedAt = new Set(structural.map((e) => e.path));
    const failed = (path: string) => [...failedAt].some((p) => p === path || p.startsWith(`${path}/`));
    const errors = dedupe([...structural, ...semanticIssues(value as Record<string, unknown>, failed, options)]);
    if (errors.length > 0) return { valid: false, errors };
    return { valid: true, errors: [], manifest: value as Manifest };
  }

  return { schema, validate };
}
