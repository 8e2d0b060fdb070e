import { decodeXmlEntities, xmlTextUnits } from './ooxml-text.js';
import { ParseError } from './types.js';
import { WorkbookOutput, formatDate, formatNumber, isDateFormat, serialToDate } from './xlsx-output.js';
import type { ZipPackage } from './zip-guard.js';

/**
 * A compact SpreadsheetML reader: regexes over the sheet XML, decoded a slice at a time, cells straight into
 * WorkbookOutput. Unlike exceljs it builds no object per cell, so a 2-million-cell or 56-million-character
 * workbook fits in a few hundred MB; and it matches local names only, so Strict namespaces and unusual
 * prefixes (ns0:, x:) read the same. Used for big workbooks and whenever exceljs fails or finds nothing.
 */

const SLICE = 4 * 1024 * 1024;
const P = '(?:[\\w.-]+:)?'; // any namespace prefix

interface Rel {
  type: string;
  target: string;
}

const attr = (attrs: string, name: string): string | undefined => {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? decodeXmlEntities(m[1] ?? m[2]) : undefined;
};

function resolvePart(baseDir: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = (baseDir ? `${baseDir}/${target}` : target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p && p !== '.') out.push(p);
  }
  return out.join('/');
}

function readRels(pkg: ZipPackage, part: string): Map<string, Rel> {
  const slash = part.lastIndexOf('/');
  const dir = slash >= 0 ? part.slice(0, slash) : '';
  const relsName = `${dir ? `${dir}/` : ''}_rels/${part.slice(slash + 1)}.rels`;
  const rels = new Map<string, Rel>();
  const xml = pkg.has(relsName) ? (pkg.text(relsName) ?? '') : '';
  for (const m of xml.matchAll(new RegExp(`<${P}Relationship\\b([^>]*)>`, 'g'))) {
    const id = attr(m[1], 'Id');
    const target = attr(m[1], 'Target');
    if (id && target && attr(m[1], 'TargetMode') !== 'External') rels.set(id, { type: attr(m[1], 'Type') ?? '', target: resolvePart(dir, target) });
  }
  return rels;
}

/** The workbook part named by the package relationships (Transitional or Strict), or undefined. */
export function workbookPartName(pkg: ZipPackage): string | undefined {
  for (const rel of readRels(pkg, '').values()) if (/\/officeDocument$/.test(rel.type) && pkg.has(rel.target)) return rel.target;
  return pkg.has('xl/workbook.xml') ? 'xl/workbook.xml' : undefined;
}

/** For each cell style index, whether it formats numbers as dates. */
function dateStyles(xml: string): boolean[] {
  const codes = new Map<number, string>();
  for (const m of xml.matchAll(new RegExp(`<${P}numFmt\\b([^>]*)>`, 'g'))) {
    const id = Number(attr(m[1], 'numFmtId'));
    const code = attr(m[1], 'formatCode');
    if (Number.isFinite(id) && code) codes.set(id, code);
  }
  const xfs = new RegExp(`<${P}cellXfs\\b[^>]*>([\\s\\S]*?)</${P}cellXfs>`).exec(xml)?.[1] ?? '';
  return [...xfs.matchAll(new RegExp(`<${P}xf\\b([^>]*)>`, 'g'))].map((m) => {
    const id = Number(attr(m[1], 'numFmtId') ?? 0);
    return isDateFormat(id, codes.get(id));
  });
}

/** "BC12" → 54 (0-based column). */
function columnIndex(ref: string | undefined): number | undefined {
  const m = ref && /^\$?([A-Za-z]{1,3})/.exec(ref);
  if (!m) return undefined;
  let n = 0;
  for (const ch of m[1].toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const ROW = new RegExp(`<${P}row\\b[^>]*?(?:/>|>([\\s\\S]*?)</${P}row>)`, 'g');
const CELL = new RegExp(`<${P}c\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${P}c>)`, 'g');
const VALUE = new RegExp(`<${P}v\\b[^>]*>([\\s\\S]*?)</${P}v>`);
const INLINE = new RegExp(`<${P}is\\b[^>]*>([\\s\\S]*?)</${P}is>`);
const ROW_CLOSE = new RegExp(`</${P}row>`);

interface SheetContext {
  shared: string[];
  dates: boolean[];
  date1904: boolean;
}

const CELL_ATTR = /(?:^|\s)([rst])\s*=\s*"([^"]*)"/g;

