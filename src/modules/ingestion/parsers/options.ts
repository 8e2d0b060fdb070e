/** Knobs shared by every extractor. All optional: the defaults are the production limits. */
export interface ParseOptions {
  /** Original file name; only used in messages and metadata. */
  filename?: string;
  /** HTTP Content-Type of the upload; its `charset` parameter is honoured for text formats. */
  contentType?: string;
  /** XLSX: refuse workbooks with more cells than this (checked while reading, before memory runs out). */
  maxCells?: number;
  /** Refuse documents whose extracted text exceeds this many characters (XLSX/CSV can expand enormously). */
  maxChars?: number;
  /** DOCX/XLSX: refuse archives whose declared uncompressed total exceeds this many bytes. */
  maxUncompressedBytes?: number;
  /** CSV/XLSX: rows per table block, so one block (and the chunks built from it) stays bounded. */
  rowsPerBlock?: number;
}

export const DEFAULT_MAX_CELLS = 2_000_000;
/** Above the 56 M characters of the largest real workbook we must accept (sheetjs large_strings). */
export const DEFAULT_MAX_CHARS = 100_000_000;
export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 500 * 1024 * 1024;
export const DEFAULT_ROWS_PER_BLOCK = 200;
/** A table block is also closed once its text reaches this size, whatever the row count. */
export const MAX_TABLE_BLOCK_CHARS = 32_000;
