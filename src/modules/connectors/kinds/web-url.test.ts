import { describe, expect, it } from 'vitest';
import { fileExtensionOf, fileExtensionOfType, fileFilename, globToRegExp, inScope, makeScope, normalizeUrl, pageFilename } from './web-url.js';

describe('normalizeUrl', () => {
  it('lower-cases the host, drops the default port, the fragment and an empty query, and keeps the query order', () => {
    expect(normalizeUrl('HTTP://Example.COM:80/a/../B?z=1&a=2#top')!.href).toBe('http://example.com/B?z=1&a=2');
    expect(normalizeUrl('https://example.com:443/x?')!.href).toBe('https://example.com/x');
    expect(normalizeUrl('https://example.com:8443/')!.href).toBe('https://example.com:8443/');
    expect(normalizeUrl('../c', 'https://example.com/a/b/')!.href).toBe('https://example.com/a/c');
  });

  it('refuses what is not crawled: other schemes, credentials, garbage', () => {
    for (const raw of ['mailto:a@example.com', 'javascript:alert(1)', 'ftp://example.com/', 'https://u:p@example.com/', 'not a url']) {
      expect(normalizeUrl(raw)).toBeNull();
    }
  });
});

describe('scope', () => {
  it('matches path globs on the whole path: * within a segment, ** across segments', () => {
    expect(globToRegExp('/docs/**').test('/docs/a/b')).toBe(true);
    expect(globToRegExp('/docs/**').test('/docsx')).toBe(false);
    expect(globToRegExp('/blog/*.html').test('/blog/post.html')).toBe(true);
    expect(globToRegExp('/blog/*.html').test('/blog/2024/post.html')).toBe(false);
    expect(globToRegExp('/a.b').test('/axb')).toBe(false);
  });

  it('keeps to the root hosts when same_site, exclusion winning over inclusion', () => {
    const scope = makeScope({ sameSite: true, roots: [new URL('https://example.com/')], include: ['/docs/**'], exclude: ['/docs/old/**'] });
    expect(inScope(scope, new URL('https://example.com/docs/a'))).toBe(true);
    expect(inScope(scope, new URL('http://example.com/docs/a'))).toBe(true);
    expect(inScope(scope, new URL('https://example.com/docs/old/a'))).toBe(false);
    expect(inScope(scope, new URL('https://example.com/blog'))).toBe(false);
    expect(inScope(scope, new URL('https://www.example.com/docs/a'))).toBe(false);
    const open = makeScope({ sameSite: false, roots: [], include: [], exclude: [] });
    expect(inScope(open, new URL('https://anywhere.example/x'))).toBe(true);
  });
});

describe('file names and types', () => {
  it('names pages .html and files by their served format', () => {
    expect(pageFilename(new URL('https://example.com/docs/intro'))).toBe('intro.html');
    expect(pageFilename(new URL('https://example.com/docs/page.php?id=2'))).toBe('page.html');
    expect(pageFilename(new URL('https://example.com/'))).toBe('example.com.html');
    expect(fileFilename(new URL('https://example.com/a/Report%20Q1.pdf'), 'pdf')).toBe('Report Q1.pdf');
    expect(fileFilename(new URL('https://example.com/download'), 'pdf')).toBe('download.pdf');
  });

  it('knows the file formats the parsers read, by extension and by content type', () => {
    expect(fileExtensionOf(new URL('https://example.com/a.PDF'))).toBe('pdf');
    expect(fileExtensionOf(new URL('https://example.com/a.pptx'))).toBeNull();
    expect(fileExtensionOf(new URL('https://example.com/a.html'))).toBeNull();
    expect(fileExtensionOfType('application/pdf; qs=1')).toBe('pdf');
    expect(fileExtensionOfType('image/png')).toBeNull();
  });
});
