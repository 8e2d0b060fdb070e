import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './csv.js';
import { parseDocument } from './index.js';
import { ParseError, type Block } from './types.js';

const enc = (s: string) => new TextEncoder().encode(s);
const texts = (blocks: Block[]) => blocks.map((b) => b.text);

describe('CSV extractor', () => {
  it('renders rows as "header: value" lines in a table block, keeping the cells', async () => {
    const doc = await parseDocument(enc('name,city,note\nAda,London,\nGrace,"Arlington, VA",admiral\n'), 'csv');
    expect(doc.blocks).toEqual([
      {
        kind: 'table',
        rows: [
          ['name', 'city', 'note'],
          ['Ada', 'London', ''],
          ['Grace', 'Arlington, VA', 'admiral'],
        ],
        text: 'name: Ada\ncity: London\n\nname: Grace\ncity: Arlington, VA\nnote: admiral',
      },
    ]);
    expect(doc.metadata).toMatchObject({ delimiter: ',', rows: 3, columns: 3, encoding: 'utf-8' });
  });

  it('detects semicolon, tab and pipe delimiters (commas inside data do not fool it)', async () => {
    expect(detectDelimiter('Lorem, ipsum; dolor sit; amet\nconsectetur; adipiscing; elit\nsed, do; eiusmod; tempor incididunt\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n1\t2, 3\t4\n')).toBe('\t');
    expect(detectDelimiter('a|b\n1|2\n3|4\n')).toBe('|');
    expect(detectDelimiter('a,b\n"x;y;z",2\n')).toBe(',');
    const doc = await parseDocument(enc('h1;h2\nsed, do;tempor incididunt\n'), 'csv');
    expect(texts(doc.blocks)).toEqual(['h1: sed, do\nh2: tempor incididunt']);
  });

  it('handles quoted newlines with LF, CRLF and CR-only line endings, and doubled quotes', async () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const csv = `a,b,c${nl}1,2,3${nl}"Once upon${nl}a time",5,6${nl}`;
      const doc = await parseDocument(enc(csv), 'csv');
      expect(doc.blocks[0].kind === 'table' && doc.blocks[0].rows).toEqual([
        ['a', 'b', 'c'],
        ['1', '2', '3'],
        [`Once upon${nl}a time`, '5', '6'],
      ]);
      expect(doc.blocks[0].text).toContain('a: Once upon\na time');
    }
    const quotes = await parseDocument(enc('a,b\n1,"ha \n""ha"" \nha"\n'), 'csv');
    expect(quotes.blocks[0].text).toContain('b: ha \n"ha" \nha');
  });

  it('decodes Latin-1, UTF-16 with BOM and a UTF-8 BOM that must not leak into the first header', async () => {
    const latin = await parseDocument(iconv.encode('name,price\ncafé,3 €\n', 'windows-1252'), 'csv');
    expect(texts(latin.blocks)).toEqual(['name: café\nprice: 3 €']);
    const utf16 = await parseDocument(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Team,Cups\nMaple Leafs,13\n', 'utf16le')]), 'csv');
    expect(texts(utf16.blocks)).toEqual(['Team: Maple Leafs\nCups: 13']);
    const bom = await parseDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('key,val\nʤ,1\n')]), 'csv');
    expect(bom.blocks[0].kind === 'table' && bom.blocks[0].rows[0]).toEqual(['key', 'val']);
  });

  it('turns a title row above the header into a paragraph', async () => {
    const doc = await parseDocument(enc('Stanley Cups,,\r\nTeam,Location,Stanley Cups\r\nBlues,STL,1\r\n'), 'csv');
    expect(texts(doc.blocks)).toEqual(['Stanley Cups', 'Team: Blues\nLocation: STL\nStanley Cups: 1']);
  });

  it('refuses a CSV containing a NUL byte as corrupt', async () => {
    const err = await parseDocument(Uint8Array.from([0x61, 0x2c, 0x62, 0x0a, 0x00, 0x2c, 0x32, 0x0a]), 'csv').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect(err).toMatchObject({ code: 'corrupt' });
    expect((err as ParseError).message).toMatch(/NUL bytes/);
  });

  it('splits large files into several bounded table blocks, repeating the header in each', async () => {
    const lines = ['id,label'];
    for (let i = 0; i < 1000; i++) lines.push(`${i},row ${i}`);
    const doc = await parseDocument(enc(lines.join('\n')), 'csv', { rowsPerBlock: 300 });
    const rowsPerBlock = doc.blocks.map((b) => (b.kind === 'table' ? b.rows.length - 1 : 0));
    expect(rowsPerBlock).toEqual([300, 300, 300, 100]);
    for (const b of doc.blocks) expect(b.kind === 'table' && b.rows[0]).toEqual(['id', 'label']);
    expect(doc.blocks[3].text.startsWith('id: 900\nlabel: row 900')).toBe(true);
  });

  it('recovers from unbalanced quotes with a warning instead of failing', async () => {
    const doc = await parseDocument(enc('a,b\n1,"open quote never closed\n2,3\n'), 'csv');
    expect(doc.warnings.join(' ')).toMatch(/malformed quoting/);
    expect(texts(doc.blocks).join('\n')).toContain('open quote never closed');
  });

  it('keeps a header-only file and returns nothing for a file holding only a newline', async () => {
    expect(texts((await parseDocument(enc('only,a,header\n'), 'csv')).blocks)).toEqual(['only | a | header']);
    expect((await parseDocument(enc('\n'), 'csv')).blocks).toEqual([]);
  });

  it('enforces the character cap', async () => {
    const err = await parseDocument(enc('a\n' + 'x'.repeat(100) + '\n'), 'csv', { maxChars: 50 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'too_large' });
  });
});
