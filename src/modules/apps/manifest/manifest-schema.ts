import { MANIFEST_PERMISSIONS } from '../../../platform/auth/app-permissions.js';
import { MANIFEST_LIMITS as L } from './limits.js';
import { SEMVER_PATTERN } from './semver.js';

export const JSON_SCHEMA_2020 = 'https://json-schema.org/draft/2020-12/schema';

const text = (maxLength: number, description: string) => ({ type: 'string', minLength: 1, maxLength, description });
const url = (description: string) => ({
  type: 'string',
  format: 'uri',
  maxLength: 2048,
  description: `${description} https only (http only for loopback hosts when the operator allows it, for development).`,
});

/**
 * The manifest format, version 1, as a JSON Schema (draft 2020-12): published at
 * GET /api/v1/app-platform/manifest-schema and used, as is, to validate every manifest. The rules a schema
 * cannot say (URL schemes, unique collection names, what a record schema may contain) are checked beside it
 * (validate-manifest.ts) and described in the `description`s.
 */
export function manifestSchema(publicBaseUrl: string) {
  return {
    $schema: JSON_SCHEMA_2020,
    $id: `${publicBaseUrl}/api/v1/app-platform/manifest-schema?manifest_version=1`,
    title: 'App manifest (manifest.json), version 1',
    description:
      'Describes a third-party app: identity, where it opens, what it may do, and the data it keeps. ' +
      `At most ${L.maxBytes} bytes and ${L.maxDepth} levels of nesting.`,
    type: 'object',
    additionalProperties: false,
    required: ['manifest_version', 'id', 'name', 'version', 'publisher', 'entry_url', 'permissions'],
    properties: {
      manifest_version: { const: 1, description: 'Version of this format.' },
      id: {
        type: 'string',
        maxLength: 200,
        pattern: '^[a-z][a-z0-9-]*(\\.[a-z0-9][a-z0-9-]*)+$',
        description: 'Stable reverse-DNS identifier (com.example.notes); a later version keeps it.',
      },
      name: text(100, 'Name shown to users.'),
      version: { type: 'string', maxLength: 64, pattern: SEMVER_PATTERN, description: 'Semantic version (semver.org); each import must be higher than the last.' },
      description: { type: 'string', maxLength: 2000 },
      publisher: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: text(200, 'Who publishes the app.'),
          url: url('Publisher web site.'),
          email: { type: 'string', format: 'email', maxLength: 320 },
        },
      },
      entry_url: url('Where the app opens; the launch token is added to it as the `launch_token` query parameter. Its origin is the only one CORS answers for the app.'),
      icon_url: url('Icon shown in the platform.'),
      permissions: {
        type: 'array',
        uniqueItems: true,
        maxItems: MANIFEST_PERMISSIONS.length,
        items: { enum: [...MANIFEST_PERMISSIONS] },
        description: 'What the app asks for; an admin grants all or a subset at install. An app token holds the granted ones its user\'s role allows.',
      },
      collections: {
        type: 'array',
        maxItems: L.maxCollections,
        description: 'App data collections (/api/v1/app-data/{name}/); names are unique.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'schema'],
          properties: {
            name: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$', description: 'Lower-case letters, digits and _.' },
            schema: {
              $ref: JSON_SCHEMA_2020,
              type: 'object',
              description:
                'JSON Schema (draft 2020-12) of one record. Its root has type "object". Only references inside the schema ' +
                '(#/...) and no cycles; no $id, $anchor or $dynamicRef; patterns (ECMAScript, u flag) run on a linear-time engine (RE2), ' +
                'so backreferences, lookahead, lookbehind and inline modifiers are refused; ' +
                `patterns of at most ${L.maxPatternLength} characters; at most ${L.maxRecordSchemaBytes} bytes, ${L.maxRecordSchemaDepth} levels ` +
                `and ${L.maxRefsPerRecordSchema} $ref.`,
            },
            indexes: {
              type: 'array',
              uniqueItems: true,
              maxItems: L.maxIndexesPerCollection,
              items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' },
              description: 'Top-level properties of the record (string, number, integer or boolean) that list filters may test for equality.',
            },
          },
        },
      },
      documents: {
        type: 'object',
        additionalProperties: false,
        required: ['enabled'],
        properties: {
          enabled: { type: 'boolean' },
          max_versions: { type: 'integer', minimum: 1, maximum: L.maxDocumentVersions, default: L.defaultDocumentVersions, description: 'Versions kept per rich document (oldest dropped).' },
        },
      },
      assets: {
        type: 'object',
        additionalProperties: false,
        required: ['max_file_bytes', 'max_total_bytes', 'allowed_mime_types'],
        properties: {
          max_file_bytes: { type: 'integer', minimum: 1, maximum: L.maxAssetFileBytes },
          max_total_bytes: { type: 'integer', minimum: 1, maximum: L.maxAssetTotalBytes, description: 'At least max_file_bytes.' },
          allowed_mime_types: {
            type: 'array',
            minItems: 1,
            maxItems: L.maxMimeTypes,
            uniqueItems: true,
            items: { type: 'string', pattern: '^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}/([a-z0-9][a-z0-9!#$&^_.+-]{0,126}|\\*)$' },
            description: 'type/subtype, or type/* (checked against the file\'s content, not only its declared type).',
          },
        },
      },
    },
  } as const;
}
