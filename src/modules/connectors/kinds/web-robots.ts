/**
 * robots.txt as RFC 9309 reads it: the groups naming our product token (the User-Agent before its `/`), else the `*`
 * groups; among their Allow/Disallow rules the longest matching pattern decides, Allow winning a tie. `Crawl-delay`
 * (not in the RFC, widely used) is honoured as a minimum delay between our requests to the host.
 */

export interface Robots {
  allows(url: URL): boolean;
  /** Seconds in the file, as ms, at most MAX_CRAWL_DELAY_MS; null when the file sets none. */
  crawlDelayMs: number | null;
}

/** A site asking for an hour between requests would stall the run: longer delays are cut to this. */
const MAX_CRAWL_DELAY_MS = 60_000;

export const ALLOW_ALL: Robots = { allows: () => true, crawlDelayMs: null };

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelay: number | null;
}

/** `%7e` and `~` are the same path: escapes are upper-cased and unreserved characters decoded before comparing. */
function canonicalEscapes(path: string): string {
  return path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

function ruleRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = canonicalEscapes(body)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`);
}

/** The product token robots.txt groups are matched on: `KnowledgeBaseBot/1.0 (+connectors)` → `knowledgebasebot`. */
export function productToken(userAgent: string): string {
  return userAgent.trim().split(/[/\s]/)[0].toLowerCase();
}

function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelay: null };
        groups.push(current);
      }
      current.agents.push(value.split('/')[0].trim().toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue; // rules before any User-agent line belong to no group
    if ((key === 'allow' || key === 'disallow') && value) {
      current.rules.push({ allow: key === 'allow', pattern: value, regex: ruleRegex(value) });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
    }
  }
  return groups;
}

export function parseRobots(text: string, userAgent: string): Robots {
  const groups = parseGroups(text);
  const token = productToken(userAgent);
  let chosen = groups.filter((g) => g.agents.includes(token));
  if (chosen.length === 0) chosen = groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelay).filter((d): d is number => d !== null);
  return {
    crawlDelayMs: delays.length ? Math.min(Math.max(...delays) * 1000, MAX_CRAWL_DELAY_MS) : null,
    allows(url: URL): boolean {
      const path = canonicalEscapes(url.pathname + url.search);
      if (path === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!rule.regex.test(path)) continue;
        if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
      }
      return best?.allow ?? true;
    },
  };
}
