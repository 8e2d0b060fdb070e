import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';

/**
 * Sitemaps (sitemaps.org): a `<urlset>` of pages or a `<sitemapindex>` of further sitemaps, plain or gzip-compressed
 * (`.xml.gz`, recognised by its magic bytes, whatever the URL says), or a text file with one URL per line. Only `<loc>`
 * and `<lastmod>` are read; the XML is scanned, never parsed with entities or a DTD, so nothing external is resolved.
 */

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

export interface Sitemap {
  kind: 'urlset' | 'index';
  entries: SitemapEntry[];
}

/** A sitemap is at most 50 MB uncompressed by the protocol; a gzip bomb stops here. */
const MAX_SITEMAP_BYTES = 64 * 1024 * 1024;

const gunzipAsync = promisify(gunzip);

export async function sitemapText(body: Buffer): Promise<string> {
  const gzipped = body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
  const bytes = gzipped ? await gunzipAsync(body, { maxOutputLength: MAX_SITEMAP_BYTES }) : body;
  return bytes.toString('utf8');
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1].trim();
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
      if (name[0] !== '#') return XML_ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .trim();
}

/** `<loc>` with or without a namespace prefix (`<sm:loc>`). */
const element = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}\\b[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>`, 'i');

export function parseSitemap(text: string): Sitemap {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!trimmed.startsWith('<')) {
    const entries = trimmed
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line))
      .map((loc) => ({ loc }));
    return { kind: 'urlset', entries };
  }
  const withoutComments = trimmed.replace(/<!--[\s\S]*?-->/g, '');
  const isIndex = /<(?:[\w.-]+:)?sitemapindex\b/i.test(withoutComments);
  const blockName = isIndex ? 'sitemap' : 'url';
  const block = new RegExp(`<(?:[\\w.-]+:)?${blockName}\\b[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?${blockName}\\s*>`, 'gi');
  const locRe = element('loc');
  const lastmodRe = element('lastmod');
  const entries: SitemapEntry[] = [];
  for (const match of withoutComments.matchAll(block)) {
    const loc = locRe.exec(match[1]);
    if (!loc) continue;
    const lastmod = lastmodRe.exec(match[1]);
    entries.push({ loc: xmlText(loc[1]), ...(lastmod ? { lastmod: xmlText(lastmod[1]) } : {}) });
  }
  return { kind: isIndex ? 'index' : 'urlset', entries };
}
