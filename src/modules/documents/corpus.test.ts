import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { allChunks, getDocument, upload } from '../../../test/support/documents.js';
import { eventually } from '../../../test/support/eventually.js';

/**
 * The shared real-world corpus (../shared/corpus, see its README): every file goes through the upload API and
 * the pipeline. Supported files must end indexed with their expected phrase in their chunks; the ones the
 * manifest says must fail (broken/*, the user-password PDF) must be refused (4xx) or end in error with a
 * message. A table per format is printed for docs/benchmarks.md.
 */
const CORPUS = path.resolve(process.cwd(), '../shared/corpus');
const present = existsSync(path.join(CORPUS, 'MANIFEST.tsv'));

interface Row {
  path: string;
  format: string;
  bytes: number;
  notes: string;
  expected: string;
}

async function manifest(): Promise<Row[]> {
  const lines = (await readFile(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8')).split('\n').filter((l) => l.trim());
  const header = lines[0].split('\t');
  const col = (name: string) => header.indexOf(name);
  return lines.slice(1).map((line) => {
    const f = line.split('\t');
    return { path: f[col('path')], format: f[col('format')], bytes: Number(f[col('bytes')]), notes: f[col('notes')], expected: f[col('expected_phrase')] ?? '' };
  });
}

/** The README's normalisation: NFKC, no soft hyphens, zero-width, BOM or bidi controls, whitespace collapsed. */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const mustFail = (row: Row) => row.path.startsWith('broken/') || row.path === 'pdf/unst__password.pdf';
/** An empty document (no phrase to find): refused at upload when it has no bytes, else it ends error "No text found". */
const textless = (row: Row) => !row.expected && !mustFail(row);

interface Outcome {
  row: Row;
  ok: boolean;
  how: string;
  ms: number;
  stats?: Record<string, number>;
}

// On the embedded database only: what the corpus proves is extraction (every format, every phrase), the same code
// on either database, and it is the suite's longest file (~2.5 minutes of parsing). The pipeline's database writes
// run on PostgreSQL in the indexing, upload and bulk tests.
describe.skipIf(!present || onPostgres)(`corpus (${CORPUS})`, () => {
  let t: TestService;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await startTestService({ env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' } });
    tenant = await createTenant(t, 'Corpus');
  });
  afterAll(async () => t?.close());

  it('every manifest file ends as the manifest says', { timeout: 45 * 60_000 }, async () => {
    const rows = await manifest();
    const started = Date.now();
    // Largest first, so the long ones overlap with everything else.
    const queue = [...rows].sort((x, y) => y.bytes - x.bytes);
    const uploads = new Map<Row, { status: number; id?: string; detail?: unknown; at: number }>();
    const uploaders = Array.from({ length: 4 }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const bytes = await readFile(path.join(CORPUS, row.path));
        const res = await upload(t, tenant, path.basename(row.path), bytes);
        uploads.set(row, { status: res.statusCode, id: res.json().document_id, detail: res.json().detail, at: Date.now() });
      }
    });
    await Promise.all(uploaders);

    const outcomes: Outcome[] = await Promise.all(
      rows.map(async (row): Promise<Outcome> => {
        const up = uploads.get(row)!;
        if (up.status !== 201) {
          // A refusal says why: a text, or the validation shape's list (a 0-byte file is a 422 on its `file` field).
          const said = typeof up.detail === 'string' ? up.detail : JSON.stringify(up.detail ?? '');
          const ok = (mustFail(row) || textless(row)) && up.status >= 400 && up.status < 500 && said.length > 10;
          return { row, ok, how: `${up.status} ${said}`, ms: 0 };
        }
        const doc = await eventually(`${row.path} to settle`, () => getDocument(t, tenant, up.id!), (d) => d.status === 'indexed' || d.status === 'error', 40 * 60_000, 1000);
        const ms = Date.parse(doc.updated_at) - up.at;
        const jobs = (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${up.id}/jobs`, headers: tenant.auth() })).json();
        const stats = { ...jobs.at(-1)?.stats, attempts: jobs.at(-1)?.attempts };
        if (mustFail(row)) {
          const ok = doc.status === 'error' && Boolean(doc.error) && (row.path !== 'pdf/unst__password.pdf' || /password/i.test(doc.error));
          return { row, ok, how: doc.status === 'error' ? `error: ${doc.error}` : `${doc.status} (${doc.chunk_count} chunks) but must fail`, ms, stats };
        }
        if (doc.status !== 'indexed') return { row, ok: textless(row) && /no text found/i.test(doc.error ?? ''), how: `error: ${doc.error}`, ms, stats };
        if (!row.expected) return { row, ok: true, how: `indexed, ${doc.chunk_count} chunks (no phrase to find)`, ms, stats };
        // Own content of each chunk (the overlap prefix dropped), in order: the document text, chunk by chunk.
        const chunks = await allChunks(t, tenant, up.id!);
        const text = normalise(chunks.map((c) => c.text.slice(c.text.length - (c.char_end - c.char_start))).join(' '));
        const found = text.includes(normalise(row.expected));
        return { row, ok: found, how: found ? `indexed, ${doc.chunk_count} chunks, phrase found` : `indexed, ${doc.chunk_count} chunks, phrase NOT found: ${row.expected}`, ms, stats };
      }),
    );

    report(outcomes, Date.now() - started);
    expect(outcomes.filter((o) => !o.ok).map((o) => `${o.row.path}: ${o.how}`)).toEqual([]);
  });
});

// Says why nothing ran, and only then: a skipped describe would still list this line when the corpus ran.
if (!present) {
  describe('corpus', () => {
    it.skip(`no corpus at ${CORPUS} (MANIFEST.tsv missing)`, () => {});
  });
}

function report(outcomes: Outcome[], totalMs: number): void {
  const formats = [...new Set(outcomes.map((o) => (o.row.path.startsWith('broken/') ? 'broken' : o.row.format)))];
  const lines = ['', `Corpus results (${outcomes.length} files, ${(totalMs / 1000).toFixed(0)} s wall time)`, '', '| format | files | pass | fail | slowest (s) |', '|---|---|---|---|---|'];
  for (const format of formats) {
    const of = outcomes.filter((o) => (o.row.path.startsWith('broken/') ? 'broken' : o.row.format) === format);
    const pass = of.filter((o) => o.ok).length;
    const slowest = Math.max(...of.map((o) => o.ms)) / 1000;
    lines.push(`| ${format} | ${of.length} | ${pass} | ${of.length - pass} | ${slowest.toFixed(1)} |`);
  }
  const pass = outcomes.filter((o) => o.ok).length;
  lines.push(`| all | ${outcomes.length} | ${pass} | ${outcomes.length - pass} | |`, '');
  for (const o of outcomes) lines.push(`${o.ok ? 'PASS' : 'FAIL'}  ${o.row.path}  (${(o.ms / 1000).toFixed(1)} s)  ${o.how.slice(0, 200)}`);
  // Where the time goes for the biggest jobs (ms per step; `ms` above also counts waiting in the queue).
  const heavy = outcomes.filter((o) => o.stats?.total_ms).sort((x, y) => y.stats!.total_ms - x.stats!.total_ms).slice(0, 10);
  lines.push('', '| file | chunks | parse | chunk | embed | write | total (ms) |', '|---|---|---|---|---|---|---|');
  for (const o of heavy) {
    const s = o.stats!;
    lines.push(`| ${o.row.path} | ${s.chunks} | ${s.parse_ms} | ${s.chunk_ms} | ${s.embed_ms} | ${s.write_ms} | ${s.total_ms} |`);
  }
  console.log(lines.join('\n'));
}
