import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { linesToParagraphs, pageLines } from './pdf.js';
import { ParseError, type ParsedDocument } from './types.js';

/** Three pages: two paragraphs on page 1, nothing on page 2, words drawn one by one on page 3. */
async function samplePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Sample report');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const p1 = pdf.addPage([600, 800]);
  p1.drawText('Quarterly report', { x: 50, y: 740, size: 20, font });
  p1.drawText('Revenue grew by eleven percent', { x: 50, y: 700, size: 12, font });
  p1.drawText('in the third quarter.', { x: 50, y: 686, size: 12, font });
  p1.drawText('A second paragraph after a gap.', { x: 50, y: 600, size: 12, font });
  pdf.addPage([600, 800]); // blank: no text layer
  const p3 = pdf.addPage([600, 800]);
  // separate text objects per word, as many producers emit them, with real gaps between them
  let x = 50;
  for (const word of ['Words', 'drawn', 'separately']) {
    p3.drawText(word, { x, y: 700, size: 12, font });
    x += font.widthOfTextAtSize(word, 12) + 4;
  }
  return pdf.save();
}

/** RC4, for the 40-bit Standard security handler (pdf-lib cannot encrypt, so the test builds the file itself). */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const S = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + S[i] + key[i % key.length]) & 255;
    [S[i], S[j]] = [S[j], S[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + S[i]) & 255;
    [S[i], S[j]] = [S[j], S[i]];
    out[n] = data[n] ^ S[(S[i] + S[j]) & 255];
  }
  return out;
}

/** A one-page PDF encrypted with RC4-40 (V1/R2) and the given user password ("" opens without prompting). */
function encryptedPdf(userPassword: string, text: string): Uint8Array {
  const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
  const pad = (p: string) => Buffer.concat([Buffer.from(p, 'latin1'), PAD]).subarray(0, 32);
  const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const O = rc4(md5(pad('owner-secret')).subarray(0, 5), pad(userPassword));
  const P = Buffer.alloc(4);
  P.writeInt32LE(-44);
  const key = md5(pad(userPassword), O, P, id).subarray(0, 5);
  const U = rc4(key, PAD);
  const objKey = (num: number) => md5(key, Buffer.from([num & 255, (num >> 8) & 255, 0, 0, 0])).subarray(0, 10);
  const content = rc4(objKey(4), Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, 'latin1'));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the encrypted content stream, written as bytes below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${O.toString('hex')}> /U <${U.toString('hex')}> /P -44 >>`,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0].length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj =
      body === null
        ? Buffer.concat([Buffer.from(`${i + 1} 0 obj\n<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream\nendobj\n', 'latin1')])
        : Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(obj);
    length += obj.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  const trailer = `\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref + trailer, 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

async function parseError(p: Promise<unknown>): Promise<ParseError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ParseError);
  return err as ParseError;
}

describe('PDF extractor', () => {
  let bytes: Uint8Array;
  let doc: ParsedDocument;
  beforeAll(async () => {
    bytes = await samplePdf();
    doc = await parseDocument(bytes, 'pdf');
  });

  it('extracts text per page with page numbers', () => {
    expect(doc.pageCount).toBe(3);
    expect(doc.metadata.title).toBe('Sample report');
    const page1 = doc.blocks.filter((b) => b.page === 1).map((b) => b.text);
    expect(page1).toEqual(['Quarterly report', 'Revenue grew by eleven percent\nin the third quarter.', 'A second paragraph after a gap.']);
    expect(doc.blocks.some((b) => b.page === 2)).toBe(false);
  });

  it('puts spaces between separately drawn words', () => {
    expect(doc.blocks.filter((b) => b.page === 3).map((b) => b.text)).toEqual(['Words drawn separately']);
  });

  it('warns about a page without a text layer', () => {
    expect(doc.warnings).toContain('page 2 has no text layer (image only?)');
  });

  it('does not consume the caller\'s buffer', () => {
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('reads an encrypted PDF whose user password is empty', async () => {
    const open = await parseDocument(encryptedPdf('', 'Readable secret'), 'pdf');
    expect(open.blocks.map((b) => b.text)).toEqual(['Readable secret']);
  });

  it('refuses a PDF that needs a user password with password_protected', async () => {
    const err = await parseError(parseDocument(encryptedPdf('letmein', 'Hidden text'), 'pdf'));
    expect(err.code).toBe('password_protected');
    expect(err.message).toBe('The PDF is password-protected; upload it without a password.');
  });

  it('reports a truncated PDF as corrupt', async () => {
    const err = await parseError(parseDocument(bytes.subarray(0, Math.floor(bytes.length / 3)), 'pdf'));
    expect(err.code).toBe('corrupt');
    expect(err.message).toMatch(/damaged or truncated/);
  });

  it('reports garbage behind a PDF header and an empty file as corrupt', async () => {
    expect((await parseError(parseDocument(new TextEncoder().encode('%PDF-1.7\nthis is not a pdf'), 'pdf'))).code).toBe('corrupt');
    expect((await parseError(parseDocument(new Uint8Array(0), 'pdf'))).code).toBe('corrupt');
  });
});

describe('PDF line assembly', () => {
  const item = (str: string, x: number, y: number, width: number, hasEOL = false) => ({ str, transform: [10, 0, 0, 10, x, y], width, height: 10, hasEOL });

  it('joins kerned fragments without spaces, gapped words with one, and breaks lines on a new baseline', () => {
    const lines = pageLines([item('Hel', 0, 100, 15), item('lo', 15.5, 100, 10), item('world', 40, 100, 25), item('next line', 0, 86, 45)]);
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'next line']);
  });

  it('honours hasEOL and measures gaps right-to-left too', () => {
    expect(pageLines([item('one', 0, 100, 15, true), item('two', 20, 100, 15)]).map((l) => l.text)).toEqual(['one', 'two']);
    expect(pageLines([item('كلمة', 60, 100, 20), item('أخرى', 20, 100, 20)]).map((l) => l.text)).toEqual(['كلمة أخرى']);
  });

  it('starts a paragraph at a large vertical gap', () => {
    const paras = linesToParagraphs([
      { text: 'a', y: 100, size: 10 },
      { text: 'b', y: 88, size: 10 },
      { text: 'c', y: 40, size: 10 },
    ]);
    expect(paras).toEqual(['a\nb', 'c']);
  });
});
