import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat } from './detect.js';
import { createParserPool, type ParserPool } from './pool.js';
import { ParseError } from './types.js';

/**
 * The shared real-world corpus (../shared/corpus, see its README): every file goes through detectFormat and
 * the worker pool, exactly as uploads do. Files outside broken/ must yield their expected phrase; broken
 * files must be refused or fail with a ParseError — never another exception, never a hang.
 */

const CORPUS = path.resolve(process.cwd(), '../shared/corpus');
const present = existsSync(path.join(CORPUS, 'MANIFEST.tsv'));

interface Row {
  path: string;
  format: string;
  bytes: number;
  sha256: string;
  phrase: string;
}

function manifest(): Row[] {
  // Tab-separated, no quoting (phrases may contain a literal ").
  const [header, ...lines] = readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8').split('\n').filter(Boolean);
  const cols = header.split('\t');
  const at = (name: string) => cols.indexOf(name);
  return lines.map((line) => {
    const f = line.split('\t');
    return { path: f[at('path')], format: f[at('format')], bytes: Number(f[at('bytes')]), sha256: f[at('sha256')], phrase: f[at('expected_phrase')] ?? '' };
  });
}

/** The manifest's normalisation: NFKC, no soft hyphens / zero-width / bidi controls / BOM, whitespace collapsed. */
const normalise = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\u00AD\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

type Outcome = 'found' | 'empty ok' | 'refused' | 'parse error' | 'FAILED';

if (!present) console.log(`corpus.test.ts: SKIPPED — no corpus at ${CORPUS}`);

(present ? describe : describe.skip)(`real-world corpus${present ? '' : ` (SKIPPED: ${CORPUS} not found)`}`, () => {
  const rows = present ? manifest() : [];
  // The pool's limit is below the test's, so a runaway parse surfaces as a ParseError('timeout'), not a test timeout.
  let pool: ParserPool;
  beforeAll(() => {
    pool = createParserPool({ maxThreads: 2, timeoutMs: 90_000 });
  });
  const results = new Map<string, { format: string; outcome: Outcome; ms: number }>();

  afterAll(async () => {
    await pool.close();
    const table: Record<string, Record<Outcome | 'total', number>> = {};
    for (const { format, outcome } of results.values()) {
      table[format] ??= { total: 0, found: 0, 'empty ok': 0, refused: 0, 'parse error': 0, FAILED: 0 };
      table[format].total++;
      table[format][outcome]++;
    }
    console.log('Corpus results per format (broken/ files are counted under "refused" / "parse error"):');
    console.table(table);
    const slow = [...results.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 5);
    console.log('Slowest files (wall clock, including time queued for a free worker):', slow.map(([p, r]) => `${p} ${r.ms} ms`).join('; '));
  });

  it.concurrent.each(rows.map((r) => [r.path, r] as const))('%s', async (_, row) => {
    const bytes = new Uint8Array(readFileSync(path.join(CORPUS, row.path)));
    expect(bytes.length).toBe(row.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
    const broken = row.path.startsWith('broken/');
    const started = Date.now();
    const record = (outcome: Outcome) => results.set(row.path, { format: broken ? 'broken' : row.format, outcome, ms: Date.now() - started });
    record('FAILED'); // overwritten below unless an assertion fails first

    const detected = detectFormat(bytes, row.path);
    if (!detected.ok) {
      expect(broken, `refused: ${detected.detail}`).toBe(true);
      expect(detected.detail.length).toBeGreaterThan(10);
      record('refused');
      return;
    }
    expect(detected.format).toBe(row.format);

    const outcome = await pool.parse(bytes, detected.format, { filename: row.path }).then(
      (doc) => ({ doc, error: undefined }),
      (error: unknown) => ({ doc: undefined, error }),
    );
    if (outcome.error !== undefined) {
      expect(outcome.error, String(outcome.error)).toBeInstanceOf(ParseError);
      const err = outcome.error as ParseError;
      expect(err.message).not.toMatch(/parser stopped unexpectedly/); // a worker crash is never acceptable
      if (row.path === 'pdf/unst__password.pdf') {
        expect(err.code).toBe('password_protected');
        record('parse error');
        return;
      }
      expect(broken, `${err.code}: ${err.message}`).toBe(true);
      record('parse error');
      return;
    }
    // The corpus README tolerates partial recovery of broken files; our contract is stricter: refuse or fail.
    expect(broken, 'a broken file parsed without error').toBe(false);
    expect(row.path).not.toBe('pdf/unst__password.pdf');
    const doc = outcome.doc!;
    if (row.phrase) {
      const text = normalise(doc.blocks.map((b) => b.text).join('\n'));
      expect(text.includes(normalise(row.phrase)), `phrase "${row.phrase}" not found`).toBe(true);
      record('found');
    } else {
      record('empty ok');
    }
  }, 120_000);
});
