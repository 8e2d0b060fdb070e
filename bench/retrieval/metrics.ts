/**
 * Document-level retrieval metrics. A search returns chunks; a person asking a question wants the document that
 * answers it, so a ranked chunk list becomes a ranked document list (each document at the rank of its best
 * chunk) and a question scores by the rank of the first document that answers it.
 */

/** Distinct documents in order of their first (best) chunk. */
export function documentRanking<T>(hits: readonly T[], documentOf: (hit: T) => string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const hit of hits) {
    const doc = documentOf(hit);
    if (!seen.has(doc)) {
      seen.add(doc);
      out.push(doc);
    }
  }
  return out;
}

/** 1-based rank of the first answering document, or null when none was returned. */
export function firstRelevantRank(ranking: readonly string[], answers: ReadonlySet<string>): number | null {
  const i = ranking.findIndex((doc) => answers.has(doc));
  return i < 0 ? null : i + 1;
}

export interface Summary {
  questions: number;
  hit1: number;
  hit5: number;
  mrr: number;
}

/** hit@1 and hit@5 (share of questions answered at rank ≤ 1 / ≤ 5) and mean reciprocal rank (0 when not found). */
export function summarise(ranks: readonly (number | null)[]): Summary {
  const n = ranks.length;
  const within = (k: number) => ranks.filter((r) => r !== null && r <= k).length / n;
  const mrr = ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0) / n;
  return { questions: n, hit1: within(1), hit5: within(5), mrr };
}

/** Reorders hits by a reranker's scores, best first; equal scores keep their previous order. */
export function rerankOrder<T>(hits: readonly T[], scores: readonly number[]): T[] {
  return hits
    .map((hit, i) => ({ hit, i, score: scores[i] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.hit);
}
