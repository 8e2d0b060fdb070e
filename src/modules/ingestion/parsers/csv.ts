import { Readable } from 'node:stream';
import { parse, type Options as CsvOptions } from 'csv-parse';
import { DEFAULT_MAX_CHARS, DEFAULT_ROWS_PER_BLOCK, MAX_TABLE_BLOCK_CHARS, type ParseOptions } from './options.js';
import { charsetFromContentType, decodeText, describeDecoding } from './text-decode.js';
import { ParseError, type Block, type ParsedDocument } from './types.js';

/**
 * CSV → table blocks of bounded size. Each data row is rendered as `header: value` lines, so a chunk cut out
 * of the middle of a big file still says what every value means. The header row is repeated in each block's
 * `rows`. Records are consumed as a stream, so memory follows the output, not csv-parse's record array.
 */

const DELIMITERS = [',', ';', '\t', '|'] as const;
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_LINES = 50;

/** Per-line delimiter counts outside quotes; the delimiter with the most consistent non-zero count wins. */
export function detectDelimiter(text: string): string {
  const sample = text.slice(0, SAMPLE_CHARS);
  const counts = new Map<string, number[]>(DELIMITERS.map((d) => [d, []]));
  const line = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let inQuotes = false;
  let lines = 0;
  const endLine = () => {
    for (const d of DELIMITERS) {
      counts.get(d)!.push(line.get(d)!);
      line.set(d, 0);
    }
    lines++;
  };
  for (let i = 0; i < sample.length && lines < SAMPLE_LINES; i++) {
    const c = sample[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (c === '\n' || c === '\r')) {
      if (c === '\r' && sample[i + 1] === '\n') i++;
      endLine();
    } else if (!inQuotes && line.has(c)) line.set(c, line.get(c)! + 1);
  }
  if (DELIMITERS.some((d) => line.get(d)! > 0)) endLine();

  let best: string = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const per = counts.get(d)!;
    const freq = new Map<number, number>();
    for (const n of per) if (n > 0) freq.set(n, (freq.get(n) ?? 0) + 1);
    let modeLines = 0;
    for (const v of freq.values()) modeLines = Math.max(modeLines, v);
    const score = per.length ? modeLines / per.length : 0; // share of lines agreeing on one non-zero count
    if (score > bestScore + 1e-9) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Rows above the header that hold a single title cell ("Stanley Cups,,") become a paragraph instead. */
function splitTitleRows(first: string[][]): { titles: string[]; header: string[] | undefined; rest: string[][] } {
  const titles: string[] = [];
  let i = 0;
  const filled = (r: string[]) => r.filter((c) => c.trim() !== '').length;
  while (i < Math.min(3, first.length - 1) && filled(first[i]) <= 1 && filled(first[i + 1]) >= 2) {
    if (filled(first[i]) === 1) titles.push(first[i].find((c) => c.trim() !== '')!.trim());
    i++;
  }
  return { titles, header: first[i], rest: first.slice(i + 1) };
}

class CsvBlocks {
  readonly blocks: Block[] = [];
  private rows: string[][] = [];
  private text: string[] = [];
  private textLength = 0;
  chars = 0;

  constructor(
    readonly header: string[],
    private readonly rowsPerBlock: number,
    private readonly maxChars: number,
  ) {}

  add(row: string[]): void {
    const lines: string[] = [];
    for (let i = 0; i < row.length; i++) {
      const v = row[i].replace(/\r\n?/g, '\n').trim();
      if (v) lines.push(`${this.header[i] || `column ${i + 1}`}: ${v}`);
    }
    if (!lines.length) return;
    const rendered = lines.join('\n');
    this.chars += rendered.length;
    if (this.chars > this.maxChars) {
      throw new ParseError('too_large', `The CSV file has more than ${this.maxChars.toLocaleString('en-US')} characters of text; split it into smaller files.`);
    }
    this.rows.push(row);
    this.text.push(rendered);
    this.textLength += rendered.length;
    if (this.rows.length >= this.rowsPerBlock || this.textLength >= MAX_TABLE_BLOCK_CHARS) this.flush();
  }

  flush(): void {
    if (!this.rows.length) return;
    this.blocks.push({ kind: 'table', rows: [this.header, ...this.rows], text: this.text.join('\n\n') });
    this.rows = [];
    this.text = [];
    this.textLength = 0;
  }
}

async function readRecords(text: string, options: CsvOptions, onRecord: (r: string[]) => void): Promise<number> {
  const parser = Readable.from(chunks(text)).pipe(parse(options));
  let n = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    onRecord(record);
    n++;
  }
  return n;
}

function* chunks(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += 1 << 20) yield text.slice(i, i + (1 << 20));
}

export async function parseCsv(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  const warnings: string[] = [];
  const decoded = decodeText(bytes, { declaredCharset: charsetFromContentType(opts.contentType) });
  const metadata: Record<string, unknown> = describeDecoding(decoded, warnings);
  // A NUL never occurs in a text CSV: it is binary data or mis-declared UTF-16. Refuse rather than guess.
  if (decoded.text.includes('\u0000')) {
    throw new ParseError('corrupt', 'The CSV file contains NUL bytes, so it is not a text CSV file (is it binary, or UTF-16 without a byte order mark?).');
  }
  const delimiter = detectDelimiter(decoded.text);
  metadata.delimiter = delimiter;

  const run = async (quote: boolean) => {
    const head: string[][] = [];
    let out: CsvBlocks | undefined;
    let titles: string[] = [];
    const start = () => {
      const split = splitTitleRows(head);
      titles = split.titles;
      out = new CsvBlocks((split.header ?? []).map((h) => h.replace(/\s+/g, ' ').trim()), opts.rowsPerBlock ?? DEFAULT_ROWS_PER_BLOCK, opts.maxChars ?? DEFAULT_MAX_CHARS);
      for (const r of split.rest) out.add(r);
    };
    const options: CsvOptions = { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, quote: quote ? '"' : false };
    const count = await readRecords(decoded.text, options, (record) => {
      if (out) out.add(record);
      else if (head.push(record) >= 5) start();
    });
    if (!out) start();
    out!.flush();
    return { count, titles, out: out! };
  };

  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run(true);
  } catch (err) {
    if (err instanceof ParseError) throw err;
    // An unbalanced quote makes the rest of the file one field; reading without quote handling keeps the text.
    warnings.push(`The CSV has malformed quoting (${(err as Error).message.split('\n')[0]}); it was read without quote handling`);
    result = await run(false);
  }

  const blocks: Block[] = result.titles.map((text) => ({ kind: 'paragraph' as const, text }));
  const header = result.out.header;
  if (result.out.blocks.length) blocks.push(...result.out.blocks);
  else if (header.some((h) => h.trim())) blocks.push({ kind: 'table', rows: [header], text: header.filter(Boolean).join(' | ') });
  metadata.rows = result.count;
  metadata.columns = header.length;
  return { format: 'csv', blocks, metadata, warnings };
}
