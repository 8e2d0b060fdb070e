import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { ParseError } from './types.js';

describe('TXT extractor', () => {
  it('splits paragraphs on blank lines and keeps line breaks inside them', async () => {
    const doc = await parseDocument(new TextEncoder().encode('Title line\r\n\r\nFirst line\r\nsecond line\r\n  \r\n\r\nLast paragraph\n'), 'txt');
    expect(doc.blocks).toEqual([
      { kind: 'paragraph', text: 'Title line' },
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'paragraph', text: 'Last paragraph' },
    ]);
  });

  it('decodes UTF-16LE with a BOM', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hamburgers are delicious\n\nÜber alles', 'utf16le')]);
    const doc = await parseDocument(bytes, 'txt');
    expect(doc.blocks.map((b) => b.text)).toEqual(['Hamburgers are delicious', 'Über alles']);
    expect(doc.metadata).toMatchObject({ encoding: 'utf-16le', encodingSource: 'bom' });
  });

  it('detects Latin-1 text', async () => {
    const doc = await parseDocument(iconv.encode('Les élèves français mangent des crêpes à la crème.\n', 'latin1'), 'txt');
    expect(doc.blocks[0].text).toBe('Les élèves français mangent des crêpes à la crème.');
    expect(doc.metadata.encoding).toBe('windows-1252');
  });

  it('cuts a paragraph without blank lines at line breaks once it grows large', async () => {
    const line = 'one sentence per line, as corpora are often stored.';
    const doc = await parseDocument(new TextEncoder().encode(Array(400).fill(line).join('\n')), 'txt');
    expect(doc.blocks.length).toBeGreaterThan(1);
    for (const b of doc.blocks) expect(b.text.length).toBeLessThanOrEqual(4000);
    expect(doc.blocks.map((b) => b.text).join('\n')).toBe(Array(400).fill(line).join('\n'));
  });

  it('returns no blocks for empty and whitespace-only files', async () => {
    expect((await parseDocument(new Uint8Array(0), 'txt')).blocks).toEqual([]);
    expect((await parseDocument(new TextEncoder().encode(' \n\t'), 'txt')).blocks).toEqual([]);
  });

  it('refuses binary content that slipped past detection', async () => {
    const binary = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256);
    const err = await parseDocument(binary, 'txt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect(err).toMatchObject({ code: 'corrupt' });
  });
});
