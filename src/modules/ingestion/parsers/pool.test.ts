import { afterAll, describe, expect, it } from 'vitest';
import { createParserPool } from './pool.js';
import { ParseError } from './types.js';

/** A CSV big enough that parsing it takes far longer than a 1 ms budget (worker start-up alone exceeds it). */
function bigCsv(rows: number): Uint8Array {
  const lines = ['id,name,comment'];
  for (let i = 0; i < rows; i++) lines.push(`${i},name ${i},"a comment, with a comma, number ${i}"`);
  return new TextEncoder().encode(lines.join('\n'));
}

const enc = (s: string) => new TextEncoder().encode(s);

describe('parser pool (worker threads)', () => {
  const pool = createParserPool({ maxThreads: 2 });
  afterAll(() => pool.close());

  it('parses in a worker and returns blocks', async () => {
    const doc = await pool.parse(enc('Hello pool.\n\nSecond paragraph.'), 'txt');
    expect(doc.format).toBe('txt');
    expect(doc.blocks.map((b) => b.text)).toEqual(['Hello pool.', 'Second paragraph.']);
  });

  it('rebuilds ParseError with its code across the thread boundary', async () => {
    const err = await pool.parse(enc('%PDF-1.7\nnot really a pdf'), 'pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).code).toBe('corrupt');
  });

  it('transfers a whole buffer instead of copying it, and copies a view of a larger buffer', async () => {
    const whole = enc('transfer me');
    await pool.parse(whole, 'txt');
    expect(whole.byteLength).toBe(0); // detached: it moved to the worker

    const backing = enc('xxkeep mexx');
    const view = backing.subarray(2, 9);
    const doc = await pool.parse(view, 'txt');
    expect(doc.blocks[0].text).toBe('keep me');
    expect(backing.byteLength).toBe(11);
  });

  it('stops a parse that exceeds the time limit, then parses the next file on the same pool', async () => {
    const err = await pool.parse(bigCsv(200_000), 'csv', { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).code).toBe('timeout');
    expect((err as ParseError).message).toMatch(/took longer than/);
    const doc = await pool.parse(enc('a,b\n1,2'), 'csv');
    expect(doc.blocks[0].text).toBe('a: 1\nb: 2');
  });

  it('applies the pool-wide time limit', async () => {
    const strict = createParserPool({ maxThreads: 1, timeoutMs: 1 });
    try {
      await expect(strict.parse(bigCsv(100_000), 'csv')).rejects.toMatchObject({ code: 'timeout' });
    } finally {
      await strict.close();
    }
  });

  it('turns a worker killed by its heap limit into out_of_memory, and replaces the worker', async () => {
    const small = createParserPool({ maxThreads: 1, maxOldGenerationSizeMb: 64, timeoutMs: 60_000 });
    try {
      const err = await small.parse(bigCsv(1_000_000), 'csv').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).code).toBe('out_of_memory');
      const doc = await small.parse(enc('after the crash'), 'txt');
      expect(doc.blocks[0].text).toBe('after the crash');
    } finally {
      await small.close();
    }
  });
});
