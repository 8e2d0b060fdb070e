import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSitemap, sitemapText } from './web-sitemap.js';

describe('sitemaps', () => {
  it('reads a urlset with lastmod, entities, CDATA and a namespace prefix', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <!-- <url><loc>https://example.com/commented</loc></url> -->
      <sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sm:url><sm:loc> https://example.com/a?x=1&amp;y=2 </sm:loc><sm:lastmod>2026-01-02</sm:lastmod></sm:url>
        <sm:url><sm:loc><![CDATA[https://example.com/b]]></sm:loc></sm:url>
      </sm:urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'urlset',
      entries: [{ loc: 'https://example.com/a?x=1&y=2', lastmod: '2026-01-02' }, { loc: 'https://example.com/b' }],
    });
  });

  it('reads a sitemap index', () => {
    const xml = '<sitemapindex><sitemap><loc>https://example.com/s1.xml.gz</loc></sitemap><sitemap><loc>https://example.com/s2.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(xml)).toEqual({ kind: 'index', entries: [{ loc: 'https://example.com/s1.xml.gz' }, { loc: 'https://example.com/s2.xml' }] });
  });

  it('reads a text sitemap, one URL per line', () => {
    expect(parseSitemap('https://example.com/a\n\nnot a url\r\nhttps://example.com/b\n').entries).toEqual([{ loc: 'https://example.com/a' }, { loc: 'https://example.com/b' }]);
  });

  it('gunzips by magic bytes, and passes plain bytes through', async () => {
    expect(await sitemapText(gzipSync('<urlset/>'))).toBe('<urlset/>');
    expect(await sitemapText(Buffer.from('<urlset/>'))).toBe('<urlset/>');
  });
});
