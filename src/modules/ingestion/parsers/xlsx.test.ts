import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { ParseError, type Block, type ParsedDocument } from './types.js';
import { WorkbookOutput } from './xlsx-output.js';
import { readWorkbookStreaming } from './xlsx-stream.js';
import { ZipPackage } from './zip-guard.js';

async function sampleXlsx(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const sales = wb.addWorksheet('Sales 2024');
  sales.mergeCells('A1:C1');
  sales.getCell('A1').value = 'Regional sales (merged title)';
  sales.addRow(['Region', 'Units', 'Double']);
  sales.addRow(['North', 21, { formula: 'B3*2', result: 42 }]);
  sales.addRow(['South', 0.1 + 0.2, { formula: 'B4*2', result: 0.6000000000000001 }]);
  sales.addRow([{ richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }, { text: ' runs' }] }, true, new Date(Date.UTC(2024, 2, 15))]);
  sales.getCell('C5').numFmt = 'yyyy-mm-dd';
  const notes = wb.addWorksheet('Notes');
  notes.getCell('B2').value = 'Only cell on the second sheet';
  wb.addWorksheet('Empty');
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const tables = (doc: { blocks: Block[] }) => doc.blocks.filter((b) => b.kind === 'table');

async function parseError(p: Promise<unknown>): Promise<ParseError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ParseError);
  return err as ParseError;
}

/** Rewrites parts of a generated package (namespaces, prefixes) the way other producers write them. */
function rewrite(xlsx: Uint8Array, edit: (name: string, xml: string) => string): Uint8Array {
  const files = unzipSync(xlsx);
  for (const name of Object.keys(files)) if (/\.(xml|rels)$/.test(name)) files[name] = strToU8(edit(name, strFromU8(files[name])));
  return zipSync(files);
}

describe('XLSX extractor', () => {
  let bytes: Uint8Array;
  let doc: ParsedDocument;
  beforeAll(async () => {
    bytes = await sampleXlsx();
    doc = await parseDocument(bytes, 'xlsx');
  });

  it('emits each non-empty sheet as a heading and a table, skipping empty sheets', () => {
    expect(doc.blocks.filter((b) => b.kind === 'heading')).toEqual([
      { kind: 'heading', level: 1, text: 'Sales 2024', sheet: 'Sales 2024' },
      { kind: 'heading', level: 1, text: 'Notes', sheet: 'Notes' },
    ]);
    expect(doc.metadata).toMatchObject({ sheets: ['Sales 2024', 'Notes', 'Empty'], reader: 'exceljs' });
  });

  it('keeps cached formula results, merged values once, rich text runs, booleans and ISO dates', () => {
    const [sales, notes] = tables(doc);
    expect(sales.kind === 'table' && sales.rows).toEqual([
      ['Regional sales (merged title)'], // rows are not padded with trailing empty cells
      ['Region', 'Units', 'Double'],
      ['North', '21', '42'],
      ['South', '0.3', '0.6'],
      ['Rich text runs', 'TRUE', '2024-03-15'],
    ]);
    expect(sales.sheet).toBe('Sales 2024');
    expect(sales.text.split('\n')[0]).toBe('Regional sales (merged title)');
    expect(notes.kind === 'table' && notes.rows).toEqual([['Only cell on the second sheet']]);
  });

  it('the streaming reader produces the same blocks as exceljs', () => {
    const out = new WorkbookOutput({});
    readWorkbookStreaming(new ZipPackage(bytes, 'XLSX'), out);
    expect(out.blocks).toEqual(doc.blocks);
  });

  it('falls back to the streaming reader when exceljs cannot read the package (ns0: prefixes)', async () => {
    const odd = rewrite(bytes, (name, xml) =>
      name === 'xl/_rels/workbook.xml.rels' ? xml.replace(/<(\/?)Relationship/g, '<$1ns0:Relationship').replace('xmlns=', 'xmlns:ns0=') : xml,
    );
    const parsed = await parseDocument(odd, 'xlsx');
    expect(parsed.metadata.reader).toBe('stream');
    expect(parsed.blocks).toEqual(doc.blocks);
  });

  it('reads Strict (ISO 29500) namespaces', async () => {
    const strict = rewrite(bytes, (_, xml) =>
      xml
        .replaceAll('http://schemas.openxmlformats.org/spreadsheetml/2006/main', 'http://purl.oclc.org/ooxml/spreadsheetml/main')
        .replaceAll('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'http://purl.oclc.org/ooxml/officeDocument/relationships'),
    );
    const text = (await parseDocument(strict, 'xlsx')).blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Only cell on the second sheet');
    expect(text).toContain('Rich text runs');
  });

  it('splits big sheets into bounded table blocks', async () => {
    const small = await parseDocument(bytes, 'xlsx', { rowsPerBlock: 2 });
    expect(tables(small).filter((b) => b.sheet === 'Sales 2024').map((b) => (b.kind === 'table' ? b.rows.length : 0))).toEqual([2, 2, 1]);
  });

  it('refuses workbooks over the cell or character cap with too_large', async () => {
    const cells = await parseError(parseDocument(bytes, 'xlsx', { maxCells: 5 }));
    expect(cells.code).toBe('too_large');
    expect(cells.message).toMatch(/^The workbook has more than 5 cells; split it/);
    const chars = await parseError(parseDocument(bytes, 'xlsx', { maxChars: 20 }));
    expect(chars.code).toBe('too_large');
    expect(chars.message).toMatch(/more than 20 characters/);
  });

  it('refuses an archive without a workbook part, and a zero-byte file', async () => {
    const err = await parseError(parseDocument(zipSync({ 'docProps/app.xml': strToU8('<Properties/>') }), 'xlsx'));
    expect(err).toMatchObject({ code: 'corrupt' });
    expect(err.message).toMatch(/no workbook part/);
    expect((await parseError(parseDocument(new Uint8Array(0), 'xlsx'))).code).toBe('corrupt');
  });
});
