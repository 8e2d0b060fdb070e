import type { Block } from './types.js';

/**
 * DOM → blocks, shared by the HTML extractor and the DOCX extractor (mammoth emits HTML). Works on any
 * DOM-like tree (linkedom), using only childNodes/nodeType/localName/getAttribute/textContent.
 *
 * The rule that matters: no visible text may be lost. Inline text that sits directly inside a container
 * next to block children still becomes a paragraph; lists, tables and quotes keep their structure.
 */

/** linkedom's DOM types are loose and the project's lib has no DOM; we only read these nodes. */
type DomNode = any;

const SKIP = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'svg', 'iframe', 'object', 'embed',
  'canvas', 'select', 'option', 'input', 'textarea', 'button', 'annotation', 'annotation-xml', 'map', 'audio', 'video',
]);
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog', 'div', 'dl',
  'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);
const HEADING = /^h([1-6])$/;
const MAX_PRE_BLOCK = 8_000;

type TextKind = 'paragraph' | 'list_item' | 'quote';

const tag = (n: DomNode): string => String(n.localName ?? n.tagName ?? '').toLowerCase();
const isElement = (n: DomNode) => n?.nodeType === 1;
const isText = (n: DomNode) => n?.nodeType === 3;
const hidden = (n: DomNode) => typeof n.hasAttribute === 'function' && n.hasAttribute('hidden');

/** Collapses runs of spaces but keeps the line breaks that <br> produced. */
function tidy(s: string): string {
  return s
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Visible text of a subtree, with block boundaries and <br> turned into line breaks. */
function blockText(node: DomNode): string {
  const out: string[] = [];
  const visit = (n: DomNode) => {
    if (isText(n)) {
      out.push(String(n.textContent ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (!isElement(n)) return;
    const t = tag(n);
    if (SKIP.has(t) || hidden(n)) return;
    if (t === 'br') return void out.push('\n');
    const block = BLOCK.has(t);
    if (block) out.push('\n');
    for (const c of n.childNodes ?? []) visit(c);
    if (t === 'td' || t === 'th') out.push(' ');
    if (block) out.push('\n');
  };
  visit(node);
  return tidy(out.join(''));
}

class BlockBuilder {
  readonly blocks: Block[] = [];
  private inline: string[] = [];

  /** Walks a container element (body, article, a mammoth fragment). */
  walk(root: DomNode): Block[] {
    this.children(root, 'paragraph');
    return this.blocks;
  }

  private flush(kind: TextKind): void {
    const text = tidy(this.inline.join(''));
    this.inline = [];
    if (text) this.blocks.push({ kind, text });
  }

  private children(el: DomNode, kind: TextKind): void {
    for (const c of el.childNodes ?? []) this.node(c, kind);
    this.flush(kind);
  }

  private node(n: DomNode, kind: TextKind): void {
    if (isText(n)) {
      this.inline.push(String(n.textContent ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (!isElement(n)) return;
    const t = tag(n);
    if (SKIP.has(t) || hidden(n)) return;
    if (t === 'br') return void this.inline.push('\n');
    if (!BLOCK.has(t)) {
      for (const c of n.childNodes ?? []) this.node(c, kind);
      return;
    }
    this.flush(kind);
    const h = HEADING.exec(t);
    if (h) {
      const text = blockText(n).replace(/\s+/g, ' ');
      if (text) this.blocks.push({ kind: 'heading', level: Number(h[1]), text });
    } else if (t === 'table') {
      this.table(n, kind);
    } else if (t === 'pre') {
      this.pre(n);
    } else if (t === 'li') {
      this.children(n, 'list_item');
    } else if (t === 'blockquote') {
      this.children(n, 'quote');
    } else if (t === 'hr') {
      // a rule separates; nothing to keep
    } else {
      // p, div, section, ul/ol (their li children are handled above), dt/dd, …: inherit list/quote context
      this.children(n, kind);
    }
  }

  private pre(n: DomNode): void {
    const raw = String(n.textContent ?? '').replace(/\r\n?/g, '\n');
    const isCode = Boolean(n.querySelector?.('code')) || /\b(lang|language)-/.test(String(n.getAttribute?.('class') ?? ''));
    if (isCode) {
      const text = raw.replace(/^\n+|\s+$/g, '');
      if (text) this.blocks.push({ kind: 'code', text });
      return;
    }
    // Preformatted prose (an RFC, a statute): paragraphs are blank-line separated; keep the line breaks.
    let buf = '';
    const push = () => {
      const text = buf.replace(/[^\S\n]+$/gm, '').trim();
      if (text) this.blocks.push({ kind: 'paragraph', text });
      buf = '';
    };
    for (const para of raw.split(/\n[^\S\n]*\n/)) {
      if (buf && buf.length + para.length > MAX_PRE_BLOCK) push();
      buf = buf ? `${buf}\n\n${para}` : para;
      if (buf.length > MAX_PRE_BLOCK) push();
    }
    push();
  }

  private table(n: DomNode, kind: TextKind): void {
    const rows: string[][] = [];
    const rowEls: DomNode[] = [];
    const collect = (el: DomNode) => {
      for (const c of el.childNodes ?? []) {
        if (!isElement(c)) continue;
        const t = tag(c);
        if (t === 'tr') rowEls.push(c);
        else if (t === 'thead' || t === 'tbody' || t === 'tfoot') collect(c);
      }
    };
    collect(n);
    for (const tr of rowEls) {
      const cells: string[] = [];
      for (const c of tr.childNodes ?? []) {
        const t = isElement(c) ? tag(c) : '';
        if (t === 'td' || t === 'th') cells.push(blockText(c).replace(/\s*\n\s*/g, ' '));
      }
      if (cells.some(Boolean)) rows.push(cells);
    }
    // A table whose rows hold at most one non-empty cell is page layout, not data: read it as content.
    if (rows.every((r) => r.filter(Boolean).length <= 1)) {
      for (const tr of rowEls) for (const c of tr.childNodes ?? []) if (isElement(c)) this.children(c, kind);
      return;
    }
    const caption = [...(n.childNodes ?? [])].find((c: DomNode) => isElement(c) && tag(c) === 'caption');
    if (caption) {
      const text = blockText(caption);
      if (text) this.blocks.push({ kind: 'paragraph', text });
    }
    this.blocks.push({ kind: 'table', rows, text: tableText(rows) });
  }
}

/** Plain-text rendering of a table: one line per row, non-empty cells separated by " | ". */
export function tableText(rows: string[][]): string {
  return rows.map((r) => r.filter((c) => c !== '').join(' | ')).filter(Boolean).join('\n');
}

export function domToBlocks(root: DomNode): Block[] {
  return new BlockBuilder().walk(root);
}
