/**
 * Structure-aware chunker: turns a ParsedDocument into token-bounded, overlapping chunks that cite
 * page / sheet / heading path and map back to exact character offsets. See ./README.md for the
 * invariants (limits, overlap and offset definition); the tests in chunker.test.ts check each of them.
 *
 * Tokeniser: cl100k_base (gpt-tokenizer). Chosen over o200k_base because
 *  - it is the exact encoding of the OpenAI embedding models (text-embedding-3-small/-large, ada-002),
 *    the one place where a hard per-input token limit (8191) applies to chunks;
 *  - for the o200k chat models it is a slight over-estimate (about +1% on English prose, more on CJK),
 *    so a chunk that fits in cl100k also fits their context budget;
 *  - its module loads in about half the time of o200k (≈150 ms vs ≈300 ms on this machine) at equal
 *    encoding speed. Only this one encoding module is imported.
 *
 * Performance: every block (or, for oversized blocks, every line / sentence / piece) is tokenised once to
 * pack chunks; each finished chunk is then counted once more, exactly, so `tokenCount` is the true
 * cl100k count of `text` (not an estimate) and the size bound holds even where BPE merges across joins.
 */
import { countTokens as cl100kCount, isWithinTokenLimit } from 'gpt-tokenizer/encoding/cl100k_base';
import type { ParsedDocument } from '../parsers/types.js';

export interface ChunkOptions {
  /** Maximum tokens per chunk (overlap included). 64..8192, default 512. */
  chunkSize: number;
  /** Target tokens repeated from the end of the previous chunk of the same segment. 0..chunkSize/2, default 64. */
  overlap: number;
}

const DEFAULT_CHUNK_OPTIONS: Readonly<ChunkOptions> = Object.freeze({ chunkSize: 512, overlap: 64 });

const CHUNK_SIZE_MIN = 64;
const CHUNK_SIZE_MAX = 8192;

export interface Chunk {
  /** 0-based position in the document's chunk list. */
  index: number;
  /**
   * The text to embed and show: the overlap prefix (possibly empty) followed by the chunk's own content.
   * Always a contiguous slice of `documentText(doc)`: `text === documentText(doc).slice(charEnd - text.length, charEnd)`.
   */
  text: string;
  /** Exact cl100k_base token count of `text`; always <= chunkSize. */
  tokenCount: number;
  /** 1-based PDF page, or null. A chunk never spans two pages. */
  page: number | null;
  /** Heading path ("Intro > Setup"), or null before the first heading. */
  section: string | null;
  /** XLSX sheet name, or null. A chunk never spans two sheets. */
  sheet: string | null;
  /**
   * Offsets of the chunk's OWN content (overlap prefix excluded) in `documentText(doc)`:
   * `documentText(doc).slice(charStart, charEnd) === text.slice(text.length - (charEnd - charStart))`.
   * Own ranges of successive chunks are disjoint and increasing.
   */
  charStart: number;
  charEnd: number;
}

/** Separator between block texts in the document text that chunk offsets refer to. */
const BLOCK_SEPARATOR = '\n\n';

/**
 * The document text that chunk offsets refer to: every block's `text` (all blocks, whitespace-only ones
 * included, unmodified) joined with "\n\n".
 */
export function documentText(doc: ParsedDocument): string {
  const blocks = doc.blocks;
  const parts = new Array<string>(blocks.length);
  for (let i = 0; i < blocks.length; i++) parts[i] = blocks[i].text;
  return parts.join(BLOCK_SEPARATOR);
}

/** User text may contain "<|endoftext|>" etc.; count it as plain text instead of throwing. */
const ENCODE_OPTIONS = { disallowedSpecial: new Set<string>() };

/** Exact cl100k_base token count of `text` (special-token strings counted as plain text). */
export function countTokens(text: string): number {
  return cl100kCount(text, ENCODE_OPTIONS);
}

