/**
 * URLs of the web connector: one spelling per page (it becomes the item's externalId, so two spellings of one page
 * would be two documents) and the crawl scope (which URLs are fetched at all).
 */

/**
 * The URL as the crawl knows it, or null when it is not crawlable: http(s) only, no credentials (they would be sent
 * and shown in citations), fragment dropped (same page), empty query dropped. The WHATWG parser already lower-cases
 * the host, removes the default port and resolves dot segments; nothing else is reordered (a query's order can matter).
 */
export function normalizeUrl(raw: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw.trim()) : new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  if (!url.search) url.search = '';
  return url;
}

/**
 * A path glob of include_patterns / exclude_patterns, matched against the whole URL path (not the query): `*` is any
 * run of characters within one path segment, `**` any run including `/`; everything else is literal.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (glob[i] === '*') source += '[^/]*';
    else source += glob[i].replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export interface Scope {
  /** Hosts (with a non-default port) the crawl stays on; null when same_site is off. Grows with start redirects. */
  hosts: Set<string> | null;
  include: RegExp[];
  exclude: RegExp[];
}

export function makeScope(options: { sameSite: boolean; roots: URL[]; include: string[]; exclude: string[] }): Scope {
  return {
    hosts: options.sameSite ? new Set(options.roots.map((u) => u.host)) : null,
    include: options.include.map(globToRegExp),
    exclude: options.exclude.map(globToRegExp),
  };
}

export const hostInScope = (scope: Scope, url: URL) => scope.hosts === null || scope.hosts.has(url.host);

/** Exclude wins over include; no include pattern means every path. */
export function pathInScope(scope: Scope, url: URL): boolean {
  if (scope.exclude.some((re) => re.test(url.pathname))) return false;
  return scope.include.length === 0 || scope.include.some((re) => re.test(url.pathname));
}

export const inScope = (scope: Scope, url: URL) => hostInScope(scope, url) && pathInScope(scope, url);

/**
 * Linked files that become items: the formats the ingestion parsers read (PPTX and images are not among them, so a
 * link to one would only fail at indexing). HTML pages are crawled as pages.
 */
const FILE_EXTENSIONS = new Set(['pdf', 'docx', 'xlsx', 'csv', 'txt', 'md', 'mdx']);

const CONTENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/mdx': 'mdx',
};

function lastSegment(url: URL): string {
  const segment = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The file format a URL's extension names, when it is one the connector fetches as a file. */
export function fileExtensionOf(url: URL): string | null {
  const match = /\.([a-z0-9]+)$/i.exec(lastSegment(url));
  const ext = match?.[1].toLowerCase();
  return ext && FILE_EXTENSIONS.has(ext) ? ext : null;
}

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

export const isHtmlType = (contentType: string | undefined) => ['text/html', 'application/xhtml+xml'].includes(mediaType(contentType));

export const fileExtensionOfType = (contentType: string | undefined): string | null => CONTENT_TYPES[mediaType(contentType)] ?? null;

/** Names stay short and free of path separators: the name is shown, the format comes from the extension. */
function safeName(name: string): string {
  const printable = [...name].map((ch) => (ch.charCodeAt(0) < 0x20 ? '_' : ch)).join('');
  return printable.replace(/[\\/:*?"<>|]+/g, '_').slice(0, 150);
}

/** `/docs/intro` → `intro.html`, `/` → `example.com.html` (the parser reads the title from the page itself). */
export function pageFilename(url: URL): string {
  const base = lastSegment(url).replace(/\.(html?|php|aspx?|jsp)$/i, '');
  return `${safeName(base || url.hostname)}.html`;
}

/** The last segment, with the extension of the format actually served when the URL names another (or none). */
export function fileFilename(url: URL, ext: string): string {
  const name = safeName(lastSegment(url)) || url.hostname;
  return name.toLowerCase().endsWith(`.${ext}`) ? name : `${name}.${ext}`;
}
