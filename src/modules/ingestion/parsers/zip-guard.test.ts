import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { ParseError } from './types.js';
import { ZipPackage, readZipDirectory } from './zip-guard.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** Offsets of every central-directory record, to forge what an attacker would. */
function centralRecords(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: number[] = [];
  for (let i = 0; i + 4 <= zip.length; i++) if (view.getUint32(i, true) === 0x02014b50) out.push(i);
  return out;
}

function patchCentral(zip: Uint8Array, field: 'crc' | 'uncompressed', value: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (const at of centralRecords(copy)) view.setUint32(at + (field === 'crc' ? 16 : 24), value, true);
  return copy;
}

async function parseError(p: Promise<unknown>): Promise<ParseError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ParseError);
  return err as ParseError;
}

describe('zip guard', () => {
  it('reads a well-formed archive', () => {
    const zip = zipSync({ 'word/document.xml': enc('<w:document/>'), 'Docs/Other.XML': enc('<x/>') });
    const pkg = new ZipPackage(zip, 'DOCX');
    expect(pkg.names().sort()).toEqual(['Docs/Other.XML', 'word/document.xml']);
    expect(pkg.text('docs/other.xml')).toBe('<x/>'); // OPC part names are case-insensitive
  });

  it('refuses a truncated archive (no central directory) as corrupt', async () => {
    const zip = zipSync({ 'word/document.xml': enc('<w:document>' + 'x'.repeat(5000) + '</w:document>') }, { level: 0 });
    const cut = zip.subarray(0, Math.floor(zip.length * 0.6));
    expect(() => readZipDirectory(cut, 'DOCX')).toThrow('The file is truncated or not a valid DOCX archive.');
    const err = await parseError(parseDocument(cut, 'docx'));
    expect(err.code).toBe('corrupt');
    expect(err.message).toBe('The file is truncated or not a valid DOCX archive.');
  });

  it('refuses a zip bomb from its declared size, before inflating anything', async () => {
    // one small entry whose directory declares 600 MB of content
    const forged = patchCentral(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(1000) }), 'uncompressed', 600 * 1024 * 1024);
    const err = await parseError(parseDocument(forged, 'xlsx'));
    expect(err.code).toBe('too_large');
    expect(err.message).toMatch(/would expand to more than 500 MB/);
  });

  it('refuses a real deflate bomb by ratio and by total size', () => {
    const zeros = zipSync({ 'xl/sharedStrings.xml': new Uint8Array(16 * 1024 * 1024) }, { level: 9 });
    expect(zeros.length).toBeLessThan(100_000);
    expect(() => readZipDirectory(zeros, 'XLSX', { maxRatio: 100 })).toThrow(/compression ratio/);
    expect(() => readZipDirectory(zeros, 'XLSX', { maxUncompressedBytes: 8 * 1024 * 1024 })).toThrow(/would expand to more than 8 MB/);
  });

  it('refuses more than 10,000 entries', () => {
    const files: Zippable = {};
    for (let i = 0; i <= 10_000; i++) files[`f${i}`] = new Uint8Array(0);
    const zip = zipSync(files, { level: 0 });
    expect(() => readZipDirectory(zip, 'XLSX')).toThrow(/10001 parts \(more than 10000\)/);
  });

  it('never inflates past the declared size, and checks the CRC', () => {
    const zip = zipSync({ 'word/document.xml': enc('a'.repeat(1_000_000)) });
    const lying = new ZipPackage(patchCentral(zip, 'uncompressed', 1000), 'DOCX');
    expect(() => lying.read('word/document.xml')).toThrow(/expands beyond the size its archive declares/);
    const badCrc = new ZipPackage(patchCentral(zip, 'crc', 12345), 'DOCX');
    expect(() => badCrc.read('word/document.xml')).toThrow(/fails its integrity check/);
  });

  it('refuses XML parts that declare a DTD or entities (billion laughs)', async () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><w:document>&lol2;</w:document>';
    const zip = zipSync({ '[Content_Types].xml': enc('<Types/>'), 'word/document.xml': enc(laughs) });
    const err = await parseError(parseDocument(zip, 'docx'));
    expect(err.code).toBe('unsupported');
    expect(err.message).toMatch(/declares a DTD or XML entities/);
    // UTF-16 encoded parts are checked too
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<!DOCTYPE x [<!ENTITY a "b">]><x/>', 'utf16le')]);
    expect(() => new ZipPackage(zipSync({ 'a.xml': utf16 }), 'XLSX').read('a.xml')).toThrow(/DTD/);
  });
});
