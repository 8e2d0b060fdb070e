import { describe, expect, it } from 'vitest';
import { createLimiter, type ParsedDocument } from '../../ingestion/index.js';
import { extractiveSummary } from './summary.js';
import { databaseError, failureMessage, withoutNul } from './errors.js';

/** Promise.withResolvers, which the ES2023 lib of this project does not type. */
function gate() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const doc = (blocks: ParsedDocument['blocks']): ParsedDocument => ({ format: 'txt', blocks, metadata: {}, warnings: [] });

describe('extractiveSummary', () => {
  it('takes the first meaningful sentences of the prose, up to ~400 characters', () => {
    const text = 'Page 1. The harbour was built in 1820 to serve the fishing fleet. It grew quickly. ' + 'Filler sentence about boats and nets. '.repeat(20);
    const summary = extractiveSummary(doc([{ kind: 'heading', level: 1, text: 'History of the harbour' }, { kind: 'paragraph', text }]))!;
    expect(summary.startsWith('The harbour was built in 1820')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(400);
    expect(summary).not.toContain('Page 1');
    expect(summary).not.toContain('History of the harbour');
  });

  it('falls back to any text (spreadsheets) and returns null for an empty document', () => {
    expect(extractiveSummary(doc([{ kind: 'table', rows: [['a', 'b']], text: 'a | b' }]))).toBe('a | b');
    expect(extractiveSummary(doc([]))).toBeNull();
  });

  it('cuts one over-long sentence with an ellipsis', () => {
    const summary = extractiveSummary(doc([{ kind: 'paragraph', text: 'word '.repeat(300) }]))!;
    expect(summary.length).toBeLessThanOrEqual(400);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('createLimiter', () => {
  it('never runs more than its slots at once, and hands slots over in order', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 6 }, () => gate());
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await gate.promise;
        running--;
      }),
    );
    for (const gate of gates) {
      await Promise.resolve();
      gate.resolve();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a waiter whose signal aborts leaves the line', async () => {
    const limiter = createLimiter(1);
    const held = gate();
    const first = limiter.run(() => held.promise);
    const abort = new AbortController();
    const second = limiter.run(async () => 'ran', abort.signal);
    abort.abort(new Error('stop'));
    await expect(second).rejects.toThrow('stop');
    held.resolve();
    await first;
    expect(await limiter.run(async () => 'free again')).toBe('free again');
  });
});

describe('errors', () => {
  it('finds the database error behind a wrapper and never shows SQL', () => {
    const wrapped = Object.assign(new Error('Failed query: INSERT INTO secret_table ...\nparams: x'), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
    expect(databaseError(wrapped)?.code).toBe('22021');
    expect(failureMessage(wrapped)).toBe('Indexing failed on a database error (22021): invalid byte sequence for encoding "UTF8": 0x00');
    expect(failureMessage(new Error('Failed query: SELECT 1'))).toBe('Indexing failed on a database error.');
  });

  it('replaces NUL everywhere in a parsed document, keeping lengths and untouched objects', () => {
    const clean = { blocks: [{ text: 'ok' }] };
    expect(withoutNul(clean)).toBe(clean);
    const dirty = { blocks: [{ text: 'a\u0000b', rows: [['c\u0000']] }], metadata: { 'k\u0000': 'v' } };
    const fixed = withoutNul(dirty);
    expect(JSON.stringify(fixed)).not.toContain('\\u0000');
    expect(fixed.blocks[0].text).toHaveLength(3);
  });
});
