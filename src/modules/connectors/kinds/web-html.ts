/**
 * What the crawl needs from a page: its links, its canonical URL and its robots meta tags. A scan of the tags, not a
 * DOM: it runs on every page during listing (main-content extraction happens later, in the parser, at indexing time),
 * and links inside comments, scripts, styles and templates are skipped as a browser would not follow them.
 */

export interface PageLinks {
  /** Absolute URLs as written (resolved against the page or its <base>), in document order, not yet normalised. */
  links: string[];
  canonical: string | null;
  /** `<meta name="robots" content="noindex">` (or naming our product token): the page is not an item. */
  noindex: boolean;
  /** `nofollow` likewise: its links are not followed. */
  nofollow: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attributes(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of raw.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
    const name = m[1].toLowerCase();
    if (!out.has(name)) out.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return out;
}

const HIDDEN = /<!--[\s\S]*?-->|<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<(a|area|link|base|meta|frame|iframe)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

function resolve(href: string, base: string): string | null {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return null;
  }
}

export function scanPage(html: string, pageUrl: string, productToken: string): PageLinks {
  const visible = html.replace(HIDDEN, ' ');
  let base = pageUrl;
  let baseSeen = false;
  const links: string[] = [];
  let canonical: string | null = null;
  let noindex = false;
  let nofollow = false;
  for (const match of visible.matchAll(TAG)) {
    const tag = match[1].toLowerCase();
    const attrs = attributes(match[2]);
    if (tag === 'base') {
      const href = attrs.get('href');
      if (href && !baseSeen) base = resolve(href, pageUrl) ?? pageUrl;
      baseSeen = true; // only the first <base> counts, as in browsers
    } else if (tag === 'meta') {
      const name = (attrs.get('name') ?? '').toLowerCase();
      if (name === 'robots' || name === productToken) {
        const directives = (attrs.get('content') ?? '').toLowerCase().split(/[\s,]+/);
        if (directives.includes('noindex') || directives.includes('none')) noindex = true;
        if (directives.includes('nofollow') || directives.includes('none')) nofollow = true;
      }
    } else if (tag === 'link') {
      const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attrs.get('href');
      if (rel.includes('canonical') && href && canonical === null) canonical = resolve(href, base);
    } else {
      const href = attrs.get(tag === 'frame' || tag === 'iframe' ? 'src' : 'href');
      const resolved = href ? resolve(href, base) : null;
      if (resolved) links.push(resolved);
    }
  }
  return { links, canonical, noindex, nofollow };
}

/** `X-Robots-Tag: noindex, nofollow` (optionally `botname: noindex`) says the same as the meta tag. */
export function headerRobots(value: string | string[] | undefined, productToken: string): { noindex: boolean; nofollow: boolean } {
  let noindex = false;
  let nofollow = false;
  for (const line of Array.isArray(value) ? value : value ? [value] : []) {
    const scoped = /^\s*([\w-]+)\s*:(.*)$/.exec(line);
    const agent = scoped && !/^(noindex|nofollow|none|unavailable_after)$/i.test(scoped[1]) ? scoped[1].toLowerCase() : null;
    if (agent && agent !== productToken) continue;
    const directives = (agent ? scoped![2] : line).toLowerCase().split(/[\s,]+/);
    if (directives.includes('noindex') || directives.includes('none')) noindex = true;
    if (directives.includes('nofollow') || directives.includes('none')) nofollow = true;
  }
  return { noindex, nofollow };
}
