import { describe, expect, it } from 'vitest';
import { answerRoom, DEFAULT_ANSWER_TOKENS, planContext, TOKENIZER_MARGIN } from './packing.js';

const words = (n: number, word = 'token') => Array.from({ length: n }, () => word).join(' ');
const sources = [
  { id: 'a', text: words(300) },
  { id: 'b', text: words(900) }, // too big for the window below
  { id: 'c', text: words(200) },
];
const base = {
  answerTokens: 200,
  instructions: 'Answer from the sources.',
  question: 'What?',
  history: [],
  sources,
  block: (s: (typeof sources)[number], n: number) => `<source id="${n}">\n${s.text}\n</source>`,
};

describe('planContext', () => {
  it('packs sources in rank order, skipping one that does not fit and numbering the rest from 1', () => {
    const plan = planContext({ ...base, contextTokens: 1000 })!;
    expect(plan.packed.map((p) => [p.source.id, p.n])).toEqual([
      ['a', 1],
      ['c', 2],
    ]);
    expect(plan.left.map((s) => s.id)).toEqual(['b']);
    expect(plan.used).toBeLessThanOrEqual(plan.budget);
    // The window minus the margin and the answer room bounds what the sources may use.
    expect(plan.budget).toBeLessThan(1000 * (1 - TOKENIZER_MARGIN) - 200);
  });

  it('packs everything into a large window', () => {
    const plan = planContext({ ...base, contextTokens: 128_000 })!;
    expect(plan.packed.map((p) => p.source.id)).toEqual(['a', 'b', 'c']);
    expect(plan.left).toEqual([]);
  });

  it('keeps the newest history turns that fit, in order, before the sources', () => {
    const history = [
      { role: 'user' as const, content: words(400, 'old') },
      { role: 'assistant' as const, content: words(50, 'mid') },
      { role: 'user' as const, content: words(50, 'new') },
    ];
    const plan = planContext({ ...base, contextTokens: 1000, history })!;
    expect(plan.history.map((m) => m.content.split(' ')[0])).toEqual(['mid', 'new']);
  });

  it('is null when the question and the answer room alone do not fit', () => {
    expect(planContext({ ...base, contextTokens: 1000, question: words(2000) })).toBeNull();
    expect(planContext({ ...base, contextTokens: 1000, answerTokens: 950 })).toBeNull();
  });

  it('reserves max_tokens for the answer, else the default capped by the model', () => {
    expect(answerRoom(300, 16_384)).toBe(300);
    expect(answerRoom(undefined, 16_384)).toBe(DEFAULT_ANSWER_TOKENS);
    expect(answerRoom(undefined, 256)).toBe(256);
    expect(answerRoom(undefined, null)).toBe(DEFAULT_ANSWER_TOKENS);
  });
});
