/**
 * The question set (questions.json beside this file) and the corpus manifest it refers to. The corpus is never
 * copied into the project: it is read from `<repo>/../shared/corpus` (or BENCH_CORPUS) at run time.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Question {
  id: string;
  /** ISO 639-1 code of the question's language. */
  lang: string;
  question: string;
  /** Manifest paths of every file that answers the question. */
  answers: string[];
}

export interface ManifestRow {
  path: string;
  format: string;
  bytes: number;
  expectedPhrase: string;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const QUESTIONS_FILE = path.join(import.meta.dirname, 'questions.json');

export function corpusDir(): string {
  return path.resolve(process.env.BENCH_CORPUS ?? path.join(REPO_ROOT, '../shared/corpus'));
}

export async function readQuestions(file = QUESTIONS_FILE): Promise<Question[]> {
  return (JSON.parse(await readFile(file, 'utf8')) as { questions: Question[] }).questions;
}

/** MANIFEST.tsv: tab-separated, a header row, never quoted (see the corpus README). */
export async function readManifest(dir = corpusDir()): Promise<ManifestRow[]> {
  const lines = (await readFile(path.join(dir, 'MANIFEST.tsv'), 'utf8')).split('\n').filter((l) => l.trim());
  const header = lines[0].split('\t');
  const col = (name: string) => header.indexOf(name);
  return lines.slice(1).map((line) => {
    const f = line.split('\t');
    return { path: f[col('path')], format: f[col('format')], bytes: Number(f[col('bytes')]), expectedPhrase: f[col('expected_phrase')] ?? '' };
  });
}

/** What the evaluation uploads: every manifest file outside broken/ (the user-password PDF is refused and counted). */
export function uploadable(rows: readonly ManifestRow[]): ManifestRow[] {
  return rows.filter((r) => !r.path.startsWith('broken/'));
}
