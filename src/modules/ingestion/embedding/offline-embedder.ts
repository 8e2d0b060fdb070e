/**
 * Built-in offline embedder ('builtin' / 'hashed-ngram-v1'): deterministic feature hashing, no network,
 * no model download.
 *
 * HONEST SCOPE: this measures LEXICAL similarity (shared words, word pairs and word fragments), not meaning.
 * "cat on a mat" is close to "cats sitting on mats" because they share words and character n-grams; it is
 * NOT close to "feline resting on a rug" (synonyms share nothing). Use it for offline/dev setups and as a
 * fallback; configure a real embedding model for semantic retrieval.
 *
 * Features (after NFKC normalisation and lower-casing):
 *  - words (runs of letters, digits and marks) in scripts that separate words with spaces (Latin, Cyrillic,
 *    Greek, Arabic, Hebrew, Devanagari, Hangul, ...): the word, the pair (previous word, word), and the
 *    character 3- and 4-grams of the word framed by boundary markers (fastText-style, so inflections and
 *    typos still share features);
 *  - runs of Han, Hiragana, Katakana, Thai, Lao, Khmer and Myanmar (scripts written without spaces): single
 *    characters and character bigrams, which need no word segmentation;
 *  - text with none of the above (e.g. only punctuation): character 3-grams of the non-space characters.
 * Each distinct feature gets weight typeWeight * (1 + ln tf) (sublinear tf), is hashed (FNV-1a + murmur3
 * finaliser, 32 bits) to one of `dimensions` buckets with a hashed sign (+/-, so collisions cancel out in
 * expectation), and the vector is L2-normalised. Empty or whitespace-only text gives the zero vector.
 */
import type { EmbeddingProvider } from './types.js';

export const OFFLINE_PROVIDER = 'builtin';
export const OFFLINE_MODEL = 'hashed-ngram-v1';

export interface OfflineEmbedderOptions {
  /** Vector length, 16..4096; default 384. */
  dimensions?: number;
  /** Texts per embed() call; default 256. */
  maxBatchSize?: number;
}

export interface OfflineEmbedder extends EmbeddingProvider {
  readonly provider: typeof OFFLINE_PROVIDER;
  readonly model: typeof OFFLINE_MODEL;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Synchronous single-text variant (e.g. for query embedding). */
  embedSync(text: string): Float32Array;
}

// Feature-type weights. Words carry most of the signal; pairs add phrase/order information; character
// n-grams are many per word, so each gets a small weight.
const W_WORD = 1.0;
const W_PAIR = 0.6;
const W_CHAR3 = 0.3;
const W_CHAR4 = 0.3;
const W_CJK_UNI = 0.5;
const W_CJK_BI = 1.0;
const W_FALLBACK = 1.0;

// Seeds separate the feature types in hash space.
const FNV_OFFSET = 0x811c9dc5;
const SEED_PAIR = 0x27d4eb2f;
const SEED_CHAR3 = 0x165667b1;
const SEED_CHAR4 = 0x1b873593;
const SEED_CJK_UNI = 0x68e31da4;
const SEED_CJK_BI = 0x7feb352d;
const SEED_FALLBACK = 0x2c1b3c6d;
const MARK_START = 0x02;
const MARK_END = 0x03;

/** Scripts written without spaces between words. */
const NO_SPACE_SCRIPTS = String.raw`\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmr}\p{scx=Mymr}`;
/**
 * Group 1: a run of letters/marks of no-space scripts; else a run of other letters/digits/marks (digits
 * never join a no-space run). Built with RegExp() because TypeScript's ES2023 target rejects the `v` flag
 * in literals; Node >= 20 supports it.
 */
const TOKEN_RE = new RegExp(
  String.raw`([[\p{L}\p{M}]&&[${NO_SPACE_SCRIPTS}]]+)|[[\p{L}\p{N}\p{M}]--[${NO_SPACE_SCRIPTS}]]+`,
  'gv',
);