/**
 * Token count of `text` if it is at most `limit`, else some number above `limit`. Texts of more than
 * 12 chars per allowed token (prose averages ~4) are reported as too long without tokenising them: they
 * then get split and their pieces packed back together, which gives the same chunks for far less work,
 * and it avoids gpt-tokenizer's quadratic BPE on huge unbroken runs (e.g. CJK without punctuation).
 */
function countUpTo(text: string, limit: number): number {
  if (text.length > limit * 12) return limit + 1;
  if (text.length <= limit * 4) return countTokens(text);
  const n = isWithinTokenLimit(text, limit, ENCODE_OPTIONS);
  return n === false ? limit + 1 : n;
}

export function resolveChunkOptions(opts: Partial<ChunkOptions> = {}): ChunkOptions {
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK_OPTIONS.chunkSize;
  const overlap = opts.overlap ?? DEFAULT_CHUNK_OPTIONS.overlap;
  if (!Number.isInteger(chunkSize) || chunkSize < CHUNK_SIZE_MIN || chunkSize > CHUNK_SIZE_MAX) {
    throw new RangeError(`chunkSize must be an integer in ${CHUNK_SIZE_MIN}..${CHUNK_SIZE_MAX}, got ${chunkSize}`);
  }
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > chunkSize / 2) {
    throw new RangeError(`overlap must be an integer in 0..${Math.floor(chunkSize / 2)} (chunkSize/2), got ${overlap}`);
  }
  return { chunkSize, overlap };
}

