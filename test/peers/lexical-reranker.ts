/**
 * A lexical cross-scorer: the loopback peer's stand-in for a rerank model (Cohere's `/rerank`).
 * It reads the query and one candidate together, as a cross-encoder does, and scores
 *  - coverage: the share of the query's distinct terms the candidate contains (idf-weighted over
 *    the candidates of this one call, so rare words count more than common ones),
 *  - proximity: how close together the matched terms sit (the shortest window holding them),
 *  - phrase: query bigrams that appear in the candidate in the same order.
 * It is deterministic and knows nothing of our index, so it can disagree with the fused order;
 * that is what a reranker is for. Scores are in [0, 1].
 */
const STOP = new Set(
  'a an and are as at be by do does for from has have how i in is it its of on or that the this to was what when where which who why will with you your'.split(' '),
);

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP.has(t)).map(stem);
}

/** A light suffix strip, so that "invoices" meets "invoice" and "indexing" meets "index". */
function stem(term: string): string {
  if (term.length <= 4) return term;
  for (const suffix of ['ing', 'ies', 'es', 'ed', 's']) {
    if (term.endsWith(suffix) && term.length - suffix.length >= 3) {
      return suffix === 'ies' ? `${term.slice(0, -3)}y` : term.slice(0, -suffix.length);
    }
  }
  return term;
}

export function lexicalRerankScores(query: string, documents: readonly string[]): number[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0) return documents.map(() => 0);
  const docTerms = documents.map((doc) => terms(doc));
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    const df = docTerms.filter((list) => list.includes(term)).length;
    idf.set(term, Math.log(1 + (documents.length + 1) / (df + 0.5)));
  }
  const totalWeight = queryTerms.reduce((sum, term) => sum + idf.get(term)!, 0);
  const bigrams = queryTerms.slice(1).map((term, i) => `${queryTerms[i]} ${term}`);

  return docTerms.map((list) => {
    if (list.length === 0) return 0;
    const present = queryTerms.filter((term) => list.includes(term));
    const coverage = present.reduce((sum, term) => sum + idf.get(term)!, 0) / totalWeight;
    const proximity = present.length > 1 ? present.length / shortestWindow(list, new Set(present)) : present.length ? 0.5 : 0;
    const joined = ` ${list.join(' ')} `;
    const phrase = bigrams.length ? bigrams.filter((bigram) => joined.includes(` ${bigram} `)).length / bigrams.length : 0;
    return round(0.7 * coverage + 0.2 * Math.min(1, proximity) + 0.1 * phrase);
  });
}

/** Length of the shortest run of `list` that holds every term of `wanted`. */
function shortestWindow(list: readonly string[], wanted: ReadonlySet<string>): number {
  const counts = new Map<string, number>();
  let best = Infinity;
  let covered = 0;
  let left = 0;
  for (let right = 0; right < list.length; right++) {
    const term = list[right]!;
    if (!wanted.has(term)) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
    if (counts.get(term) === 1) covered++;
    while (covered === wanted.size) {
      best = Math.min(best, right - left + 1);
      const leftTerm = list[left]!;
      if (wanted.has(leftTerm)) {
        counts.set(leftTerm, counts.get(leftTerm)! - 1);
        if (counts.get(leftTerm) === 0) covered--;
      }
      left++;
    }
  }
  return best;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
