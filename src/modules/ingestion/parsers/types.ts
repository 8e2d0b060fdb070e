/** The eight accepted upload formats (SPEC "Accepted upload formats"). */
export type DocumentFormat = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'txt' | 'md' | 'mdx' | 'html';

/** Where a block sits in its source, so chunks can cite page, sheet and heading path. */
interface BlockPlace {
  page?: number; // 1-based PDF page
  sheet?: string; // XLSX sheet name
}

/**
 * One structural unit of extracted content. `text` is always the plain-text rendering that gets chunked
 * and searched; tables also keep their cells so the viewer can render them as tables.
 */
export type Block =
  | (BlockPlace & { kind: 'heading'; level: number; text: string })
  | (BlockPlace & { kind: 'paragraph' | 'list_item' | 'code' | 'quote'; text: string })
  | (BlockPlace & { kind: 'table'; rows: string[][]; text: string });

export interface ParsedDocument {
  format: DocumentFormat;
  blocks: Block[];
  /** Front matter, PDF info, sheet names, detected encoding, ... (JSON-serialisable). */
  metadata: Record<string, unknown>;
  /** Non-fatal findings shown on the job, e.g. "page 3 has no text layer (image only)". */
  warnings: string[];
  pageCount?: number;
}

export type ParseErrorCode =
  | 'password_protected'
  | 'corrupt'
  | 'too_large'
  | 'timeout'
  | 'out_of_memory'
  | 'unsupported';

/** A document that cannot be indexed; `message` is shown to the user as the document's error. */
export class ParseError extends Error {
  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ParseError';
  }
}
