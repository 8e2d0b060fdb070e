import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.js';

const enc = (s: string) => new TextEncoder().encode(s);
const para = (n: number) => `<p>${'This sentence is part of the main article body and it keeps going for a while. '.repeat(4)} (${n})</p>`;

const ARTICLE = `<!doctype html><html lang="en"><head><title>Trail report</title>
<script>var tracking = "SCRIPT TEXT";</script><style>.x { color: red }</style></head>
<body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/about">About us NAVTEXT</a></li></ul></nav>
<header><div>Site banner HEADERTEXT</div></header>
<article>
  <h1>Trail report</h1>
  ${para(1)}${para(2)}
  <h2>Conditions</h2>
  ${para(3)}
  <table><thead><tr><th>Section</th><th>State</th></tr></thead>
  <tbody><tr><td>North ridge</td><td>Snow</td></tr><tr><td>Valley</td><td>Dry</td></tr></tbody></table>
  ${para(4)}${para(5)}
</article>
<footer>Copyright FOOTERTEXT</footer>
<script>document.write("MORE SCRIPT")</script>
</body></html>`;

describe('HTML extractor', () => {
  it('extracts the article with headings and tables, without scripts, styles, nav, header or footer', async () => {
    const doc = await parseDocument(enc(ARTICLE), 'html');
    expect(doc.metadata).toMatchObject({ extraction: 'readability', title: 'Trail report', lang: 'en' });
    expect(doc.blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'Trail report' });
    expect(doc.blocks).toContainEqual({ kind: 'heading', level: 2, text: 'Conditions' });
    expect(doc.blocks).toContainEqual({
      kind: 'table',
      rows: [['Section', 'State'], ['North ridge', 'Snow'], ['Valley', 'Dry']],
      text: 'Section | State\nNorth ridge | Snow\nValley | Dry',
    });
    const all = doc.blocks.map((b) => b.text).join('\n');
    expect(all).toContain('(5)');
    for (const noise of ['SCRIPT', 'color: red', 'NAVTEXT', 'HEADERTEXT', 'FOOTERTEXT']) expect(all).not.toContain(noise);
  });

  it('falls back to the body when readability keeps too little (marketing page, <pre> document)', async () => {
    const page = `<html><body><nav>Menu NAVTEXT</nav><div class="hero"><h1>Make it yours</h1><p>No other browser gives you so much choice.</p></div>
      <div class="cards"><div><h3>Themes</h3><span>Dress up your browser.</span></div><div><h3>Add-ons</h3><span>Install features.</span></div>
      <div><h3>Sync</h3><span>Take your bookmarks, passwords and open tabs everywhere you go.</span></div>
      <div><h3>Private browsing</h3><span>Leave no trace: history, cookies and searches are cleared when you close it.</span></div></div>
      <footer>FOOTERTEXT</footer></body></html>`;
    const doc = await parseDocument(enc(page), 'html');
    expect(doc.metadata.extraction).toBe('body');
    const all = doc.blocks.map((b) => b.text).join('\n');
    for (const t of ['Make it yours', 'No other browser gives you so much choice.', 'Dress up your browser.', 'Install features.']) expect(all).toContain(t);
    expect(all).not.toContain('NAVTEXT');
    expect(all).not.toContain('FOOTERTEXT');

    const pre = `<html><body><pre>SECTION 1.  SHORT TITLE.\n\n    This Act may be cited as the Example Act.\n\nSEC. 2.  FINDINGS.\n\n    the volume of reports is once\n    again interfering with effective law enforcement</pre></body></html>`;
    const preDoc = await parseDocument(enc(pre), 'html');
    expect(preDoc.blocks.map((b) => b.text).join('\n')).toContain('the volume of reports is once\n    again interfering');
  });

  it('decodes windows-1252 without a declaration and honours a meta charset for non-UTF-8 bytes', async () => {
    const cp1252 = iconv.encode('<html><body><p>Kvinnan åt köttbullar med lingonsylt för 10 €.</p></body></html>', 'windows-1252');
    const a = await parseDocument(cp1252, 'html');
    expect(a.blocks.map((b) => b.text)).toContain('Kvinnan åt köttbullar med lingonsylt för 10 €.');
    expect(a.metadata.encoding).toBe('windows-1252');

    const gbk = Buffer.concat([Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"></head><body><p>'), iconv.encode('人人有权享有和平集会和结社的自由', 'gbk'), Buffer.from('</p></body></html>')]);
    const b = await parseDocument(gbk, 'html');
    expect(b.blocks.map((x) => x.text)).toContain('人人有权享有和平集会和结社的自由');
    expect(b.metadata).toMatchObject({ encoding: 'gbk', encodingSource: 'meta' });
  });

  it('reads bare fragments and content that sits outside <body>', async () => {
    expect((await parseDocument(enc('just some text'), 'html')).blocks.map((b) => b.text)).toEqual(['just some text']);
    const outside = await parseDocument(enc('<!doctype html><html><title>T</title><p>outside the body</p></html>'), 'html');
    expect(outside.blocks.map((b) => b.text)).toContain('outside the body');
  });

  it('uses the Content-Type charset when given', async () => {
    const bytes = iconv.encode('<p>Привет, мир</p>', 'windows-1251'); // a bare fragment, no <html>
    const doc = await parseDocument(bytes, 'html', { contentType: 'text/html; charset=windows-1251' });
    expect(doc.blocks.map((b) => b.text)).toContain('Привет, мир');
  });
});
