/**
 * What a full-text query asks for, read the way web search boxes are: bare words are alternatives (a chunk
 * matching more of them ranks higher), "quoted phrases" are required exactly as written (word order and
 * adjacency), and -word or -"phrase" excludes. A bare OR is accepted and changes nothing, since words are
 * alternatives already. Words are kept as typed; PostgreSQL normalises them with each chunk's configuration.
 */
export interface FulltextQuery {
  words: string[];
  phrases: string[];
  excluded: string[];
}

/** Beyond this many distinct words the rest are ignored: each word costs one match test per ranked chunk. */
export const MAX_QUERY_WORDS = 32;

const TOKEN = /(-?)"([^"]*)("?)|(\S+)/g;

export function parseFulltextQuery(input: string): FulltextQuery {
  const words: string[] = [];
  const phrases: string[] = [];
  const excluded: string[] = [];
  const seen = new Set<string>();
  for (const m of input.matchAll(TOKEN)) {
    const [, minus, quoted, , bare] = m;
    if (quoted !== undefined) {
      const phrase = quoted.trim();
      if (phrase) (minus ? excluded : phrases).push(phrase);
      continue;
    }
    if (bare === 'OR') continue;
    if (bare.startsWith('-') && bare.length > 1) {
      excluded.push(bare.slice(1));
      continue;
    }
    const key = bare.toLowerCase();
    if (seen.has(key) || words.length >= MAX_QUERY_WORDS) continue;
    seen.add(key);
    words.push(bare);
  }
  return { words, phrases, excluded };
}
