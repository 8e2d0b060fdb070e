import { describe, expect, it } from 'vitest';
import { headerRobots, scanPage } from './web-html.js';

describe('scanPage', () => {
  it('finds links resolved against the page or its first <base>, and the canonical URL', () => {
    const html = `<html><head><base href="/docs/"><base href="/ignored/"><link rel="alternate canonical" href="/docs/page"></head>
      <body><a href="a">a</a> <a class=x href=b?x=1&amp;y=2>b</a> <area href='/c'> <iframe src="https://other.example/embed"></iframe>
      <a name="no-href">none</a> <a href="mailto:x@example.com">mail</a></body></html>`;
    const page = scanPage(html, 'https://example.com/start', 'knowledgebasebot');
    expect(page.links).toEqual([
      'https://example.com/docs/a',
      'https://example.com/docs/b?x=1&y=2',
      'https://example.com/c',
      'https://other.example/embed',
      'mailto:x@example.com',
    ]);
    expect(page.canonical).toBe('https://example.com/docs/page');
    expect(page).toMatchObject({ noindex: false, nofollow: false });
  });

  it('skips links in comments, scripts, styles and templates, and reads quoted ">" in attributes', () => {
    const html = `<!-- <a href="/c1">x</a> --><script>var s = '<a href="/s1">';</script><style>a[href="/st"]{}</style>
      <template><a href="/t1">t</a></template><a title="a > b" href="/real">r</a>`;
    expect(scanPage(html, 'https://example.com/', 'knowledgebasebot').links).toEqual(['https://example.com/real']);
  });

  it('reads robots meta tags, general or naming our product token', () => {
    expect(scanPage('<meta name="robots" content="noindex, follow">', 'https://e.example/', 'knowledgebasebot')).toMatchObject({ noindex: true, nofollow: false });
    expect(scanPage('<meta name="KnowledgeBaseBot" content="none">', 'https://e.example/', 'knowledgebasebot')).toMatchObject({ noindex: true, nofollow: true });
    expect(scanPage('<meta name="otherbot" content="noindex">', 'https://e.example/', 'knowledgebasebot')).toMatchObject({ noindex: false });
  });
});

describe('headerRobots', () => {
  it('reads X-Robots-Tag, general or for our product token', () => {
    expect(headerRobots('noindex', 'knowledgebasebot')).toEqual({ noindex: true, nofollow: false });
    expect(headerRobots(['otherbot: noindex', 'knowledgebasebot: nofollow'], 'knowledgebasebot')).toEqual({ noindex: false, nofollow: true });
    expect(headerRobots(undefined, 'knowledgebasebot')).toEqual({ noindex: false, nofollow: false });
  });
});
