import type { Block, ParsedDocument } from '../../ingestion/index.js';

/**
 * Renders extracted blocks as one self-contained, readable HTML page. Every piece of document text
 * goes through `escapeHtml`: the page never carries markup, scripts, links or images from the
 * source, and the inline stylesheet is the only style (the CSP allows nothing else).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// Control characters other than tab and newlines have no place in HTML text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (value: string) => escapeHtml(String(value ?? '').replace(CONTROL, ''));

const STYLE = `
  :root { color-scheme: light dark; }
  body { font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  header.doc { border-bottom: 1px solid #8884; margin-bottom: 1.5rem; }
  header.doc p { color: #888; font-size: .875rem; margin: .25rem 0 1rem; }
  h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin: 1.5em 0 .5em; }
  p { margin: .75em 0; white-space: pre-wrap; }
  pre { background: #8881; padding: .75rem 1rem; overflow-x: auto; border-radius: 4px; }
  blockquote { margin: 1em 0; padding-left: 1rem; border-left: 3px solid #8886; color: #666; white-space: pre-wrap; }
  .table-wrap { overflow-x: auto; margin: 1em 0; }
  table { border-collapse: collapse; font-size: .9rem; }
  th, td { border: 1px solid #8886; padding: .25rem .5rem; text-align: left; vertical-align: top; white-space: pre-wrap; }
  th { background: #8882; }
  .page { color: #888; font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; margin-top: 2rem; border-top: 1px dashed #8886; }
  .empty { color: #888; font-style: italic; }
`;

function renderTable(rows: string[][]): string {
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (width === 0) return '';
  const cells = (row: string[], tag: 'th' | 'td') =>
    Array.from({ length: width }, (_, i) => `<${tag}>${text(row[i] ?? '')}</${tag}>`).join('');
  // A table of one row is data, not a header; otherwise the first row names the columns.
  const [head, ...body] = rows.length > 1 ? rows : [null, ...rows];
  const thead = head ? `<thead><tr>${cells(head, 'th')}</tr></thead>` : '';
  const tbody = body.map((r) => `<tr>${cells(r ?? [], 'td')}</tr>`).join('\n');
  return `<div class="table-wrap"><table>${thead}<tbody>\n${tbody}\n</tbody></table></div>`;
}

/** Consecutive table blocks of one sheet are one table split for chunking: shown joined again. */
function mergeTables(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const prev = out[out.length - 1];
    if (block.kind === 'table' && prev?.kind === 'table' && block.sheet !== undefined && prev.sheet === block.sheet) {
      out[out.length - 1] = { ...prev, rows: [...prev.rows, ...block.rows], text: `${prev.text}\n${block.text}` };
    } else {
      out.push(block);
    }
  }
  return out;
}

export function renderBlocks(blocks: Block[]): string {
  const parts: string[] = [];
  let list: string[] = [];
  let page: number | undefined;
  const flushList = () => {
    if (list.length) parts.push(`<ul>\n${list.join('\n')}\n</ul>`);
    list = [];
  };
  for (const block of mergeTables(blocks)) {
    if (block.kind !== 'list_item') flushList();
    if (block.page !== undefined && block.page !== page) {
      flushList();
      page = block.page;
      parts.push(`<div class="page" role="separator">Page ${page}</div>`);
    }
    switch (block.kind) {
      case 'heading': {
        const level = Math.min(6, Math.max(1, Math.trunc(Number(block.level)) || 1));
        parts.push(`<h${level}>${text(block.text)}</h${level}>`);
        break;
      }
      case 'paragraph':
        parts.push(`<p>${text(block.text)}</p>`);
        break;
      case 'list_item':
        list.push(`<li>${text(block.text)}</li>`);
        break;
      case 'code':
        parts.push(`<pre><code>${text(block.text)}</code></pre>`);
        break;
      case 'quote':
        parts.push(`<blockquote>${text(block.text)}</blockquote>`);
        break;
      case 'table':
        parts.push(Array.isArray(block.rows) ? renderTable(block.rows) : `<p>${text(block.text)}</p>`);
        break;
      default:
        // A block kind this viewer does not know yet still shows its text.
        if (typeof (block as { text?: unknown }).text === 'string') parts.push(`<p>${text((block as { text: string }).text)}</p>`);
    }
  }
  flushList();
  return parts.join('\n');
}

export function renderDocumentHtml(input: { filename: string; doc: ParsedDocument }): string {
  const { filename, doc } = input;
  const body = renderBlocks(Array.isArray(doc.blocks) ? doc.blocks : []);
  const meta = [String(doc.format ?? '').toUpperCase(), doc.pageCount ? `${doc.pageCount} pages` : null].filter(Boolean).join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${text(filename)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="doc"><p>${text(filename)}${meta ? ` · ${text(meta)}` : ''}</p></header>
<main>
${body || '<p class="empty">This document has no extractable text.</p>'}
</main>
</body>
</html>
`;
}
