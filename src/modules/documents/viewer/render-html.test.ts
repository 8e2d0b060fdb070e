import { describe, expect, it } from 'vitest';
import { escapeHtml, renderBlocks, renderDocumentHtml } from './render-html.js';
import type { ParsedDocument } from '../../ingestion/index.js';

const doc = (blocks: ParsedDocument['blocks'], format: ParsedDocument['format'] = 'md'): ParsedDocument => ({ format, blocks, metadata: {}, warnings: [] });

describe('renderBlocks', () => {
  it('escapes every piece of text, so markup in a document stays text', () => {
    const html = renderBlocks([
      { kind: 'heading', level: 1, text: '<script>alert(1)</script>' },
      { kind: 'paragraph', text: '<img src=x onerror="alert(1)"> & \'quoted\'' },
      { kind: 'table', rows: [['<b>h</b>'], ['<iframe src="https://evil">']], text: '' },
      { kind: 'code', text: '</code></pre><script>x()</script>' },
    ]);
    expect(html).not.toMatch(/<script|<img|<iframe|<b>/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quoted&#39;');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('renders headings (levels clamped to 1..6), paragraphs, grouped list items, quotes and code', () => {
    const html = renderBlocks([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'heading', level: 9, text: 'Deep' },
      { kind: 'heading', level: 0, text: 'Shallow' },
      { kind: 'list_item', text: 'one' },
      { kind: 'list_item', text: 'two' },
      { kind: 'paragraph', text: 'after' },
      { kind: 'quote', text: 'wise words' },
      { kind: 'code', text: 'const x = 1;' },
    ]);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<h6>Deep</h6>');
    expect(html).toContain('<h1>Shallow</h1>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p>after</p>');
    expect(html).toContain('<blockquote>wise words</blockquote>');
    expect(html).toContain('<pre><code>const x = 1;</code></pre>');
  });

  it('renders tables with a header row, pads ragged rows, and joins the blocks of one sheet', () => {
    const html = renderBlocks([
      { kind: 'heading', level: 1, text: 'Sheet1', sheet: 'Sheet1' },
      { kind: 'table', rows: [['Name', 'Qty'], ['Apple', '3']], text: '', sheet: 'Sheet1' },
      { kind: 'table', rows: [['Pear']], text: '', sheet: 'Sheet1' },
      { kind: 'heading', level: 1, text: 'Sheet2', sheet: 'Sheet2' },
      { kind: 'table', rows: [['only row']], text: '', sheet: 'Sheet2' },
    ]);
    expect(html.match(/<table>/g)).toHaveLength(2);
    expect(html).toContain('<thead><tr><th>Name</th><th>Qty</th></tr></thead>');
    expect(html).toContain('<tr><td>Apple</td><td>3</td></tr>\n<tr><td>Pear</td><td></td></tr>');
    expect(html).toContain('<tbody>\n<tr><td>only row</td></tr>'); // one row: no header
  });

  it('marks PDF pages', () => {
    const html = renderBlocks([
      { kind: 'paragraph', text: 'a', page: 1 },
      { kind: 'paragraph', text: 'b', page: 2 },
    ]);
    expect(html).toMatch(/Page 1<\/div>\n<p>a<\/p>\n<div class="page" role="separator">Page 2<\/div>\n<p>b<\/p>/);
  });
});

describe('renderDocumentHtml', () => {
  it('is a complete page titled with the escaped filename, with no script and no external resource', () => {
    const html = renderDocumentHtml({ filename: '<evil>.md', doc: doc([{ kind: 'paragraph', text: 'hello' }]) });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>&lt;evil&gt;.md</title>');
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
  });

  it('says so when there is no text', () => {
    expect(renderDocumentHtml({ filename: 'empty.txt', doc: doc([], 'txt') })).toContain('no extractable text');
  });
});
