import { tableText } from './html-blocks.js';
import { DEFAULT_MAX_CELLS, DEFAULT_MAX_CHARS, DEFAULT_ROWS_PER_BLOCK, MAX_TABLE_BLOCK_CHARS, type ParseOptions } from './options.js';
import { ParseError, type Block } from './types.js';

/**
 * Collects the cells of a workbook, whichever reader produced them, into blocks: per non-empty sheet a
 * level-1 heading with the sheet name, then table blocks of bounded size. Enforces the cell and character
 * caps as cells arrive, so an oversized workbook fails with too_large long before memory runs out.
 */
export class WorkbookOutput {
  readonly blocks: Block[] = [];
  readonly sheets: string[] = [];
  cells = 0;
  chars = 0;
  private readonly maxCells: number;
  private readonly maxChars: number;
  private readonly rowsPerBlock: number;
  private sheet = '';
  private rows: Array<Array<[number, string]>> = [];

  constructor(opts: ParseOptions) {
    this.maxCells = opts.maxCells ?? DEFAULT_MAX_CELLS;
    this.maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
    this.rowsPerBlock = opts.rowsPerBlock ?? DEFAULT_ROWS_PER_BLOCK;
  }

  beginSheet(name: string): void {
    this.sheet = name;
    this.sheets.push(name);
    this.rows = [];
  }

  /** One row as (0-based column, value) pairs; empty values are ignored. */
  addRow(cells: Array<[number, string]>): void {
    const kept: Array<[number, string]> = [];
    for (const [col, raw] of cells) {
      const value = raw.replace(/\r\n?/g, '\n').trim();
      if (!value) continue;
      if (++this.cells > this.maxCells) {
        throw new ParseError(
          'too_large',
          `The workbook has more than ${this.maxCells.toLocaleString('en-US')} cells; split it into smaller workbooks (or export the sheets you need) and upload again.`,
        );
      }
      this.chars += value.length;
      if (this.chars > this.maxChars) {
        throw new ParseError(
          'too_large',
          `The workbook has more than ${this.maxChars.toLocaleString('en-US')} characters of cell text; split it into smaller workbooks and upload again.`,
        );
      }
      kept.push([col, value]);
    }
    if (kept.length) this.rows.push(kept);
  }

  /** Emits the sheet: wholly empty columns are dropped so sparse layouts do not become walls of "| |". */
  endSheet(): void {
    if (!this.rows.length) return;
    const used = [...new Set(this.rows.flatMap((r) => r.map(([c]) => c)))].sort((a, b) => a - b);
    const index = new Map(used.map((c, i) => [c, i]));
    this.blocks.push({ kind: 'heading', level: 1, text: this.sheet, sheet: this.sheet });
    let batch: string[][] = [];
    let batchChars = 0;
    const flush = () => {
      if (batch.length) this.blocks.push({ kind: 'table', rows: batch, text: tableText(batch), sheet: this.sheet });
      batch = [];
      batchChars = 0;
    };
    for (const sparse of this.rows) {
      const last = index.get(sparse[sparse.length - 1][0])!;
      const row: string[] = new Array<string>(last + 1).fill('');
      for (const [c, v] of sparse) {
        row[index.get(c)!] = v;
        batchChars += v.length;
      }
      batch.push(row);
      if (batch.length >= this.rowsPerBlock || batchChars >= MAX_TABLE_BLOCK_CHARS) flush();
    }
    flush();
    this.rows = [];
  }
}

/** Excel keeps 15 significant digits; binary noise beyond that (0.30000000000000004) is not data. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Number.isInteger(n) ? String(n) : String(parseFloat(n.toPrecision(15)));
}

/** Excel dates carry no zone: a date-only value prints as YYYY-MM-DD, a time-only one as HH:MM:SS. */
export function formatDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = new Date(Math.round(d.getTime() / 1000) * 1000).toISOString();
  const date = iso.slice(0, 10);
  const time = iso.slice(11, 19);
  if (date === '1899-12-30' || date === '1899-12-31') return time;
  return time === '00:00:00' ? date : `${date}T${time}`;
}

/** Serial day number (1900 or 1904 system) → Date. Serials below 61 fall before Excel's phantom 29 Feb 1900. */
export function serialToDate(serial: number, date1904: boolean): Date {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const days = !date1904 && serial < 61 ? serial + 1 : serial;
  return new Date(epoch + Math.round(days * 86_400_000));
}

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30, plus the CJK date ids). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

export function isDateFormat(id: number, code: string | undefined): boolean {
  if (DATE_FORMAT_IDS.has(id)) return true;
  if (!code) return false;
  // Ignore quoted literals, escaped characters and [colour]/[locale] sections, then look for date tokens.
  const bare = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[(?!h\]|m\]|s\]|hh\]|mm\]|ss\])[^\]]*\]/gi, '');
  return /[ymdhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}
