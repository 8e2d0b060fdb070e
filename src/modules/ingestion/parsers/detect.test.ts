import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.js';

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const ELF = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0];

function refused(result: ReturnType<typeof detectFormat>): string {
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.detail;
}

describe('detectFormat', () => {
  it('accepts each format with its MIME type', () => {
    const zip = zipSync({ 'a.txt': new Uint8Array([1]) });
    expect(detectFormat(bytes('%PDF-1.7\n'), 'a.pdf')).toEqual({ ok: true, format: 'pdf', mimeType: 'application/pdf' });
    expect(detectFormat(zip, 'a.docx')).toEqual({
      ok: true,
      format: 'docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(detectFormat(zip, 'A.XLSX')).toEqual({
      ok: true,
      format: 'xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(detectFormat(bytes('a,b\n1,2\n'), 'x.csv')).toMatchObject({ format: 'csv', mimeType: 'text/csv' });
    expect(detectFormat(bytes('hello'), 'x.txt')).toMatchObject({ format: 'txt', mimeType: 'text/plain' });
    expect(detectFormat(bytes('# hi'), 'x.md')).toMatchObject({ format: 'md', mimeType: 'text/markdown' });
    expect(detectFormat(bytes('# hi'), 'x.mdx')).toMatchObject({ format: 'mdx', mimeType: 'text/mdx' });
    expect(detectFormat(bytes('<p>x</p>'), 'x.html')).toMatchObject({ format: 'html', mimeType: 'text/html' });
    expect(detectFormat(bytes('<p>x</p>'), 'dir/page.htm')).toMatchObject({ format: 'html', mimeType: 'text/html' });
  });

  it('allows junk before %PDF within the first KB, but not beyond', () => {
    expect(detectFormat(bytes('x'.repeat(500), '%PDF-1.4\n'), 'a.pdf').ok).toBe(true);
    expect(refused(detectFormat(bytes('x'.repeat(1100), '%PDF-1.4\n'), 'a.pdf'))).toMatch(/not a PDF/);
  });

  it('refuses an executable or an image named .pdf, saying what it is', () => {
    expect(refused(detectFormat(Uint8Array.from(ELF), 'invoice.pdf'))).toMatch(/executable/);
    expect(refused(detectFormat(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]), 'invoice.pdf'))).toMatch(/Windows executable/);
    expect(refused(detectFormat(Uint8Array.from(PNG), 'scan.pdf'))).toMatch(/PNG image/);
  });

  it('refuses binary content named as text', () => {
    expect(refused(detectFormat(Uint8Array.from(PNG), 'notes.txt'))).toMatch(/PNG image/);
    expect(refused(detectFormat(zipSync({ a: new Uint8Array([1]) }), 'data.csv'))).toMatch(/ZIP archive/);
    expect(refused(detectFormat(bytes('%PDF-1.5\n'), 'doc.md'))).toMatch(/PDF/);
    expect(refused(detectFormat(new Uint8Array(4096).fill(0).map((_, i) => (i % 3 ? 0 : 65)), 'x.html'))).toMatch(/binary/);
  });

  it('does not mistake text that merely starts like a signature for binary', () => {
    expect(detectFormat(bytes('BMW sales figures\n'), 'cars.txt').ok).toBe(true);
    expect(detectFormat(bytes('MZ is a country code\n'), 'codes.md').ok).toBe(true);
    expect(detectFormat(bytes('# About %PDF-1.7 headers\n'), 'pdf.md').ok).toBe(true);
  });

  it('accepts UTF-16 and UTF-32 text (NUL bytes and all) when a BOM or the UTF-16 pattern says so', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello, world\n', 'utf16le')]);
    expect(detectFormat(le, 'x.txt').ok).toBe(true);
    expect(detectFormat(Buffer.from('no bom here, just UTF-16\n', 'utf16le'), 'x.csv').ok).toBe(true);
    const u32 = Buffer.from([0xff, 0xfe, 0, 0, 0x68, 0, 0, 0, 0x69, 0, 0, 0]);
    expect(detectFormat(u32, 'x.txt').ok).toBe(true);
  });

  it('refuses an OLE container named .docx/.xlsx: encrypted OOXML, or a legacy binary file', () => {
    const encrypted = bytes(OLE, [0, 0], [...Buffer.from('EncryptionInfo', 'utf16le')], [...Buffer.from('EncryptedPackage', 'utf16le')]);
    expect(refused(detectFormat(encrypted, 'secret.docx'))).toBe('This is an encrypted Office document; remove the password and upload again.');
    expect(refused(detectFormat(encrypted, 'secret.xlsx'))).toMatch(/encrypted Office document; remove the password/);
    expect(refused(detectFormat(bytes(OLE, [0, 0, 0, 0]), 'old.docx'))).toMatch(/legacy Word 97-2003/);
  });

  it('refuses non-ZIP content named .docx or .xlsx', () => {
    expect(refused(detectFormat(bytes('hello'), 'a.docx'))).toMatch(/not a Word document/);
    expect(refused(detectFormat(Uint8Array.from(PNG), 'a.xlsx'))).toMatch(/PNG/);
  });

  it('accepts an empty ZIP named .docx (it fails later, at parse time)', () => {
    expect(detectFormat(bytes('PK', [5, 6], new Array(18).fill(0)), 'empty.docx').ok).toBe(true);
  });

  it('accepts a 0-byte text file and refuses a 0-byte binary document', () => {
    expect(detectFormat(new Uint8Array(0), 'empty.txt')).toMatchObject({ ok: true, format: 'txt' });
    expect(detectFormat(new Uint8Array(0), 'empty.csv')).toMatchObject({ ok: true, format: 'csv' });
    for (const name of ['empty.pdf', 'empty.docx', 'empty.xlsx']) expect(refused(detectFormat(new Uint8Array(0), name))).toMatch(/empty \(0 bytes\)/);
  });

  it('refuses unknown or missing extensions, listing the accepted formats', () => {
    const detail = refused(detectFormat(bytes('hello'), 'report.doc'));
    expect(detail).toMatch(/"\.doc" files are not supported/);
    expect(detail).toMatch(/\.pdf.*\.docx.*\.xlsx.*\.csv.*\.txt.*\.md.*\.mdx.*\.html, \.htm/);
    expect(refused(detectFormat(bytes('hello'), 'README'))).toMatch(/no extension/);
  });
});
