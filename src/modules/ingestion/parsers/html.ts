import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { domToBlocks } from './html-blocks.js';
import type { ParseOptions } from './options.js';
import { charsetFromContentType, decodeText, describeDecoding } from './text-decode.js';
import type { Block, ParsedDocument } from './types.js';

/**
 * HTML: the main content as Readability sees it, with headings and tables kept as structure. Readability is
 * tuned for articles; on a marketing page, a directory listing or a <pre> document it can return a sliver of
 * the page. When it keeps less than READABILITY_MIN_SHARE of the visible body text we index the body instead,
 * minus the page chrome (scripts, styles, navigation, header, footer).
 */

const READABILITY_MIN_SHARE = 0.4;
const NOISE = 'script, style, noscript, template, iframe, object, embed, svg, canvas';
const CHROME = 'nav, header, footer, aside, [role="navigation"], [role="banner"], [role="contentinfo"], [aria-hidden="true"], dialog';

const compact = (s: string) => s.replace(/\s+/g, '');

/** linkedom needs an <html> element: a fragment ("<p>hi</p>", plain text) would otherwise lose its content. */
function asDocument(text: string): string {
  if (/<html[\s>]/i.test(text)) return text;
  return /<body[\s>]/i.test(text) ? `<!doctype html><html>${text}</html>` : `<!doctype html><html><body>${text}</body></html>`;
}

export async function parseHtml(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  const warnings: string[] = [];
  const decoded = decodeText(bytes, { declaredCharset: charsetFromContentType(opts.contentType), html: true });
  const metadata: Record<string, unknown> = describeDecoding(decoded, warnings);

  const { document } = parseHTML(asDocument(decoded.text));
  for (const el of document.querySelectorAll(NOISE)) el.remove();
  // linkedom is not a spec parser: content outside <body> (e.g. <html><p>…</html>) stays on <html>.
  const body = document.body && compact(document.body.textContent ?? '') ? document.body : document.documentElement;
  if (!body) return { format: 'html', blocks: [], metadata, warnings };

  const lang = document.documentElement?.getAttribute?.('lang');
  if (lang) metadata.lang = lang;
  const pageTitle = document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim();

  const bodyChars = compact(body.textContent ?? '').length;
  let article: ReturnType<Readability<string>['parse']>;
  try {
    // Readability mutates the tree it is given; it works on a copy so the fallback still has the whole page.
    article = new Readability(document.cloneNode(true) as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  } catch {
    article = null; // a page Readability cannot handle still has a body
  }

  let blocks: Block[];
  const articleChars = compact(article?.textContent ?? '').length;
  if (article?.content && bodyChars > 0 && articleChars >= READABILITY_MIN_SHARE * bodyChars) {
    const { document: frag } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
    blocks = domToBlocks(frag.body);
    metadata.extraction = 'readability';
  } else {
    for (const el of body.querySelectorAll(CHROME)) el.remove();
    blocks = domToBlocks(body);
    // Chrome removal can empty a page whose content lives in <header>/<aside>; then keep everything.
    if (blocks.length === 0 && bodyChars > 0) {
      const { document: again } = parseHTML(asDocument(decoded.text));
      for (const el of again.querySelectorAll(NOISE)) el.remove();
      blocks = domToBlocks(again.documentElement);
    }
    metadata.extraction = 'body';
  }

  const title = article?.title?.trim() || pageTitle;
  if (title) {
    metadata.title = title;
    const first = blocks.find((b) => b.kind === 'heading');
    if (!first || compact(first.text) !== compact(title)) blocks.unshift({ kind: 'heading', level: 1, text: title });
  }
  if (article?.byline) metadata.byline = article.byline;
  return { format: 'html', blocks, metadata, warnings };
}
