import { describe, expect, it } from 'vitest';
import { createOfflineEmbedder } from './offline-embedder.js';
import { type EmbeddingProvider, embedInBatches } from './types.js';

const cos = (a: Float32Array, b: Float32Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
const norm = (a: Float32Array): number => Math.sqrt(cos(a, a));

describe('createOfflineEmbedder', () => {
  const e = createOfflineEmbedder();

  it('describes itself', () => {
    expect(e).toMatchObject({ provider: 'builtin', model: 'hashed-ngram-v1', dimensions: 384 });
    expect(e.maxBatchSize).toBeGreaterThan(0);
    expect(createOfflineEmbedder({ dimensions: 128 }).dimensions).toBe(128);
  });

  it('rejects out-of-range options', () => {
    expect(() => createOfflineEmbedder({ dimensions: 8 })).toThrow(RangeError);
    expect(() => createOfflineEmbedder({ dimensions: 384.5 })).toThrow(RangeError);
    expect(() => createOfflineEmbedder({ maxBatchSize: 0 })).toThrow(RangeError);
  });

  it('is deterministic across calls and instances', async () => {
    const text = 'Deterministic hashing: the same text always gives the same vector.';
    const [a, b] = await e.embed([text, text]);
    const c = createOfflineEmbedder().embedSync(text);
    expect(a).toBeInstanceOf(Float32Array);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).toEqual(Array.from(c));
  });

  it('returns unit-norm vectors of the configured size', async () => {
    const small = createOfflineEmbedder({ dimensions: 64 });
    const vectors = await small.embed(['one', 'a longer sentence with several words in it', '---', '42']);
    for (const v of vectors) {
      expect(v).toHaveLength(64);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it('scores similar texts higher than unrelated ones', () => {
    const cat = e.embedSync('the cat sat on the mat');
    const similar = e.embedSync('a cat sitting on a mat');
    const unrelated = e.embedSync('quarterly revenue grew');
    expect(cos(cat, similar)).toBeGreaterThan(cos(cat, unrelated) + 0.2);
    expect(cos(cat, cat)).toBeCloseTo(1, 5);
  });

  it('normalises case and compatibility forms (NFKC)', () => {
    expect(Array.from(e.embedSync('ＨＥＬＬＯ Ｗｏｒｌｄ'))).toEqual(Array.from(e.embedSync('hello world')));
  });

  it('uses word order through word pairs', () => {
    const a = e.embedSync('dog bites man');
    const b = e.embedSync('man bites dog');
    expect(cos(a, b)).toBeLessThan(0.99);
    expect(cos(a, b)).toBeGreaterThan(0.5);
  });

  it('handles CJK and Arabic text', () => {
    const zh = e.embedSync('我喜欢吃苹果');
    expect(norm(zh)).toBeCloseTo(1, 5);
    expect(cos(zh, e.embedSync('我很喜欢苹果'))).toBeGreaterThan(cos(zh, e.embedSync('今天天气很好')) + 0.2);
    const ja = e.embedSync('ひらがなとカタカナ');
    expect(norm(ja)).toBeCloseTo(1, 5);
    const ar = e.embedSync('القطة جلست على الحصيرة');
    expect(norm(ar)).toBeCloseTo(1, 5);
    expect(cos(ar, e.embedSync('جلست القطة على السجادة'))).toBeGreaterThan(cos(ar, e.embedSync('نمت الإيرادات الفصلية')) + 0.2);
  });

  it('gives the zero vector for empty text and a non-zero one for punctuation only', () => {
    expect(norm(e.embedSync(''))).toBe(0);
    expect(norm(e.embedSync(' \n\t '))).toBe(0);
    expect(norm(e.embedSync('-->'))).toBeCloseTo(1, 5);
  });

  it('rejects oversized batches and aborted signals', async () => {
    const tiny = createOfflineEmbedder({ maxBatchSize: 2 });
    await expect(tiny.embed(['a', 'b', 'c'])).rejects.toThrow(RangeError);
    const ac = new AbortController();
    ac.abort();
    await expect(e.embed(['a'], ac.signal)).rejects.toThrow();
  });
});

/** A fake provider that records batch sizes and returns `dims`-long vectors (or what `shape` says). */
function fakeProvider(
  maxBatchSize: number,
  dims: number,
  shape: (texts: string[]) => Float32Array[] | number[][] = (texts) => texts.map((t) => Array.from({ length: dims }, (_, d) => t.length + d)),
): EmbeddingProvider & { calls: number[] } {
  const calls: number[] = [];
  return {
    provider: 'fake',
    model: 'fake-model',
    dimensions: dims,
    maxBatchSize,
    calls,
    embed(texts: string[]) {
      calls.push(texts.length);
      return Promise.resolve(shape(texts));
    },
  };
}

describe('embedInBatches', () => {
  it('splits into batches of maxBatchSize, keeps order and reports progress', async () => {
    const p = fakeProvider(3, 4);
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'ggggggg'];
    const progress: [number, number][] = [];
    const out = await embedInBatches(p, texts, { onProgress: (done, total) => progress.push([done, total]) });
    expect(p.calls).toEqual([3, 3, 1]);
    expect(progress).toEqual([
      [3, 7],
      [6, 7],
      [7, 7],
    ]);
    expect(out).toHaveLength(7);
    out.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array);
      expect(Array.from(v)).toEqual([i + 1, i + 2, i + 3, i + 4]);
    });
  });

  it('works with the offline embedder', async () => {
    const e = createOfflineEmbedder({ dimensions: 32, maxBatchSize: 2 });
    const out = await embedInBatches(e, ['x', 'y', 'z']);
    expect(out.map((v) => v.length)).toEqual([32, 32, 32]);
    expect(Array.from(out[2])).toEqual(Array.from(e.embedSync('z')));
  });

  it('does nothing for no texts', async () => {
    const p = fakeProvider(3, 4);
    expect(await embedInBatches(p, [])).toEqual([]);
    expect(p.calls).toEqual([]);
  });

  it('throws a clear error on a dimension mismatch', async () => {
    const p = fakeProvider(2, 4, (texts) => texts.map((_, i) => (i === 1 ? [1, 2, 3] : [1, 2, 3, 4])));
    await expect(embedInBatches(p, ['a', 'b'])).rejects.toThrow(/fake\/fake-model.*expected vectors of 4 dimensions, got 3/);
  });

  it('throws on a wrong vector count and on non-finite values', async () => {
    const short = fakeProvider(5, 2, () => [[1, 2]]);
    await expect(embedInBatches(short, ['a', 'b'])).rejects.toThrow(/fake\/fake-model.*expected 2 vectors.*got 1/);
    const nan = fakeProvider(5, 2, (texts) => texts.map(() => [1, Number.NaN]));
    await expect(embedInBatches(nan, ['a'])).rejects.toThrow(/non-finite/);
  });

  it('stops when the signal is aborted', async () => {
    const p = fakeProvider(1, 2);
    const ac = new AbortController();
    const run = embedInBatches(p, ['a', 'b', 'c'], { signal: ac.signal, onProgress: (done) => done === 1 && ac.abort() });
    await expect(run).rejects.toThrow();
    expect(p.calls).toEqual([1]);
  });
});
