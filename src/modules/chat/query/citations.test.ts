import { describe, expect, it } from 'vitest';
import { CitationTracker, rewriteCitations, withoutMarkers } from './citations.js';

const sources = [1, 2, 3, 4].map((n) => ({ n, chunk: `chunk-${n}` }));

/** Feeds `answer` in pieces of `size` characters and returns what was shown and cited. */
function streamed(answer: string, size: number) {
  const tracker = new CitationTracker(sources);
  let text = '';
  const cited: string[] = [];
  for (let i = 0; i < answer.length; i += size) {
    const piece = tracker.push(answer.slice(i, i + size));
    text += piece.text;
    cited.push(...piece.cited.map((c) => `${c.n}:${c.chunk}`));
  }
  const end = tracker.end();
  text += end.text;
  cited.push(...end.cited.map((c) => `${c.n}:${c.chunk}`));
  return { text, cited };
}

describe('citation markers', () => {
  it('renumbers sources in order of first use and keeps repeated numbers', () => {
    const { text, citations } = rewriteCitations('Paris [3]. Rome [1]. Paris again [3].', sources);
    expect(text).toBe('Paris [1]. Rome [2]. Paris again [1].');
    expect(citations.map((c) => [c.n, c.chunk])).toEqual([
      [1, 'chunk-3'],
      [2, 'chunk-1'],
    ]);
  });

  it('removes markers that name no source, with the space before them', () => {
    expect(rewriteCitations('A fact [9]. Another [2] and [0].', sources).text).toBe('A fact. Another [1] and.');
    expect(rewriteCitations('Nothing cited [12][99].', sources)).toEqual({ text: 'Nothing cited.', citations: [] });
  });

  it('keeps the known numbers of a list, renumbered, without repeats', () => {
    const { text, citations } = rewriteCitations('Both [4, 2, 4, 7].', sources);
    expect(text).toBe('Both [1, 2].');
    expect(citations.map((c) => c.chunk)).toEqual(['chunk-4', 'chunk-2']);
  });

  it('leaves brackets that are not markers alone', () => {
    expect(rewriteCitations('See [note] and [a1] or [ 2 ].', sources).text).toBe('See [note] and [a1] or [ 2 ].');
  });

  it('gives the same text and citations however the answer is split into stream pieces', () => {
    const answer = 'First [2]. Then [3][2] and a list [1, 4].   Dangling [8] end [';
    const whole = rewriteCitations(answer, sources);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const piece = streamed(answer, size);
      expect(piece.text, `pieces of ${size}`).toBe(whole.text);
      expect(piece.cited, `pieces of ${size}`).toEqual(whole.citations.map((c) => `${c.n}:${c.chunk}`));
    }
    expect(whole.text).toBe('First [1]. Then [2][1] and a list [3, 4].   Dangling end [');
  });

  it('reports a citation in the piece that completes its marker, not before', () => {
    const tracker = new CitationTracker(sources);
    expect(tracker.push('Paris [')).toEqual({ text: 'Paris', cited: [] });
    expect(tracker.push('3')).toEqual({ text: '', cited: [] });
    const done = tracker.push('] is big');
    expect(done.text).toBe(' [1] is big');
    expect(done.cited.map((c) => c.chunk)).toEqual(['chunk-3']);
  });

  it('lets a long run that is not a marker through', () => {
    const tracker = new CitationTracker(sources);
    const piece = tracker.push(`x [${'1,'.repeat(30)}`);
    expect(piece.text.length).toBeGreaterThan(50);
  });

  it('strips markers from earlier answers given back as history', () => {
    expect(withoutMarkers('Paris [1] is in France [2, 3].')).toBe('Paris is in France.');
  });
});
