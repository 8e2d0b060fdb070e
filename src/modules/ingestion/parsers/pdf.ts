import { getDocumentProxy } from 'unpdf';
import type { ParseOptions } from './options.js';
import { ParseError, type Block, type ParsedDocument } from './types.js';

/**
 * PDF text through pdf.js (unpdf's build). Text items are joined by position: a new baseline starts a new line,
 * a horizontal gap wider than a fraction of the font size becomes a space (pdf.js often emits words as separate
 * items without spaces), and a vertical gap well beyond the line height starts a new paragraph block.
 * Pages are read one at a time and released, so a 400-page manual does not hold every page in memory.
 */

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

const SPACE_GAP = 0.15; // × font size: narrower gaps are kerning, wider ones are word spaces
const PARAGRAPH_GAP = 1.8; // × font size between baselines: more than that is a paragraph break
const MAX_PARAGRAPH = 4_000;
const MAX_PAGE_WARNINGS = 20;

interface Line {
  text: string;
  y: number;
  size: number;
}

/** Builds the lines of one page from pdf.js text items. */
export function pageLines(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let cur = '';
  let curY = 0;
  let curSize = 0;
  let last: { x: number; y: number; w: number; size: number; eol: boolean } | undefined;
  const endLine = () => {
    const text = cur.replace(/[^\S\n]+/g, ' ').trim();
    if (text) lines.push({ text, y: curY, size: curSize });
    cur = '';
  };
  for (const it of items) {
    if (typeof it.str !== 'string') continue; // marked-content markers
    const [a, b, c, d, x, y] = it.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || it.height || 10;
    if (it.str === '') {
      // pdf.js signals line ends with empty items carrying hasEOL
      if (it.hasEOL && last) last.eol = true;
      continue;
    }
    if (last) {
      const sameLine = !last.eol && Math.abs(y - last.y) < 0.5 * Math.max(size, last.size);
      if (!sameLine) {
        endLine();
      } else {
        // Right-to-left runs advance leftwards, so measure the gap in both directions.
        const gap = Math.max(x - (last.x + last.w), last.x - (x + it.width));
        if (gap > SPACE_GAP * Math.min(size, last.size) && !/\s$/.test(cur) && !/^\s/.test(it.str)) cur += ' ';
      }
    }
    if (!cur) {
      curY = y;
      curSize = size;
    }
    cur += it.str;
    last = { x, y, w: it.width, size, eol: Boolean(it.hasEOL) };
  }
  endLine();
  return lines;
}

/** Groups lines into paragraphs at large vertical gaps (and column jumps, which move the baseline upward). */
export function linesToParagraphs(lines: Line[]): string[] {
  const paras: string[] = [];
  let buf: string[] = [];
  let len = 0;
  let prev: Line | undefined;
  for (const line of lines) {
    const gap = prev ? Math.abs(prev.y - line.y) : 0;
    if (prev && (gap > PARAGRAPH_GAP * Math.max(prev.size, line.size) || len + line.text.length > MAX_PARAGRAPH)) {
      paras.push(buf.join('\n'));
      buf = [];
      len = 0;
    }
    buf.push(line.text);
    len += line.text.length + 1;
    prev = line;
  }
  if (buf.length) paras.push(buf.join('\n'));
  return paras;
}

/** A PDF whose end has no cross-reference pointer was cut short or never finished; pdf.js rebuilds it by scanning. */
function lacksTrailer(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(Math.max(0, bytes.length - 4096));
  return tail.indexOf('startxref', 0, 'latin1') < 0;
}

function toParseError(err: unknown): ParseError {
  const e = err as { name?: string; message?: string; code?: number };
  if (e?.name === 'PasswordException') {
    return new ParseError('password_protected', 'The PDF is password-protected; upload it without a password.');
  }
  if (e?.name === 'InvalidPDFException') {
    return new ParseError('corrupt', `The PDF is damaged or truncated and cannot be read (${e.message ?? 'invalid structure'}).`);
  }
  return new ParseError('corrupt', `The PDF cannot be read: ${String(e?.message ?? err).slice(0, 200)}`);
}

const pdfString = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export async function parsePdf(bytes: Uint8Array, _opts: ParseOptions = {}): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new ParseError('corrupt', 'The PDF file is empty (0 bytes).');
  const damaged = lacksTrailer(bytes);
  let pdf: PdfDocument;
  try {
    // pdf.js may take ownership of (detach) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: false });
  } catch (err) {
    throw toParseError(err);
  }

  const warnings: string[] = [];
  const blocks: Block[] = [];
  const metadata: Record<string, unknown> = {};
  try {
    try {
      const { info } = (await pdf.getMetadata()) as unknown as { info?: Record<string, unknown> };
      for (const [key, name] of [['Title', 'title'], ['Author', 'author'], ['Producer', 'producer'], ['Creator', 'creator']] as const) {
        const v = pdfString(info?.[key]);
        if (v) metadata[name] = v;
      }
    } catch {
      // metadata is optional; a broken Info dictionary must not stop text extraction
    }
    const empty: number[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      let page;
      try {
        page = await pdf.getPage(n);
        const content = await page.getTextContent();
        const paras = linesToParagraphs(pageLines(content.items as TextItem[]));
        if (!paras.length) empty.push(n);
        for (const text of paras) blocks.push({ kind: 'paragraph', text, page: n });
      } catch (err) {
        warnings.push(`page ${n} could not be read (${String((err as Error)?.message ?? err).slice(0, 120)})`);
      } finally {
        page?.cleanup();
      }
    }
    for (const n of empty.slice(0, MAX_PAGE_WARNINGS)) warnings.push(`page ${n} has no text layer (image only?)`);
    if (empty.length > MAX_PAGE_WARNINGS) warnings.push(`${empty.length - MAX_PAGE_WARNINGS} more pages have no text layer (image only?)`);
    if (damaged) {
      if (!blocks.length) throw new ParseError('corrupt', 'The PDF is damaged or truncated (no cross-reference table) and no text could be recovered.');
      warnings.push('The PDF structure is damaged (no cross-reference table at the end); the recovered text may be incomplete.');
    }
    return { format: 'pdf', blocks, metadata, warnings, pageCount: pdf.numPages };
  } catch (err) {
    throw err instanceof ParseError ? err : toParseError(err);
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}
