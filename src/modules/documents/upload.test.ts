import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFHexString } from 'pdf-lib';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { allChunks, indexedOk, settled, upload, uploadOk } from '../../../test/support/documents.js';
import { makeDocx, makeEncryptedOffice, makePdf, makeXlsx, makeZipBomb } from '../../../test/support/fixtures.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  // Small upload limits make the 413 paths cheap to reach.
  t = await startTestService({ env: { UPLOAD_MAX_BYTES: String(3 * 1024 * 1024), UPLOAD_MAX_BYTES_MARKDOWN: '4096' } });
  [a, b] = await Promise.all([createTenant(t, 'Uploads A'), createTenant(t, 'Uploads B')]);
});
afterAll(async () => t?.close());

const text = (chunks: any[]) => chunks.map((c) => c.text).join('\n');

describe('upload: accepted formats, indexed with their structure', () => {
  it('PDF: two pages, page numbers on chunks', async () => {
    const pdf = await makePdf([['Alpha page talks about glaciers.'], ['Beta page talks about volcanoes.']]);
    const res = await upload(t, a, 'report.pdf', pdf);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', filename: 'report.pdf', mime_type: 'application/pdf', size_bytes: pdf.length, memory_id: null, folder_id: null });
    expect(Date.parse(body.created_at)).not.toBeNaN();
    const doc = await indexedOk(t, a, body.document_id);
    expect(doc.page_count).toBe(2);
    const chunks = await allChunks(t, a, body.document_id);
    expect(doc.chunk_count).toBe(chunks.length);
    expect(chunks.find((c) => c.text.includes('glaciers'))?.page).toBe(1);
    expect(chunks.find((c) => c.text.includes('volcanoes'))?.page).toBe(2);
  });

  it('PDF: a page without text is indexed, with a warning on the job', async () => {
    const id = await uploadOk(t, a, 'scan.pdf', await makePdf([['Only the first page has text.'], []]));
    const doc = await indexedOk(t, a, id);
    expect(doc.page_count).toBe(2);
    const [job] = (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/jobs`, headers: a.auth() })).json();
    expect(job.warnings).toEqual([expect.stringMatching(/page 2 has no text layer/)]);
  });

  it('DOCX: headings become the section of their chunks', async () => {
    const docx = await makeDocx([
      { heading: 'Introduction', paragraphs: ['The introduction mentions aardvarks.'] },
      { heading: 'Methods', paragraphs: ['The methods mention pangolins.'] },
    ]);
    const id = await uploadOk(t, a, 'paper.docx', docx);
    await indexedOk(t, a, id);
    const chunks = await allChunks(t, a, id);
    expect(chunks.find((c) => c.text.includes('pangolins'))?.section).toContain('Methods');
    expect(chunks.find((c) => c.text.includes('aardvarks'))?.section).toContain('Introduction');
  });

  it('XLSX: the sheet name is on the chunks', async () => {
    const xlsx = await makeXlsx({ Fruit: [['name', 'colour'], ['kumquat', 'orange']], Veg: [['name'], ['rutabaga']] });
    const id = await uploadOk(t, a, 'book.xlsx', xlsx);
    await indexedOk(t, a, id);
    const chunks = await allChunks(t, a, id);
    expect(chunks.find((c) => c.text.includes('kumquat'))?.sheet).toBe('Fruit');
    expect(chunks.find((c) => c.text.includes('rutabaga'))?.sheet).toBe('Veg');
  });

  it.each([
    ['data.csv', 'city,river\nParis,Seine\nLondon,Thames\n', 'Thames', 'text/csv'],
    ['notes.md', '# Title\n\nMarkdown about **lighthouses**.\n\n## Part\n\nMore about buoys.\n', 'lighthouses', 'text/markdown'],
    ['page.html', '<html><head><title>T</title><script>var hidden = "scriptword";</script></head><body><h1>Head</h1><p>HTML about harbours.</p></body></html>', 'harbours', 'text/html'],
    ['plain.txt', 'Plain text about windmills.', 'windmills', 'text/plain'],
    ['doc.mdx', 'import X from "./x"\n\n# Hello\n\nMDX prose about comets.\n\n<X />\n', 'comets', 'text/mdx'],
  ])('%s is indexed and searchable by its text', async (filename, content, word, mime) => {
    const res = await upload(t, a, filename, content);
    expect(res.statusCode).toBe(201);
    expect(res.json().mime_type).toBe(mime);
    await indexedOk(t, a, res.json().document_id);
    const chunks = await allChunks(t, a, res.json().document_id);
    expect(text(chunks)).toContain(word);
    expect(text(chunks)).not.toContain('scriptword');
  });

  it('markdown headings become sections', async () => {
    const id = await uploadOk(t, a, 'sections.md', '# Top\n\nIntro words.\n\n## Deeper\n\nThe deeper part mentions otters.\n');
    await indexedOk(t, a, id);
    const otter = (await allChunks(t, a, id)).find((c) => c.text.includes('otters'));
    expect(otter.section).toContain('Deeper');
  });

  it('tags come comma-separated or repeated, trimmed and de-duplicated', async () => {
    const res = await upload(t, a, 'tagged.txt', 'tagged text', { fields: { tags: [' red, blue ', 'blue', 'green'] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().tags).toEqual(['red', 'blue', 'green']);
  });

  it('a file that parses to no text ends in error saying so, never indexed with no chunks', async () => {
    const id = await uploadOk(t, a, 'blank.txt', ' \n\t\n   \n');
    const doc = await settled(t, a, id);
    expect(doc).toMatchObject({ status: 'error', chunk_count: 0 });
    expect(doc.error).toMatch(/^No text found in the file/);
    const [job] = (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/jobs`, headers: a.auth() })).json();
    expect(job).toMatchObject({ status: 'failed', error: doc.error });
  });
});