/** murmur3 32-bit finaliser: spreads FNV's weak low bits before the modulo. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Distinct-feature accumulator: open addressing over 32-bit keys with generation stamps, so it is reused
 * across texts without clearing.
 */
class FeatureTable {
  private cap = 1024;
  private keys = new Uint32Array(this.cap);
  private counts = new Uint32Array(this.cap);
  private weights = new Float32Array(this.cap);
  private stamps = new Uint32Array(this.cap);
  private gen = 0;
  private used = new Int32Array(this.cap >> 1);
  size = 0;

  reset(): void {
    this.size = 0;
    this.gen++;
    if (this.gen === 0xffffffff) {
      this.stamps.fill(0);
      this.gen = 1;
    }
  }

  add(key: number, weight: number): void {
    if (this.size >= this.cap >> 1) this.grow();
    const mask = this.cap - 1;
    let i = key & mask;
    const gen = this.gen;
    for (;;) {
      if (this.stamps[i] !== gen) {
        this.stamps[i] = gen;
        this.keys[i] = key;
        this.counts[i] = 1;
        this.weights[i] = weight;
        this.used[this.size++] = i;
        return;
      }
      if (this.keys[i] === key) {
        this.counts[i]++;
        return;
      }
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const { keys, counts, weights, used, size } = this;
    this.cap <<= 1;
    this.keys = new Uint32Array(this.cap);
    this.counts = new Uint32Array(this.cap);
    this.weights = new Float32Array(this.cap);
    this.stamps = new Uint32Array(this.cap);
    this.used = new Int32Array(this.cap >> 1);
    this.gen = 1;
    const mask = this.cap - 1;
    for (let u = 0; u < size; u++) {
      const from = used[u];
      const key = keys[from];
      let i = key & mask;
      while (this.stamps[i] === 1) i = (i + 1) & mask;
      this.stamps[i] = 1;
      this.keys[i] = key;
      this.counts[i] = counts[from];
      this.weights[i] = weights[from];
      this.used[u] = i;
    }
  }

  /** Writes the hashed, signed, sublinear-tf vector into `out` (zeroed by the caller) and L2-normalises it. */
  project(out: Float32Array): void {
    const dims = out.length;
    const { keys, counts, weights, used } = this;
    for (let u = 0; u < this.size; u++) {
      const i = used[u];
      const key = keys[i];
      const c = counts[i];
      const w = c === 1 ? weights[i] : weights[i] * (1 + Math.log(c));
      const bucket = key % dims;
      // Sign from a bit that the modulo above barely depends on, after a second mix.
      out[bucket] += Math.imul(key ^ 0x9e3779b9, 0x85ebca6b) < 0 ? -w : w;
    }
    let sq = 0;
    for (let d = 0; d < dims; d++) sq += out[d] * out[d];
    if (sq > 0) {
      const inv = 1 / Math.sqrt(sq);
      for (let d = 0; d < dims; d++) out[d] *= inv;
    }
  }
}

function fnvRange(s: string, from: number, to: number, seed: number): number {
  let h = seed;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** Adds the features of one space-separated-script word s[from, to). Returns the word's hash. */
function addWord(table: FeatureTable, s: string, from: number, to: number, prev: number, hasPrev: boolean): number {
  const h = fnvRange(s, from, to, FNV_OFFSET);
  table.add(fmix32(h), W_WORD);
  if (hasPrev) table.add(fmix32(Math.imul(prev ^ SEED_PAIR, 0x01000193) ^ h), W_PAIR);
  // Character 3- and 4-grams of MARK_START + word + MARK_END, via a small sliding window of code units.
  const len = to - from + 2;
  let c0 = 0;
  let c1 = 0;
  let c2 = MARK_START;
  for (let k = 1; k < len; k++) {
    const c = k === len - 1 ? MARK_END : s.charCodeAt(from + k - 1);
    // window (c0, c1, c2, c) now ends at position k
    if (k >= 2) {
      let g = Math.imul(SEED_CHAR3 ^ c1, 0x01000193);
      g = Math.imul(g ^ c2, 0x01000193);
      g = Math.imul(g ^ c, 0x01000193);
      table.add(fmix32(g), W_CHAR3);
    }
    if (k >= 3) {
      let g = Math.imul(SEED_CHAR4 ^ c0, 0x01000193);
      g = Math.imul(g ^ c1, 0x01000193);
      g = Math.imul(g ^ c2, 0x01000193);
      g = Math.imul(g ^ c, 0x01000193);
      table.add(fmix32(g), W_CHAR4);
    }
    c0 = c1;
    c1 = c2;
    c2 = c;
  }
  return h;
}

/** Adds character unigrams and bigrams of a no-space-script run s[from, to). */
function addCjkRun(table: FeatureTable, s: string, from: number, to: number): void {
  let prev = -1;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    table.add(fmix32(Math.imul(SEED_CJK_UNI ^ c, 0x01000193)), W_CJK_UNI);
    if (prev >= 0) table.add(fmix32(Math.imul(Math.imul(SEED_CJK_BI ^ prev, 0x01000193) ^ c, 0x01000193)), W_CJK_BI);
    prev = c;
  }
}

/** Character 3-grams of the non-whitespace characters (text without letters or digits, e.g. "-->"). */
function addFallback(table: FeatureTable, s: string): void {
  const t = s.replace(/\s+/gu, '');
  if (t.length === 0) return;
  if (t.length < 3) {
    table.add(fmix32(fnvRange(t, 0, t.length, SEED_FALLBACK)), W_FALLBACK);
    return;
  }
  for (let i = 0; i + 3 <= t.length; i++) table.add(fmix32(fnvRange(t, i, i + 3, SEED_FALLBACK)), W_FALLBACK);
}

function extract(table: FeatureTable, text: string): void {
  const s = text.normalize('NFKC').toLowerCase();
  TOKEN_RE.lastIndex = 0;
  let prev = 0;
  let hasPrev = false;
  for (let m = TOKEN_RE.exec(s); m !== null; m = TOKEN_RE.exec(s)) {
    const from = m.index;
    const to = from + m[0].length;
    if (m[1] !== undefined) {
      addCjkRun(table, s, from, to);
      hasPrev = false;
    } else {
      prev = addWord(table, s, from, to, prev, hasPrev);
      hasPrev = true;
    }
  }
  if (table.size === 0) addFallback(table, s);
}

/** Creates the built-in offline embedder. @throws RangeError for out-of-range options. */
export function createOfflineEmbedder(options: OfflineEmbedderOptions = {}): OfflineEmbedder {
  const dimensions = options.dimensions ?? 384;
  const maxBatchSize = options.maxBatchSize ?? 256;
  if (!Number.isInteger(dimensions) || dimensions < 16 || dimensions > 4096) {
    throw new RangeError(`dimensions must be an integer in 16..4096, got ${dimensions}`);
  }
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) {
    throw new RangeError(`maxBatchSize must be a positive integer, got ${maxBatchSize}`);
  }
  const table = new FeatureTable();

  const embedSync = (text: string): Float32Array => {
    const out = new Float32Array(dimensions);
    table.reset();
    extract(table, text);
    table.project(out);
    return out;
  };

  return {
    provider: OFFLINE_PROVIDER,
    model: OFFLINE_MODEL,
    dimensions,
    maxBatchSize,
    embedSync,
    embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
      try {
        signal?.throwIfAborted();
        if (texts.length > maxBatchSize) {
          throw new RangeError(`${OFFLINE_PROVIDER}/${OFFLINE_MODEL}: ${texts.length} texts exceed maxBatchSize ${maxBatchSize}`);
        }
        return Promise.resolve(texts.map(embedSync));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}
