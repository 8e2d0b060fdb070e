import { parseCsv } from './csv.js';
import { parseDocx } from './docx.js';
import { parseHtml } from './html.js';
import { parseMarkdown } from './markdown.js';
import type { ParseOptions } from './options.js';
import { parsePdf } from './pdf.js';
import { parseTxt } from './txt.js';
import { ParseError, type DocumentFormat, type ParsedDocument } from './types.js';
import { parseXlsx } from './xlsx.js';

export { detectFormat, MIME_TYPES, ACCEPTED_FORMATS_TEXT, type DetectResult } from './detect.js';
export type { ParseOptions } from './options.js';
export { ParseError, DOCUMENT_FORMATS, type Block, type DocumentFormat, type ParsedDocument, type ParseErrorCode } from './types.js';

const LABEL: Record<DocumentFormat, string> = { pdf: 'PDF', docx: 'DOCX', xlsx: 'XLSX', csv: 'CSV', txt: 'text', md: 'Markdown', mdx: 'MDX', html: 'HTML' };

/** Any failure becomes a ParseError whose message can be shown to the user as is. */
export function toParseError(err: unknown, format: DocumentFormat): ParseError {
  if (err instanceof ParseError) return err;
  const e = err as { name?: string; message?: string; code?: string };
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
    switch (format) {
      case 'pdf':
        return await parsePdf(bytes, opts);
      case 'docx':
        return await parseDocx(bytes, opts);
      case 'xlsx':
        return await parseXlsx(bytes, opts);
      case 'csv':
        return await parseCsv(bytes, opts);
      case 'txt':
        return await parseTxt(bytes, opts);
      case 'md':
      case 'mdx':
        return await parseMarkdown(bytes, format, opts);
      case 'html':
        return await parseHtml(bytes, opts);
      default:
        throw new ParseError('unsupported', `Unsupported document format: ${String(format)}`);
    }
  } catch (err) {
    throw toParseError(err, format);
  }
}
