import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, parseFulltextQuery } from './fulltext-query.js';

describe('parseFulltextQuery', () => {
  it('reads words, "phrases", exclusions, and ignores a bare OR', () => {
    expect(parseFulltextQuery('Kansas "military equipment" OR police -army -"old news" or')).toEqual({
      words: ['Kansas', 'police', 'or'],
      phrases: ['military equipment'],
      excluded: ['army', 'old news'],
    });
  });

  it('an unterminated quote runs to the end; empty quotes and repeated words count once or not at all', () => {
    expect(parseFulltextQuery('lamp "" Lamp "lighthouse keepers')).toEqual({ words: ['lamp'], phrases: ['lighthouse keepers'], excluded: [] });
  });

  it(`keeps the first ${MAX_QUERY_WORDS} distinct words`, () => {
    const words = Array.from({ length: MAX_QUERY_WORDS + 5 }, (_, i) => `w${i}`);
    expect(parseFulltextQuery(words.join(' ')).words).toEqual(words.slice(0, MAX_QUERY_WORDS));
  });
});
