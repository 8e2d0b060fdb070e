/** Caps of the manifest format (v1); the manifest schema and the checks beside it both read them. */
export const MANIFEST_LIMITS = {
  /** The whole manifest, serialized as JSON. */
  maxBytes: 256 * 1024,
  /** Nesting of the whole manifest (objects and arrays). */
  maxDepth: 48,
  maxCollections: 32,
  maxIndexesPerCollection: 8,
  /** One collection's record schema, serialized. */
  maxRecordSchemaBytes: 32 * 1024,
  /** Nesting of one record schema, counted from the schema itself. */
  maxRecordSchemaDepth: 32,
  maxRefsPerRecordSchema: 64,
  maxPatternLength: 256,
  maxDocumentVersions: 1000,
  defaultDocumentVersions: 50,
  /** An asset file can never exceed what the upload path accepts (UPLOAD_MAX_BYTES default). */
  maxAssetFileBytes: 100 * 1024 * 1024,
  maxAssetTotalBytes: 10 * 1024 * 1024 * 1024,
  maxMimeTypes: 64,
} as const;
