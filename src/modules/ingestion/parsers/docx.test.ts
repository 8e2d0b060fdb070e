import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  EndnoteReferenceRun,
  Footer,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';
import { ParseError, type ParsedDocument } from './types.js';

async function sampleDocx(): Promise<Uint8Array> {
  const doc = new Document({
    creator: 'Test Author',
    title: 'Field manual',
    footnotes: { 1: { children: [new Paragraph('The footnote keeps a secret phrase.')] } },
    endnotes: { 1: { children: [new Paragraph('An endnote with its own phrase.')] } },
    comments: { children: [{ id: 0, author: 'Reviewer', date: new Date(0), children: [new Paragraph('A reviewer comment worth indexing.')] }] },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Confidential running header')] }) },
        footers: { default: new Footer({ children: [new Paragraph('Page footer text')] }) },
        children: [
          new Paragraph({ text: 'Field manual', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun('Intro paragraph with a note'), new FootnoteReferenceRun(1)] }),
          new Paragraph({
            children: [
              new CommentRangeStart(0),
              new TextRun('Commented words'),
              new CommentRangeEnd(0),
              new TextRun({ children: [new CommentReference(0)] }),
              new EndnoteReferenceRun(1),
            ],
          }),
          new Paragraph({ text: 'Packing list', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Tent and poles', bullet: { level: 0 } }),
          new Paragraph({ text: 'Water filter', bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: ['Item', 'Weight'].map((t) => new TableCell({ children: [new Paragraph(t)] })) }),
              new TableRow({ children: ['Stove', '350 g'].map((t) => new TableCell({ children: [new Paragraph(t)] })) }),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** Rewrites one part of a generated package, the way real producers differ from the docx library. */
function withPart(docx: Uint8Array, name: string, edit: (xml: string) => string): Uint8Array {
  const files = unzipSync(docx);
  files[name] = strToU8(edit(strFromU8(files[name])));
  return zipSync(files);
}

async function parseError(p: Promise<unknown>): Promise<ParseError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ParseError);
  return err as ParseError;
}

describe('DOCX extractor', () => {
  let bytes: Uint8Array;
  let doc: ParsedDocument;
  beforeAll(async () => {
    bytes = await sampleDocx();
    doc = await parseDocument(bytes, 'docx');
  });

  it('keeps headings, list items and tables as structure', () => {
    expect(doc.blocks).toContainEqual({ kind: 'heading', level: 1, text: 'Field manual' });
    expect(doc.blocks).toContainEqual({ kind: 'heading', level: 2, text: 'Packing list' });
    expect(doc.blocks).toContainEqual({ kind: 'list_item', text: 'Tent and poles' });
    expect(doc.blocks).toContainEqual({ kind: 'list_item', text: 'Water filter' });
    expect(doc.blocks).toContainEqual({ kind: 'table', rows: [['Item', 'Weight'], ['Stove', '350 g']], text: 'Item | Weight\nStove | 350 g' });
  });

  it('keeps footnotes, endnotes, comments, headers and footers as text', () => {
    const texts = doc.blocks.map((b) => b.text);
    for (const phrase of ['The footnote keeps a secret phrase.', 'An endnote with its own phrase.', 'A reviewer comment worth indexing.']) {
      expect(texts.some((t) => t.includes(phrase)), phrase).toBe(true);
    }
    expect(texts[0]).toBe('Confidential running header');
    expect(texts[texts.length - 1]).toBe('Page footer text');
    expect(doc.metadata).toMatchObject({ title: 'Field manual', author: 'Test Author' });
  });

  it('keeps the base text of ruby (furigana) and drops the reading', async () => {
    const ruby =
      '<w:r><w:ruby><w:rubyPr><w:hps w:val="11"/></w:rubyPr><w:rt><w:r><w:t>とうきょう</w:t></w:r></w:rt>' +
      '<w:rubyBase><w:r><w:t>東京</w:t></w:r></w:rubyBase></w:ruby></w:r><w:r><w:t>に行く</w:t></w:r>';
    const edited = withPart(bytes, 'word/document.xml', (xml) => xml.replace(/<w:r>(?:(?!<w:r>)[\s\S])*?Intro paragraph with a note[\s\S]*?<\/w:r>/, ruby));
    const text = (await parseDocument(edited, 'docx')).blocks.map((b) => b.text).join('\n');
    expect(text).toContain('東京に行く');
    expect(text).not.toContain('とうきょう');
  });

  it('reads text boxes', async () => {
    const box =
      '<w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent><w:p><w:r><w:t>Datum plane in a box</w:t></w:r></w:p>' +
      '</w:txbxContent></v:textbox></v:shape></w:pict></w:r>';
    const edited = withPart(bytes, 'word/document.xml', (xml) => xml.replace('<w:r><w:t xml:space="preserve">Intro paragraph with a note</w:t></w:r>', box));
    expect((await parseDocument(edited, 'docx')).blocks.map((b) => b.text).join('\n')).toContain('Datum plane in a box');
  });

  it('falls back to the raw paragraphs, with a warning, when mammoth cannot read the package', async () => {
    const files = unzipSync(bytes);
    files['word/_rels/document.xml.rels'] = strToU8('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship');
    const raw = await parseDocument(zipSync(files), 'docx');
    expect(raw.metadata.reader).toBe('raw');
    expect(raw.warnings[0]).toMatch(/extracted without formatting/);
    const texts = raw.blocks.map((b) => b.text);
    for (const t of ['Field manual', 'Tent and poles', 'Stove', 'The footnote keeps a secret phrase.', 'Confidential running header']) expect(texts).toContain(t);
  });

  it('refuses a truncated file and an archive without a document part', async () => {
    expect((await parseError(parseDocument(bytes.subarray(0, bytes.length - 100), 'docx'))).message).toBe(
      'The file is truncated or not a valid DOCX archive.',
    );
    const notWord = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') });
    const err = await parseError(parseDocument(notWord, 'docx'));
    expect(err.code).toBe('corrupt');
    expect(err.message).toMatch(/no Word document part \(it looks like an Excel workbook\)/);
  });

  it('reports a damaged compressed part as corrupt', async () => {
    const files = unzipSync(bytes);
    const zip = zipSync(files, { level: 6 });
    // overwrite bytes inside the compressed document.xml (the first local entry's data after its header)
    const name = 'word/document.xml';
    const at = Buffer.from(zip).indexOf(name) + name.length + 200;
    const damaged = zip.slice();
    damaged.fill(0x41, at, at + 64);
    const err = await parseError(parseDocument(damaged, 'docx'));
    expect(err.code).toBe('corrupt');
  });
});
