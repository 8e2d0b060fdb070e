import { afterEach, describe, expect, it } from 'vitest';
import { parseTxt } from '../parsers/txt.js';
import { chunkDocument } from './chunker.js';

/**
 * Parsing and chunking a text file must be linear in its size: a 60 MB file of one shape or another is a real
 * upload, and work that grows with the square of the size turns seconds into hours. Time is no proof (the
 * machine may be loaded), so these tests count work instead: characters scanned by the string and regular
 * expression built-ins (indexOf, and every regex operation, which all go through RegExp.prototype.exec once
 * it is replaced; the tokeniser splits its input with one, so tokenising counts as well) plus one per
 * charCodeAt. For each shape,
 * four times the input must cost about four times the work, not sixteen.
 */

const originalIndexOf = String.prototype.indexOf;
const originalExec = RegExp.prototype.exec;
const originalCharCodeAt = String.prototype.charCodeAt;

afterEach(() => {
  String.prototype.indexOf = originalIndexOf;
  RegExp.prototype.exec = originalExec;
  String.prototype.charCodeAt = originalCharCodeAt;
});

/** Characters the built-ins looked at while `fn` ran. */
async function workOf(fn: () => Promise<unknown>): Promise<number> {
  let work = 0;
  String.prototype.indexOf = function (this: string, search: string, position?: number): number {
    const found = originalIndexOf.call(this, search, position);
    const from = Math.min(Math.max(0, Math.trunc(position ?? 0)), this.length);
    work += (found < 0 ? this.length : found + search.length) - from;
    return found;
  };
  RegExp.prototype.exec = function (this: RegExp, input: string): RegExpExecArray | null {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const match = originalExec.call(this, input);
    // A sticky regex (String.prototype.split uses one, tried at each position) only looks at its match.
    if (this.sticky) work += (match ? match[0].length : 0) + 1;
    else work += (match ? match.index + match[0].length : String(input).length) - from + 1;
    return match;
  };
  String.prototype.charCodeAt = function (this: string, index: number): number {
    work++;
    return originalCharCodeAt.call(this, index);
  };
  try {
    await fn();
  } finally {
    String.prototype.indexOf = originalIndexOf;
    RegExp.prototype.exec = originalExec;
    String.prototype.charCodeAt = originalCharCodeAt;
  }
  return work;
}

async function parseAndChunk(text: string): Promise<void> {
  const doc = await parseTxt(new TextEncoder().encode(text));
  chunkDocument(doc, { chunkSize: 512, overlap: 64 });
}

/** Deterministic words from a small vocabulary. */
function words(count: number, sentenceEvery = 0): string {
  const vocab = ['river', 'stone', 'quiet', 'market', 'lantern', 'harbor', 'copper', 'window', 'garden', 'signal', 'orbit', 'velvet'];
  const out = new Array<string>(count);
  let x = 7;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = vocab[x % vocab.length] + (sentenceEvery && i % sentenceEvery === sentenceEvery - 1 ? '.' : '');
  }
  return out.join(' ');
}

/** Input shapes by size in characters (about). */
const SHAPES: Record<string, (chars: number) => string> = {
  'prose in paragraphs': (n) => words(Math.ceil(n / 7), 12).replace(/((?:\S+ ){80})/g, '$1\n\n'),
  'one line per sentence, no blank lines': (n) => words(Math.ceil(n / 7), 12).replace(/\. /g, '.\n'),
  'one line of words, no sentence ends, no newline': (n) => words(Math.ceil(n / 7)),
  'one word, no whitespace at all': (n) => 'abcdefghij'.repeat(Math.ceil(n / 10)),
  'CJK without punctuation or newline': (n) => Array.from({ length: n }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 2000))).join(''),
};

describe('parsing and chunking a text file is linear in its size', () => {
  for (const [shape, make] of Object.entries(SHAPES)) {
    it(`${shape}: four times the text, about four times the work`, async () => {
      const small = make(60_000);
      const large = make(240_000);
      const smallWork = await workOf(() => parseAndChunk(small));
      const largeWork = await workOf(() => parseAndChunk(large));
      // Linear work gives a ratio of ~4; once per chunk over the rest of the text gives ~16.
      expect(smallWork).toBeGreaterThan(small.length);
      expect(largeWork / smallWork).toBeLessThan(5);
    });
  }
});