/** r, t and s of a cell in one pass: this runs once per cell, millions of times on a big sheet. */
function cellAttrs(attrs: string): { r?: string; t?: string; s?: string } {
  const out: { r?: string; t?: string; s?: string } = {};
  CELL_ATTR.lastIndex = 0;
  for (let m = CELL_ATTR.exec(attrs); m; m = CELL_ATTR.exec(attrs)) out[m[1] as 'r' | 't' | 's'] = m[2];
  return out;
}

function cellValue(a: { t?: string; s?: string }, body: string | undefined, ctx: SheetContext): string {
  if (!body) return '';
  const t = a.t ?? 'n';
  if (t === 'inlineStr') {
    const is = INLINE.exec(body)?.[1];
    return is ? xmlTextUnits(`<is>${is}</is>`, { unit: 'is', keepEmpty: true }).join('') : '';
  }
  const raw = VALUE.exec(body)?.[1];
  if (raw === undefined) return '';
  const v = decodeXmlEntities(raw);
  switch (t) {
    case 's':
      return ctx.shared[Number(v)] ?? '';
    case 'b':
      return v === '1' || v === 'true' ? 'TRUE' : 'FALSE';
    case 'str':
    case 'e':
    case 'd':
      return v;
    default: {
      const n = Number(v);
      if (!Number.isFinite(n) || v.trim() === '') return v;
      const style = Number(a.s ?? 0);
      return ctx.dates[style] ? formatDate(serialToDate(n, ctx.date1904)) : formatNumber(n);
    }
  }
}

function readSheetRows(xml: string, ctx: SheetContext, out: WorkbookOutput): void {
  ROW.lastIndex = 0;
  for (let r = ROW.exec(xml); r; r = ROW.exec(xml)) {
    const content = r[1];
    if (!content) continue;
    const cells: Array<[number, string]> = [];
    let next = 0;
    CELL.lastIndex = 0;
    for (let c = CELL.exec(content); c; c = CELL.exec(content)) {
      const a = cellAttrs(c[1]);
      const col = columnIndex(a.r) ?? next;
      next = col + 1;
      const value = cellValue(a, c[2], ctx);
      if (value) cells.push([col, value]);
    }
    out.addRow(cells);
  }
}

/** Decodes the sheet in slices and hands over only complete rows, so no sheet-sized string is ever built. */
function streamSheet(bytes: Uint8Array, ctx: SheetContext, out: WorkbookOutput): void {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let rowClose: string | undefined;
  for (let off = 0; off < bytes.length; off += SLICE) {
    const final = off + SLICE >= bytes.length;
    carry += decoder.decode(bytes.subarray(off, off + SLICE), { stream: !final });
    // Cut after the last complete row; the closing tag's spelling (prefix) is learnt from the sheet itself.
    rowClose ??= ROW_CLOSE.exec(carry)?.[0];
    const last = rowClose ? carry.lastIndexOf(rowClose) : -1;
    const end = last >= 0 ? last + rowClose!.length : -1;
    if (end > 0) {
      readSheetRows(carry.slice(0, end), ctx, out);
      carry = carry.slice(end);
    }
  }
  readSheetRows(carry, ctx, out);
}

/** Reads every worksheet in workbook order into `out`. */
export function readWorkbookStreaming(pkg: ZipPackage, out: WorkbookOutput): void {
  const wbPart = workbookPartName(pkg);
  if (!wbPart) throw new ParseError('corrupt', 'The file is not a valid XLSX workbook: it has no workbook part.');
  const wbXml = pkg.text(wbPart) ?? '';
  const rels = readRels(pkg, wbPart);
  const relOf = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix) && pkg.has(r.target));

  const sharedRel = relOf('/sharedStrings');
  const shared = sharedRel ? xmlTextUnits(pkg.text(sharedRel.target) ?? '', { unit: 'si', keepEmpty: true }) : [];
  const stylesRel = relOf('/styles');
  const dates = stylesRel ? dateStyles(pkg.text(stylesRel.target) ?? '') : [];
  const date1904 = /date1904\s*=\s*["'](1|true)["']/.test(wbXml);
  const ctx: SheetContext = { shared, dates, date1904 };

  for (const m of wbXml.matchAll(new RegExp(`<${P}sheet\\b([^>]*)>`, 'g'))) {
    const name = attr(m[1], 'name') ?? 'Sheet';
    const rid = /(?:^|\s)[\w.-]+:id\s*=\s*"([^"]*)"/.exec(m[1])?.[1];
    const rel = rid ? rels.get(rid) : undefined;
    if (!rel || !/\/worksheet$/.test(rel.type) || !pkg.has(rel.target)) continue; // chart sheets, dialogs: no cells
    out.beginSheet(name);
    streamSheet(pkg.read(rel.target)!, ctx, out);
    out.endSheet();
  }
}