/** Same set as the JS `\s` class / String.prototype.trim. */
function isWs(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** CJK punctuation after which an overlap may start (scripts without spaces). */
function isCjkBreak(c: number): boolean {
  return c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0xff1b || c === 0xff0c || c === 0x3001;
}

/** End of a sentence: terminator(s), optional closing quotes/brackets, then whitespace; or CJK terminators. */
const SENTENCE_END = /[.!?\u2026\u203d]+["'\u201d\u2019\u00bb)\]]*\s+|[\u3002\uff01\uff1f\uff1b]+["'\u201d\u2019\u300d\u300f)\]]*\s*/gu;

/** Packs the blocks of one document; one instance per chunkDocument call. */
class Packer {
  readonly chunks: Chunk[] = [];
  // Atoms (token-counted spans of `text`) of the current segment, as parallel arrays.
  private aStart: number[] = [];
  private aEnd: number[] = [];
  private aTok: number[] = [];
  private page: number | null = null;
  private section: string | null = null;
  private sheet: string | null = null;
  private readonly gapCache = new Map<string, number>();
  private readonly pieceBudget: number;
  /** Token count of the overlap chosen by the last overlapStart() call (0 if none). */
  private overlapTokens = 0;

  private readonly text: string;
  private readonly chunkSize: number;
  private readonly overlap: number;

  constructor(text: string, chunkSize: number, overlap: number) {
    this.text = text;
    this.chunkSize = chunkSize;
    this.overlap = overlap;
    // Pieces of a split block leave room for a full overlap in front of them.
    this.pieceBudget = chunkSize - overlap;
  }

  /** Sets the place of the next segment; call only right after endSegment(). */
  place(page: number | null, section: string | null, sheet: string | null): void {
    this.page = page;
    this.section = section;
    this.sheet = sheet;
  }

  get segmentEmpty(): boolean {
    return this.aStart.length === 0;
  }

  /** Number of atoms in the current segment (a heading is one atom). */
  get segmentAtoms(): number {
    return this.aStart.length;
  }

  /** Adds the trimmed, non-empty span [s, e) of one block. */
  addBlock(s: number, e: number): void {
    const n = countUpTo(this.text.slice(s, e), this.chunkSize);
    if (n <= this.chunkSize) this.pushAtom(s, e, n);
    else this.splitLines(s, e);
  }

  private pushAtom(s: number, e: number, n: number): void {
    this.aStart.push(s);
    this.aEnd.push(e);
    this.aTok.push(n);
  }

  /** Trims whitespace off [s, e) and, if anything is left, pushes it (if small enough) or hands it to `next`. */
  private piece(s: number, e: number, next: (s: number, e: number) => void): void {
    const text = this.text;
    while (s < e && isWs(text.charCodeAt(s))) s++;
    while (e > s && isWs(text.charCodeAt(e - 1))) e--;
    if (s === e) return;
    const n = countUpTo(text.slice(s, e), this.pieceBudget);
    if (n <= this.pieceBudget) this.pushAtom(s, e, n);
    else next(s, e);
  }

  /** Level 1: line boundaries (table rows stay whole when they fit). */
  private splitLines(s: number, e: number): void {
    const text = this.text;
    const nl = text.indexOf('\n', s);
    if (nl < 0 || nl >= e) {
      this.splitSentences(s, e);
      return;
    }
    const toSentences = (a: number, b: number): void => this.splitSentences(a, b);
    let ls = s;
    while (ls < e) {
      let le = text.indexOf('\n', ls);
      if (le < 0 || le > e) le = e;
      this.piece(ls, le, toSentences);
      ls = le + 1;
    }
  }

  /** Level 2: sentence boundaries. */
  private splitSentences(s: number, e: number): void {
    const text = this.text;
    const toTokens = (a: number, b: number): void => this.splitHard(a, b);
    const segment = text.slice(s, e);
    SENTENCE_END.lastIndex = 0;
    let from = 0;
    let any = false;
    for (let m = SENTENCE_END.exec(segment); m !== null; m = SENTENCE_END.exec(segment)) {
      const to = m.index + m[0].length;
      if (to >= segment.length) break;
      any = true;
      this.piece(s + from, s + to, toTokens);
      from = to;
    }
    if (!any) this.splitHard(s, e);
    else this.piece(s + from, e, toTokens);
  }

  /**
   * Level 3 (last resort): pieces of at most pieceBudget tokens, cut after a whitespace where one exists in
   * the second half of the piece (so words stay whole), otherwise between characters (never inside a
   * surrogate pair). Each piece is counted exactly; a too-long guess is shrunk proportionally.
   */
  private splitHard(s: number, e: number): void {
    const text = this.text;
    const budget = this.pieceBudget;
    let charsPerToken = 3;
    let pos = s;
    while (pos < e) {
      while (pos < e && isWs(text.charCodeAt(pos))) pos++;
      if (pos >= e) break;
      let guess = Math.min(e - pos, Math.max(8, Math.floor(budget * charsPerToken)));
      let cut: number;
      let n: number;
      for (;;) {
        cut = pos + guess;
        if (cut < e) {
          let q = cut;
          const floor = pos + (guess >> 1);
          while (q > floor && !isWs(text.charCodeAt(q - 1))) q--;
          if (q > floor) cut = q;
          else if (isHighSurrogate(text.charCodeAt(cut - 1))) cut = cut - 1 > pos ? cut - 1 : cut + 1;
        }
        n = countUpTo(text.slice(pos, cut), budget);
        if (n <= budget) break;
        guess = Math.max(1, Math.floor(((cut - pos) * budget * 0.9) / n));
      }
      let end = cut;
      while (end > pos && isWs(text.charCodeAt(end - 1))) end--;
      this.pushAtom(pos, end, n);
      charsPerToken = Math.max(0.5, (cut - pos) / Math.max(1, n));
      pos = cut;
    }
  }

  /** Tokens of the (whitespace) text between two atoms. */
  private gapTokens(a: number, b: number): number {
    if (a >= b) return 0;
    const gap = this.text.slice(a, b);
    if (gap.length > 64) return countTokens(gap);
    let n = this.gapCache.get(gap);
    if (n === undefined) {
      n = countTokens(gap);
      this.gapCache.set(gap, n);
    }
    return n;
  }

  /** Packs the current segment's atoms into chunks and starts a new segment. */
  endSegment(): void {
    const { aStart, aEnd, aTok, text, chunkSize } = this;
    const count = aStart.length;
    let prevStart = -1;
    let prevEnd = -1;
    let prevOwnTokens = 0;
    let prevCharsPerToken = 4;
    let i = 0;
    while (i < count) {
      const ownStart = aStart[i];
      let from = ownStart;
      this.overlapTokens = 0;
      if (prevEnd >= 0 && this.overlap > 0) {
        // The overlap text runs up to ownStart, so it includes the gap after the previous chunk.
        // At most half of the previous chunk's own content: a short chunk is never repeated whole at the
        // start of the next one (the same passage would come back twice in a result list).
        const maxOverlap = Math.min(this.overlap, chunkSize - aTok[i], Math.floor(prevOwnTokens / 2));
        if (maxOverlap > 0) from = this.overlapStart(prevStart, prevEnd, ownStart, maxOverlap, prevCharsPerToken);
      }
      // Estimate: overlap + atoms + gaps, each counted separately (BPE across joins practically never
      // gives more tokens than that; the exact count below is the authority).
      let estimate = this.overlapTokens + aTok[i];
      let j = i + 1;
      while (j < count) {
        const add = this.gapTokens(aEnd[j - 1], aStart[j]) + aTok[j];
        if (estimate + add > chunkSize) break;
        estimate += add;
        j++;
      }
      let chunkText = text.slice(from, aEnd[j - 1]);
      let exact = countTokens(chunkText);
      while (exact > chunkSize) {
        if (j - 1 > i) j--;
        else if (from < ownStart) from = ownStart;
        else break; // unreachable: a single atom is <= chunkSize by construction
        chunkText = text.slice(from, aEnd[j - 1]);
        exact = countTokens(chunkText);
      }
      const ownEnd = aEnd[j - 1];
      this.chunks.push({
        index: this.chunks.length,
        text: chunkText,
        tokenCount: exact,
        page: this.page,
        section: this.section,
        sheet: this.sheet,
        charStart: ownStart,
        charEnd: ownEnd,
      });
      prevStart = ownStart;
      prevEnd = ownEnd;
      prevOwnTokens = 0;
      for (let k = i; k < j; k++) prevOwnTokens += aTok[k];
      prevCharsPerToken = chunkText.length / Math.max(1, exact);
      i = j;
    }
    this.aStart = [];
    this.aEnd = [];
    this.aTok = [];
  }

  /**
   * Start offset of the overlap for a chunk whose own content starts at `next`, taken from the end of the
   * previous chunk's own content [prevStart, prevEnd), strictly after prevStart: about `maxTokens` tokens (never more, the gap up to
   * `next` included), beginning at a line start if one is near, else at a word start, else (text without
   * spaces) after CJK punctuation or at a character boundary. Returns `next` for no overlap.
   */
  private overlapStart(prevStart: number, prevEnd: number, next: number, maxTokens: number, cpt: number): number {
    const text = this.text;
    let want = Math.ceil(maxTokens * cpt);
    for (let attempt = 0; attempt < 8; attempt++) {
      // Never from the very start of the previous chunk's own content: that would repeat all of it.
      const p = this.snapForward(Math.max(prevStart + 1, prevEnd - want), prevEnd);
      if (p >= prevEnd) return next;
      const n = countTokens(text.slice(p, next));
      if (n <= maxTokens) {
        this.overlapTokens = n;
        return p;
      }
      want = Math.floor(((prevEnd - p) * maxTokens * 0.9) / n);
      if (want <= 0) return next;
    }
    return next;
  }

  /** Moves p forward to the nearest boundary before `limit`: line start (if within the first half), word start, CJK break. */
  private snapForward(p: number, limit: number): number {
    const text = this.text;
    if (isWs(text.charCodeAt(p - 1)) && !isWs(text.charCodeAt(p))) return p;
    const half = p + ((limit - p) >> 1);
    // Only [p, half) is searched: indexOf would run on to the next newline anywhere after this chunk, the
    // rest of the document in a text without newlines, once per chunk (quadratic).
    for (let q = p; q < half; q++) {
      if (text.charCodeAt(q) === 0x0a) return skipWs(text, q + 1, limit);
    }
    for (let q = p; q < limit; q++) {
      const c = text.charCodeAt(q);
      if (isWs(c)) return skipWs(text, q + 1, limit);
      if (isCjkBreak(c)) return skipWs(text, q + 1, limit);
    }
    // No boundary at all: cut between characters, not inside a surrogate pair.
    return isLowSurrogate(text.charCodeAt(p)) ? p + 1 : p;
  }
}

function skipWs(text: string, q: number, limit: number): number {
  while (q < limit && isWs(text.charCodeAt(q))) q++;
  return q;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * Splits a parsed document into chunks of at most `chunkSize` tokens (cl100k_base), following its structure:
 * a heading starts a new section (heading path by level); a chunk never spans two PDF pages or two sheets;
 * blocks are packed whole when they fit; an oversized block is split on lines, then sentences, then
 * token-bounded pieces. Consecutive chunks of the same segment (same section, page and sheet) overlap by
 * about `overlap` tokens. Whitespace-only blocks are skipped; an empty document gives [].
 * @throws RangeError when the options are out of range.
 */
export function chunkDocument(doc: ParsedDocument, opts: Partial<ChunkOptions> = {}): Chunk[] {
  const { chunkSize, overlap } = resolveChunkOptions(opts);
  const blocks = doc.blocks;
  if (blocks.length === 0) return [];
  const text = documentText(doc);
  const packer = new Packer(text, chunkSize, overlap);

  const headings: { level: number; text: string }[] = [];
  let section: string | null = null;
  let page: number | null = null;
  let sheet: string | null = null;
  let offset = 0;
  /** The current segment holds nothing but heading blocks (one atom each). */
  let headingsOnly = false;
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b];
    let s = offset;
    let e = offset + block.text.length;
    offset = e + BLOCK_SEPARATOR.length;
    while (s < e && isWs(text.charCodeAt(s))) s++;
    while (e > s && isWs(text.charCodeAt(e - 1))) e--;
    if (s === e) continue;

    const blockPage = block.page ?? null;
    const blockSheet = block.sheet ?? null;
    let newSegment = blockPage !== page || blockSheet !== sheet;
    if (blockSheet !== sheet) {
      // Sheets are independent containers: headings of one sheet do not describe the next.
      headings.length = 0;
      section = null;
    }
    let carryHeadings = false;
    if (block.kind === 'heading') {
      const level = Number.isFinite(block.level) ? block.level : 1;
      // A heading directly followed by a deeper one (e.g. "# Guide" then "## Install") is kept with it
      // instead of becoming a chunk of its own; the chunk gets the deeper path.
      carryHeadings = !newSegment && headingsOnly && headings.length > 0 && level > headings[headings.length - 1].level;
      while (headings.length > 0 && headings[headings.length - 1].level >= level) headings.pop();
      headings.push({ level, text: text.slice(s, e).replace(/\s+/g, ' ') });
      section = headings.map((h) => h.text).join(' > ');
      newSegment = !carryHeadings;
    }
    if (newSegment) {
      packer.endSegment();
      page = blockPage;
      sheet = blockSheet;
    }
    if (packer.segmentEmpty || carryHeadings) packer.place(page, section, sheet);
    const atomsBefore = packer.segmentAtoms;
    packer.addBlock(s, e);
    // Only a heading that fits in one atom can be carried into the next section's first chunk.
    headingsOnly = block.kind === 'heading' && (newSegment || headingsOnly) && packer.segmentAtoms === atomsBefore + 1;
  }
  packer.endSegment();
  return packer.chunks;
}
