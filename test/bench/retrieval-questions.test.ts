import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, readManifest, readQuestions, type ManifestRow, type Question } from '../../bench/retrieval/questions.js';

/**
 * The retrieval evaluation's question set (bench/retrieval/questions.json) is well-formed: enough questions, every
 * answer a real corpus file, and no question made by copying a manifest phrase (the phrases are verbatim text of
 * the documents; a question containing one would test string matching, not retrieval). CI has ../shared beside
 * the repository, so the corpus manifest is required.
 */
let questions: Question[];
let manifest: ManifestRow[];

beforeAll(async () => {
  expect(existsSync(path.join(corpusDir(), 'MANIFEST.tsv')), `corpus manifest at ${corpusDir()}`).toBe(true);
  questions = await readQuestions();
  manifest = await readManifest();
});

const words = (text: string) => text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The runs of a phrase that a question must not contain: for a phrase of three words or more, every run of five
 * words (the whole phrase when shorter); for text written without spaces (CJK), every run of six characters.
 * Shorter phrases are names or single words ("Maple Leafs", "können") that a question may fairly use.
 */
function copiedRuns(phrase: string): { words: string[][]; chars: string[] } {
  const w = words(phrase);
  if (w.length >= 3) {
    const n = Math.min(5, w.length);
    return { words: Array.from({ length: w.length - n + 1 }, (_, i) => w.slice(i, i + n)), chars: [] };
  }
  const joined = w.join('');
  if (!/[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}]/u.test(joined) || joined.length < 6) return { words: [], chars: [] };
  return { words: [], chars: Array.from({ length: joined.length - 5 }, (_, i) => joined.slice(i, i + 6)) };
}

describe('retrieval evaluation questions', () => {
  it('has at least 60 questions with unique ids, a language and at least one answer each', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    for (const q of questions) {
      expect(q.question.trim().length, q.id).toBeGreaterThan(10);
      expect(q.lang, q.id).toMatch(/^[a-z]{2}$/);
      expect(q.answers.length, q.id).toBeGreaterThan(0);
      expect(new Set(q.answers).size, q.id).toBe(q.answers.length);
    }
  });

  it('names only files of the manifest outside broken/', () => {
    const paths = new Set(manifest.map((r) => r.path));
    for (const q of questions) {
      for (const answer of q.answers) {
        expect(paths.has(answer), `${q.id}: ${answer}`).toBe(true);
        expect(answer.startsWith('broken/'), `${q.id}: ${answer}`).toBe(false);
      }
    }
  });

  it('copies no manifest phrase verbatim', () => {
    for (const row of manifest.filter((r) => r.expectedPhrase)) {
      const runs = copiedRuns(row.expectedPhrase);
      for (const q of questions) {
        const text = ` ${words(q.question).join(' ')} `;
        for (const run of runs.words) expect(text.includes(` ${run.join(' ')} `), `${q.id} copies "${row.expectedPhrase}"`).toBe(false);
        const squeezed = words(q.question).join('');
        for (const run of runs.chars) expect(squeezed.includes(run), `${q.id} copies "${row.expectedPhrase}"`).toBe(false);
      }
    }
  });

  it('would catch a copied phrase', () => {
    const runs = copiedRuns('Dutch explorer Abel Tasman became the first European to sight New Zealand');
    const copied = ` ${words('Is it true that Abel Tasman became the first European there?').join(' ')} `;
    expect(runs.words.some((run) => copied.includes(` ${run.join(' ')} `))).toBe(true);
    expect(copiedRuns('文言維基始於丙戌年七夕').chars.some((run) => '文言維基始於丙戌年嗎'.includes(run))).toBe(true);
    expect(copiedRuns('Maple Leafs')).toEqual({ words: [], chars: [] });
  });
});
