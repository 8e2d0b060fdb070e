/**
 * Citation markers in an answer: `[n]` (or a list, `[n, m]`) naming the sources the model was given. The answer is
 * rewritten as it arrives, so that a streamed answer and a blocking one read the same:
 *  - sources are renumbered in order of first use (the first source cited becomes [1], the next new one [2], ...);
 *  - a marker naming no source given to the model is removed, with the space before it;
 *  - a list keeps its known numbers, renumbered and without repeats.
 * Text that might still become a marker (a trailing `[12`, or trailing white space that may precede one) is held back
 * until the next piece or the end, so a marker split across stream chunks is handled like a whole one.
 */

export interface CitableSource {
  /** The number the source was given to the model under. */
  n: number;
}

export type Cited<S extends CitableSource> = Omit<S, 'n'> & { n: number };

const MARKER = /(\s*)\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** What may still grow into a marker at the end of the text seen so far. */
const OPEN_TAIL = /\s*(?:\[[\d,\s]*)?$/;
/** A held-back tail longer than this is not a marker after all. */
const MAX_TAIL = 24;

export class CitationTracker<S extends CitableSource> {
  private readonly byNumber: Map<number, S>;
  private readonly order = new Map<number, number>(); // prompt number → citation number
  private readonly cited: Cited<S>[] = [];
  private pending = '';

  constructor(sources: readonly S[]) {
    this.byNumber = new Map(sources.map((s) => [s.n, s]));
  }

  /** Feeds the next piece of the answer; returns the text that can be shown now and the sources cited for the first time in it. */
  push(piece: string): { text: string; cited: Cited<S>[] } {
    const buffer = this.pending + piece;
    const tail = OPEN_TAIL.exec(buffer)![0];
    const keep = tail.length <= MAX_TAIL ? tail.length : 0;
    this.pending = buffer.slice(buffer.length - keep);
    return this.rewrite(buffer.slice(0, buffer.length - keep));
  }

  /** The end of the answer: what was held back, rewritten. */
  end(): { text: string; cited: Cited<S>[] } {
    const rest = this.pending;
    this.pending = '';
    return this.rewrite(rest);
  }

  /** Every source cited so far, in citation order. */
  get citations(): readonly Cited<S>[] {
    return this.cited;
  }

  private rewrite(text: string): { text: string; cited: Cited<S>[] } {
    const before = this.cited.length;
    const out = text.replace(MARKER, (_whole, space: string, list: string) => {
      const numbers: number[] = [];
      for (const part of list.split(',')) {
        const n = this.citationNumber(Number(part.trim()));
        if (n !== null && !numbers.includes(n)) numbers.push(n);
      }
      return numbers.length ? `${space}[${numbers.join(', ')}]` : '';
    });
    return { text: out, cited: this.cited.slice(before) };
  }

  private citationNumber(promptNumber: number): number | null {
    const known = this.order.get(promptNumber);
    if (known !== undefined) return known;
    const source = this.byNumber.get(promptNumber);
    if (!source) return null;
    const n = this.cited.length + 1;
    this.order.set(promptNumber, n);
    this.cited.push({ ...source, n });
    return n;
  }
}

/** Rewrites a whole answer at once (the blocking path, and history turns). */
export function rewriteCitations<S extends CitableSource>(answer: string, sources: readonly S[]): { text: string; citations: Cited<S>[] } {
  const tracker = new CitationTracker(sources);
  const head = tracker.push(answer);
  const tail = tracker.end();
  return { text: head.text + tail.text, citations: [...tracker.citations] };
}

/** An answer with its markers taken out: earlier answers go back to the model as history, their numbers meaning nothing now. */
export function withoutMarkers(answer: string): string {
  return answer.replace(MARKER, '');
}
