import type { ParseOptions } from './options.js';
import { charsetFromContentType, decodeText, describeDecoding } from './text-decode.js';
import { ParseError, type Block, type ParsedDocument } from './types.js';

/**
 * Plain text: paragraphs are separated by blank lines and keep their line breaks. Files with no blank lines
 * at all (one sentence per line, logs) would make one giant paragraph, so paragraphs are also cut at line
 * boundaries once they pass MAX_PARAGRAPH characters.
 */

const MAX_PARAGRAPH = 4_000;
// C0 controls other than tab, LF, VT, FF, CR and ESC, plus DEL and the replacement character.
// eslint-disable-next-line no-control-regex
const JUNK = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f\ufffd]/g;

/** Refuses text that is really binary (it slipped past detection); strips a few stray control bytes. */
export function checkTextual(text: string, label: string, warnings: string[]): string {
  const sample = text.length > 1_000_000 ? text.slice(0, 1_000_000) : text;
  const junk = sample.match(JUNK)?.length ?? 0;
  if (junk > 16 && junk / sample.length > 0.02) {
    throw new ParseError('corrupt', `The ${label} file contains binary data, not text; it cannot be indexed.`);
  }
  if (junk === 0) return text;
  const stripped = text.replace(/[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/g, ''); // eslint-disable-line no-control-regex
  if (stripped.length !== text.length) warnings.push(`${text.length - stripped.length} control character(s) were removed`);
  return stripped;
}

/** Splits normalised text into paragraph blocks, cutting long ones at line breaks. */
export function textToParagraphs(text: string): Block[] {
  const blocks: Block[] = [];
  for (const para of text.split(/\n[^\S\n]*\n/)) {
    const trimmed = para.replace(/[^\S\n]+$/gm, '').replace(/^\n+|\s+$/g, '');
    if (!trimmed.trim()) continue;
    if (trimmed.length <= MAX_PARAGRAPH) {
      blocks.push({ kind: 'paragraph', text: trimmed });
      continue;
    }
    let buf = '';
    for (const line of trimmed.split('\n')) {
      if (buf && buf.length + line.length + 1 > MAX_PARAGRAPH) {
        blocks.push({ kind: 'paragraph', text: buf });
        buf = '';
      }
      buf = buf ? `${buf}\n${line}` : line;
    }
    if (buf.trim()) blocks.push({ kind: 'paragraph', text: buf });
  }
  return blocks;
}

export async function parseTxt(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  const warnings: string[] = [];
  const decoded = decodeText(bytes, { declaredCharset: charsetFromContentType(opts.contentType) });
  const metadata = describeDecoding(decoded, warnings);
  const text = checkTextual(decoded.text, 'text', warnings).replace(/\r\n?/g, '\n');
  return { format: 'txt', blocks: textToParagraphs(text), metadata, warnings };
}