describe('upload: filenames are metadata only', () => {
  it.each([
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['..\\..\\windows\\win.ini.txt', 'win.ini.txt'],
    ['bad\u0000name\u0007.txt', 'badname.txt'],
    ['rtl\u202Etxt.exe.txt', 'rtltxt.exe.txt'],
    ['   spaced   out   .txt', 'spaced out .txt'],
  ])('%j is shown as %j', async (raw, shown) => {
    const res = await upload(t, a, raw, 'content');
    expect(res.statusCode).toBe(201);
    expect(res.json().filename).toBe(shown);
  });

  it('a 300-byte name is capped and keeps its extension', async () => {
    const res = await upload(t, a, `${'n'.repeat(296)}.pdf`, await makePdf([['long name']]));
    expect(res.statusCode).toBe(201);
    const name = res.json().filename as string;
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('a name with only a path is refused as having no extension', async () => {
    const res = await upload(t, a, '../', 'x');
    expect(res.statusCode).toBe(415);
  });

  it('a Unicode name survives and is returned in Content-Disposition', async () => {
    const id = await uploadOk(t, a, 'résumé «final».txt', 'bonjour');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/file`, headers: a.auth() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''r%C3%A9sum%C3%A9%20%C2%ABfinal%C2%BB.txt`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('bonjour');
  });
});

describe('upload: refusals store nothing', () => {
  async function countDocuments(tenant: TestTenant) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/documents/indexation-progress', headers: tenant.auth() });
    return res.json().total as number;
  }

  it.each([
    ['program.exe', Buffer.from('MZ\x90\x00binary'), /not supported/],
    ['noext', Buffer.from('text'), /no extension/],
    ['image.txt', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]), /JPEG/],
    ['binary.txt', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), /binary|not text/],
    ['fake.pdf', Buffer.from('just text, no header'), /not a PDF/],
    ['fake.docx', Buffer.from('just text'), /not a Word document/],
    ['locked.docx', makeEncryptedOffice(), /encrypted/i],
    ['locked.xlsx', makeEncryptedOffice(), /encrypted/i],
  ])('%s → 415 with a clear detail', async (filename, bytes, detail) => {
    const before = await countDocuments(b);
    const res = await upload(t, b, filename, bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(detail);
    expect(await countDocuments(b)).toBe(before);
  });

  it.each(['empty.txt', 'empty.pdf', 'empty.xlsx'])('a 0-byte %s → 422 naming the file field, whatever its format', async (filename) => {
    const before = await countDocuments(b);
    const res = await upload(t, b, filename, Buffer.alloc(0));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'file'], msg: expect.stringMatching(/file is empty \(0 bytes\)/), type: 'empty_file' })]);
    expect(await countDocuments(b)).toBe(before);
  });

  it('a file over the upload limit → 413', async () => {
    const res = await upload(t, b, 'big.txt', Buffer.alloc(3 * 1024 * 1024 + 10, 'a'));
    expect(res.statusCode).toBe(413);
  });

  it('Markdown and MDX over their own limit → 413 at once, naming the format and the limit; the same bytes as text are accepted', async () => {
    const before = await countDocuments(b);
    const markdown = `# Big\n\n${'A paragraph of Markdown. '.repeat(200)}\n`;
    for (const [filename, name] of [['big.md', 'Markdown'], ['big.mdx', 'MDX']]) {
      const res = await upload(t, b, filename, markdown);
      expect(res.statusCode, filename).toBe(413);
      expect(res.json()).toEqual({ code: 'document_too_large_for_format', detail: expect.stringContaining(`${name} files may be at most 4,096 bytes`) });
      expect(res.json().detail).toContain(`of ${Buffer.byteLength(markdown).toLocaleString('en-US')} bytes`);
    }
    expect(await countDocuments(b)).toBe(before);
    expect((await upload(t, b, 'fits.md', markdown.slice(0, 4096))).statusCode).toBe(201);
    expect((await upload(t, b, 'big.txt', markdown)).statusCode).toBe(201);
  });

  it('no file part → 422; a JSON body → 422', async () => {
    const { multipart } = await import('../../../test/support/documents.js');
    const form = multipart([{ name: 'memory_id', value: '' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/documents/', headers: { ...b.auth(), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'file']);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/documents/', headers: b.auth(), payload: { file: 'x' } });
    expect(json.statusCode).toBe(422);
  });

  it('a malformed memory_id → 422; another tenant\'s memory or folder → 404', async () => {
    expect((await upload(t, b, 'x.txt', 'x', { fields: { memory_id: 'not-a-uuid' } })).statusCode).toBe(422);
    const memory = await t.app.inject({ method: 'POST', url: '/api/v1/memories', headers: a.auth(), payload: { name: 'A memory' } });
    expect(memory.statusCode).toBe(201);
    const folder = await t.app.inject({ method: 'POST', url: '/api/v1/folders', headers: a.auth(), payload: { name: 'A folder' } });
    expect(folder.statusCode).toBe(201);
    const before = await countDocuments(b);
    const r1 = await upload(t, b, 'x.txt', 'x', { fields: { memory_id: memory.json().id } });
    expect(r1.statusCode).toBe(404);
    const r2 = await upload(t, b, 'x.txt', 'x', { fields: { folder_id: folder.json().id } });
    expect(r2.statusCode).toBe(404);
    expect(await countDocuments(b)).toBe(before);
    // The owner can use them.
    const ok = await upload(t, a, 'x.txt', 'x', { fields: { memory_id: memory.json().id, folder_id: folder.json().id } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ memory_id: memory.json().id, folder_id: folder.json().id });
  });

  it('documents:read alone cannot upload (403); no credentials → 401', async () => {
    const reader = await a.apiKey(['documents:read']);
    expect((await upload(t, a, 'x.txt', 'x', { token: reader.key })).statusCode).toBe(403);
    const ingester = await a.apiKey(['documents:ingest']);
    expect((await upload(t, a, 'x.txt', 'x', { token: ingester.key })).statusCode).toBe(201);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/documents/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bad content that passes the format check ends in error, never a crash', () => {
  async function expectError(filename: string, bytes: Buffer | Uint8Array, message: RegExp) {
    const res = await upload(t, a, filename, bytes);
    if (res.statusCode === 415) {
      expect(res.json().detail).toMatch(message);
      return;
    }
    expect(res.statusCode).toBe(201);
    const doc = await settled(t, a, res.json().document_id);
    expect(doc.status).toBe('error');
    expect(doc.error).toMatch(message);
    const jobs = (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${doc.document_id}/jobs`, headers: a.auth() })).json();
    expect(jobs.at(-1)).toMatchObject({ status: 'failed', error: doc.error });
    expect(jobs.at(-1).finished_at).not.toBeNull();
  }

  it('a truncated PDF', async () => {
    const pdf = await makePdf([['Truncated document text.'.repeat(20)], ['Second page.']]);
    await expectError('cut.pdf', pdf.subarray(0, Math.floor(pdf.length * 0.4)), /PDF/);
  });

  it('a corrupt PDF (header only)', async () => {
    await expectError('header.pdf', Buffer.from('%PDF-1.7\n%garbage without objects\n'), /PDF/);
  });

  it('a PDF that needs a user password', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('secret');
    const encrypt = pdf.context.obj({
      Filter: PDFName.of('Standard'),
      V: 1,
      R: 2,
      O: PDFHexString.of('00'.repeat(32)),
      U: PDFHexString.of('11'.repeat(32)),
      P: -4,
    });
    pdf.context.trailerInfo.Encrypt = pdf.context.register(encrypt);
    pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of('ab'.repeat(16)), PDFHexString.of('ab'.repeat(16))]);
    await expectError('locked.pdf', Buffer.from(await pdf.save({ useObjectStreams: false })), /password/i);
  });

  it('a truncated DOCX and a corrupt XLSX', async () => {
    const docx = await makeDocx([{ heading: 'H', paragraphs: ['p'.repeat(2000)] }]);
    await expectError('cut.docx', docx.subarray(0, Math.floor(docx.length / 2)), /DOCX|Word|truncated/i);
    const xlsx = await makeXlsx({ S: [['a', 'b']] });
    const corrupt = Buffer.from(xlsx);
    corrupt.fill(0x41, 100, 400); // inside the first member's compressed data
    await expectError('corrupt.xlsx', corrupt, /XLSX|Excel|corrupt|read/i);
  });

  it('a ZIP bomb named .docx', async () => {
    await expectError('bomb.docx', makeZipBomb(), /too large|uncompressed|bomb|expand|ratio|parts/i);
  });

  it('a CSV with a NUL byte is refused or fails cleanly', async () => {
    const res = await upload(t, a, 'nul.csv', Buffer.from('a,b\n\u0000c,d\n'));
    expect([201, 415]).toContain(res.statusCode);
    if (res.statusCode === 201) expect(['indexed', 'error']).toContain((await settled(t, a, res.json().document_id)).status);
  });
});
