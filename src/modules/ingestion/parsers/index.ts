import type { ParseOptions } from './options.js';
import { ParseError, type DocumentFormat, type ParsedDocument } from './types.js';

export { detectFileFormat } from './detect-file.js';
export type { ParseOptions } from './options.js';
export { ParseError, type Block, type DocumentFormat, type ParsedDocument } from './types.js';

const LABEL: Record<DocumentFormat, string> = { pdf: 'PDF', docx: 'DOCX', xlsx: 'XLSX', csv: 'CSV', txt: 'text', md: 'Markdown', mdx: 'MDX', html: 'HTML' };

/** Any failure becomes a ParseError whose message can be shown to the user as is. */
export function toParseError(err: unknown, format: DocumentFormat): ParseError {
  if (err instanceof ParseError) return err;
  const e = err as { name?: string; message?: string; code?: string };
  // A ParseError from another copy of this module (another realm or loader) is still a ParseError.
  if (e?.name === 'ParseError' && typeof e.code === 'string' && typeof e.message === 'string') {
    return new ParseError(e.code as ParseError['code'], e.message);
  }
  const message = String(e?.message ?? err);
  // V8's own limits: a string or buffer past its maximum means the document is simply too big.
  if (e?.name === 'RangeError' && /Invalid string length|Array buffer allocation failed|Invalid typed array length|Invalid array length/.test(message)) {
    return new ParseError('too_large', `The ${LABEL[format]} file is too large to process; split it into smaller files.`);
  }
  const short = message.split('\n')[0].replace(/\s+/g, ' ').slice(0, 200);
  return new ParseError('corrupt', `Could not read the ${LABEL[format]} file: ${short}`);
}

/** Extracts blocks from a document, in the calling thread. Production code goes through the pool (pool.ts). */
export async function parseDocument(bytes: Uint8Array, format: DocumentFormat, opts: ParseOptions = {}): Promise<ParsedDocument> {
  try {
    // Extractors load on first use: a worker that only ever sees CSV never pays for pdf.js or exceljs,
    // and worker start-up stays small and fast.
    switch (format) {
      case 'pdf':
        return await (await import('./pdf.js')).parsePdf(bytes, opts);
      case 'docx':
        return await (await import('./docx.js')).parseDocx(bytes, opts);
      case 'xlsx':
        return await (await import('./xlsx.js')).parseXlsx(bytes, opts);
      case 'csv':
        return await (await import('./csv.js')).parseCsv(bytes, opts);
      case 'txt':
        return await (await import('./txt.js')).parseTxt(bytes, opts);
      case 'md':
      case 'mdx':
        return await (await import('./markdown.js')).parseMarkdown(bytes, format, opts);
      case 'html':
        return await (await import('./html.js')).parseHtml(bytes, opts);
      default:
        throw new ParseError('unsupported', `Unsupported document format: ${String(format)}`);
    }
  } catch (err) {
    throw toParseError(err, format);
  }
}
