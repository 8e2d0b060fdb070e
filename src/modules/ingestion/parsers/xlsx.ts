import ExcelJS from 'exceljs';
import type { ParseOptions } from './options.js';
import { ParseError, type ParsedDocument } from './types.js';
import { WorkbookOutput, formatDate, formatNumber } from './xlsx-output.js';
import { readWorkbookStreaming, workbookPartName } from './xlsx-stream.js';
import { ZipPackage } from './zip-guard.js';

/**
 * XLSX: exceljs for ordinary workbooks; the compact streaming reader (xlsx-stream.ts) when the worksheets'
 * XML is large — exceljs builds an object per cell and measured 1.15 GB of heap for 2 M cells, over the
 * worker's limit — and as the fallback when exceljs throws (e.g. on "ns0:"-prefixed parts) or finds no cells
 * (Strict workbooks it does not understand). Either way: every sheet, sheet name as a heading, cached formula
 * results, rich text concatenated, a merged range's value once, dates as ISO text.
 */

/** Above this much worksheet XML the streaming reader is used directly. */
export const EXCELJS_MAX_SHEET_XML = 16 * 1024 * 1024;

export function excelValue(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return formatDate(v);
  if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
  if ('formula' in v || 'sharedFormula' in v) return excelValue((v as { result?: ExcelJS.CellValue }).result);
  if ('hyperlink' in v) return excelValue((v as { text?: ExcelJS.CellValue }).text);
  if ('error' in v) return String(v.error);
  return '';
}

async function readWithExcelJs(bytes: Uint8Array, out: WorkbookOutput): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  for (const ws of wb.worksheets) {
    out.beginSheet(ws.name);
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: Array<[number, string]> = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        // Cells inside a merged range report the master's value: keep it once, at the master.
        if (cell.isMerged && cell.master.address !== cell.address) return;
        cells.push([col - 1, excelValue(cell.value)]);
      });
      out.addRow(cells);
    });
    out.endSheet();
  }
}

export async function parseXlsx(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new ParseError('corrupt', 'The XLSX file is empty (0 bytes).');
  const pkg = new ZipPackage(bytes, 'XLSX', { maxUncompressedBytes: opts.maxUncompressedBytes });
  if (!workbookPartName(pkg)) {
    const hint = pkg.has('word/document.xml') ? ' (it looks like a Word document)' : pkg.entries.size === 0 ? ' (the archive is empty)' : '';
    throw new ParseError('corrupt', `The file is not a valid XLSX workbook: it has no workbook part${hint}.`);
  }
  // Inflate and vet every XML part (sizes, CRC, no DTD) before any XML parser sees it.
  pkg.vetAllXml();
  const sheetXml = [...pkg.entries.values()].filter((e) => /worksheets\/[^/]+\.xml$/i.test(e.name)).reduce((n, e) => n + e.uncompressedSize, 0);

  const warnings: string[] = [];
  let out = new WorkbookOutput(opts);
  let reader = 'exceljs';
  if (sheetXml > EXCELJS_MAX_SHEET_XML) {
    reader = 'stream';
    readWorkbookStreaming(pkg, out);
  } else {
    try {
      await readWithExcelJs(bytes, out);
    } catch (err) {
      if (err instanceof ParseError) throw err;
      out = new WorkbookOutput(opts); // a partial exceljs result is discarded, not mixed in
    }
    if (out.cells === 0) {
      const again = new WorkbookOutput(opts);
      readWorkbookStreaming(pkg, again);
      if (again.cells > 0 || out.sheets.length === 0) {
        out = again;
        reader = 'stream';
      }
    }
  }
  return {
    format: 'xlsx',
    blocks: out.blocks,
    metadata: { sheets: out.sheets, cells: out.cells, reader },
    warnings,
  };
}
