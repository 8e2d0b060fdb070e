import { parseHTML } from 'linkedom';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { tableText } from './html-blocks.js';
import type { ParseOptions } from './options.js';
import { charsetFromContentType, decodeText, describeDecoding } from './text-decode.js';
import type { Block, ParsedDocument } from './types.js';

/**
 * Markdown and MDX → blocks through the mdast syntax tree. MDX is only *parsed*: ESM (import/export) and
 * {expressions} are dropped unevaluated, JSX elements are transparent (their children's text is kept, since a
 * phrase may live inside <Note>…</Note>). Code blocks are kept verbatim: documentation puts real content there.
 */

/** The slice of mdast we read; structural so we need not depend on @types/mdast directly. */
interface MdNode {
  type: string;
  value?: string;
  alt?: string | null;
  depth?: number;
  children?: MdNode[];
  position?: { start: { line: number } };
}

const DROPPED = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'definition', 'thematicBreak', 'yaml', 'toml', 'footnoteReference']);

function htmlText(html: string): string {
  if (/^\s*<!--[\s\S]*-->\s*$/.test(html)) return '';
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const el of document.querySelectorAll('script, style')) el.remove();
  return (document.body?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Inline text of a phrasing subtree. */
function inline(n: MdNode): string {
  if (DROPPED.has(n.type)) return '';
  switch (n.type) {
    case 'text':
    case 'inlineCode':
      return n.value ?? '';
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return n.alt ?? '';
    case 'html':
      return htmlText(n.value ?? '');
    default:
      return (n.children ?? []).map(inline).join('');
  }
}

const clean = (s: string) => s.replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n').trim();

class MdBlocks {
  readonly blocks: Block[] = [];

  private push(kind: 'paragraph' | 'list_item' | 'quote', raw: string): void {
    const text = clean(raw);
    if (text) this.blocks.push({ kind, text });
  }

  /** Flow content; `kind` is what a paragraph becomes here (inside a list item it is part of the item). */
  flow(nodes: MdNode[], kind: 'paragraph' | 'list_item' | 'quote'): void {
    for (const n of nodes) {
      if (DROPPED.has(n.type)) continue;
      switch (n.type) {
        case 'heading': {
          const text = clean(inline(n)).replace(/\s+/g, ' ');
          if (text) this.blocks.push({ kind: 'heading', level: n.depth ?? 1, text });
          break;
        }
        case 'paragraph':
          this.push(kind, inline(n));
          break;
        case 'code':
          if (n.value?.trim()) this.blocks.push({ kind: 'code', text: n.value });
          break;
        case 'html':
          this.push(kind, htmlText(n.value ?? ''));
          break;
        case 'list':
          for (const item of n.children ?? []) this.flow(item.children ?? [], 'list_item');
          break;
        case 'blockquote':
          this.flow(n.children ?? [], 'quote');
          break;
        case 'table': {
          const rows = (n.children ?? []).map((row) => (row.children ?? []).map((cell) => clean(inline(cell)).replace(/\s+/g, ' ')));
          if (rows.some((r) => r.some(Boolean))) this.blocks.push({ kind: 'table', rows, text: tableText(rows) });
          break;
        }
        case 'mdxJsxTextElement':
          this.push(kind, inline(n));
          break;
        default:
          // mdxJsxFlowElement, footnoteDefinition, listItem, root, anything new: transparent containers
          if (n.children) this.flow(n.children, kind);
          else if (n.value) this.push(kind, n.value);
      }
    }
  }
}

function frontmatter(tree: MdNode, warnings: string[]): unknown {
  const node = (tree.children ?? []).find((c) => c.type === 'yaml');
  if (!node?.value) return undefined;
  try {
    // Plain JSON-compatible values only (no custom tags); a broken header is reported, not fatal.
    return JSON.parse(JSON.stringify(parseYaml(node.value, { maxAliasCount: 100 }) ?? null));
  } catch (err) {
    warnings.push(`front matter is not valid YAML and was ignored (${(err as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

function parseTree(text: string, mdx: boolean): MdNode {
  const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm);
  if (mdx) processor.use(remarkMdx);
  return processor.parse(text) as unknown as MdNode;
}

/** ESM lines that plain Markdown would otherwise index as prose after an MDX syntax error. */
const ESM_PARAGRAPH = /^(import|export)\s[\s\S]*$/;

export async function parseMarkdown(bytes: Uint8Array, format: 'md' | 'mdx', opts: ParseOptions = {}): Promise<ParsedDocument> {
  const warnings: string[] = [];
  const decoded = decodeText(bytes, { declaredCharset: charsetFromContentType(opts.contentType) });
  const metadata: Record<string, unknown> = describeDecoding(decoded, warnings);

  let tree: MdNode;
  let mdxFallback = false;
  try {
    tree = parseTree(decoded.text, format === 'mdx');
  } catch (err) {
    if (format !== 'mdx') throw err;
    const e = err as Error & { line?: number; place?: { line?: number } };
    const line = e.line ?? e.place?.line;
    warnings.push(`MDX syntax error${line ? ` at line ${line}` : ''} (${e.message.split('\n')[0]}); the file was read as plain Markdown`);
    tree = parseTree(decoded.text, false);
    mdxFallback = true;
  }

  const fm = frontmatter(tree, warnings);
  if (fm !== undefined) metadata.frontmatter = fm;
  const md = new MdBlocks();
  md.flow(tree.children ?? [], 'paragraph');
  const blocks = mdxFallback ? md.blocks.filter((b) => !(b.kind === 'paragraph' && ESM_PARAGRAPH.test(b.text))) : md.blocks;
  return { format, blocks, metadata, warnings };
}
