import { zipSync } from 'fflate';
import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import { domToBlocks } from './html-blocks.js';
import { decodeXmlEntities, wordParagraphs } from './ooxml-text.js';
import type { ParseOptions } from './options.js';
import { ParseError, type Block, type ParsedDocument } from './types.js';
import { ZipPackage } from './zip-guard.js';

/**
 * DOCX through mammoth (→ semantic HTML → blocks: headings, lists, tables, footnotes, endnotes, comments,
 * text boxes), plus what mammoth leaves out: headers and footers are read from their parts directly, and ruby
 * (furigana) is rewritten to its base text before mammoth sees it, since mammoth drops ruby runs entirely.
 * When mammoth yields much less text than the raw w:t runs hold (Strict namespaces it does not know,
 * structures it skips), the raw paragraphs are indexed instead, with a warning.
 */

const RAW_SHARE_MIN = 0.5;
const compactLength = (parts: string[]) => parts.reduce((n, s) => n + s.replace(/\s+/g, '').length, 0);

/** The main document part, from the package relationships (Transitional or Strict type URI). */
function mainPartName(pkg: ZipPackage): string | undefined {
  const rels = pkg.text('_rels/.rels') ?? '';
  for (const m of rels.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)) {
    const type = /\bType\s*=\s*"([^"]*)"/.exec(m[1])?.[1] ?? '';
    const target = /\bTarget\s*=\s*"([^"]*)"/.exec(m[1])?.[1];
    if (target && /\/officeDocument$/.test(type)) return decodeXmlEntities(target).replace(/^\/+/, '');
  }
  return pkg.has('word/document.xml') ? 'word/document.xml' : undefined;
}

/** `<w:ruby>` → its base text as a plain run text, so mammoth keeps 東京 (and not the reading とうきょう). */
function flattenRuby(xml: string): string {
  return xml.replace(/<([\w.-]+):ruby\b[^>]*>([\s\S]*?)<\/\1:ruby>/g, (_, p: string, inner: string) => {
    const base = /<[\w.-]+:rubyBase\b[^>]*>([\s\S]*?)<\/[\w.-]+:rubyBase>/.exec(inner)?.[1] ?? '';
    const text = [...base.matchAll(/<[\w.-]+:t\b[^>]*>([^<]*)<\/[\w.-]+:t>/g)].map((t) => t[1]).join('');
    return `<${p}:t xml:space="preserve">${text}</${p}:t>`;
  });
}

function rezip(pkg: ZipPackage, replace: Record<string, string>): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const name of pkg.names()) {
    if (name.endsWith('/')) continue;
    files[name] = name in replace ? new TextEncoder().encode(replace[name]) : pkg.read(name)!;
  }
  return Buffer.from(zipSync(files, { level: 1 }));
}

function coreProperties(pkg: ZipPackage): Record<string, string> {
  const core = pkg.has('docProps/core.xml') ? (pkg.text('docProps/core.xml') ?? '') : '';
  const out: Record<string, string> = {};
  for (const [tag, key] of [['title', 'title'], ['creator', 'author']] as const) {
    const v = new RegExp(`<[\\w.-]+:${tag}\\b[^>]*>([^<]*)<`).exec(core)?.[1];
    if (v?.trim()) out[key] = decodeXmlEntities(v.trim());
  }
  return out;
}

/** Header or footer paragraphs, deduplicated (first/default/even variants often repeat). */
function headerFooterBlocks(pkg: ZipPackage, which: 'header' | 'footer', seen: Set<string>): Block[] {
  const names = pkg
    .names()
    .filter((n) => new RegExp(`(^|/)${which}\\d*\\.xml$`, 'i').test(n))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const blocks: Block[] = [];
  for (const name of names) {
    for (const text of wordParagraphs(pkg.text(name) ?? '')) {
      if (seen.has(text)) continue;
      seen.add(text);
      blocks.push({ kind: 'paragraph', text });
    }
  }
  return blocks;
}

export async function parseDocx(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new ParseError('corrupt', 'The DOCX file is empty (0 bytes).');
  const pkg = new ZipPackage(bytes, 'DOCX', { maxUncompressedBytes: opts.maxUncompressedBytes });
  const main = mainPartName(pkg);
  if (!main || !pkg.has(main)) {
    const hint = pkg.has('xl/workbook.xml') ? ' (it looks like an Excel workbook)' : pkg.entries.size === 0 ? ' (the archive is empty)' : '';
    throw new ParseError('corrupt', `The file is not a valid DOCX document: it has no Word document part${hint}.`);
  }
  // Inflate and vet every XML part (sizes, CRC, no DTD) before mammoth parses any of them.
  pkg.vetAllXml();
  const warnings: string[] = [];
  const metadata: Record<string, unknown> = coreProperties(pkg);
  const docXml = pkg.text(main)!;

  let input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (/<[\w.-]+:ruby[\s>]/.test(docXml)) input = rezip(pkg, { [pkg.entries.get(main.toLowerCase())!.name]: flattenRuby(docXml) });

  let body: Block[] = [];
  let mammothFailed = '';
  try {
    const result = await mammoth.convertToHtml(
      { buffer: input },
      {
        styleMap: ['comment-reference => sup'], // renders comments at the end instead of dropping them
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })), // never inline image bytes
        ignoreEmptyParagraphs: true,
        externalFileAccess: false,
      },
    );
    const { document } = parseHTML(`<!doctype html><html><body>${result.value}</body></html>`);
    // Back-links from notes to their references ("↑") are navigation, not text.
    for (const a of document.querySelectorAll('a[href^="#footnote-ref"], a[href^="#endnote-ref"], a[href^="#comment-ref"]')) a.remove();
    body = domToBlocks(document.body);
  } catch (err) {
    mammothFailed = String((err as Error)?.message ?? err).split('\n')[0].replace(/\s+/g, ' ').slice(0, 160);
  }

  // Raw runs of the body and its notes: the yardstick for what mammoth should have found.
  const notes = ['word/footnotes.xml', 'word/endnotes.xml', 'word/comments.xml'].filter((n) => pkg.has(n));
  const rawBody = wordParagraphs(flattenRuby(docXml));
  const rawNotes = notes.flatMap((n) => wordParagraphs(pkg.text(n) ?? ''));
  const rawChars = compactLength([...rawBody, ...rawNotes]);
  const gotChars = compactLength(body.map((b) => b.text));
  if (rawChars > 0 && gotChars < RAW_SHARE_MIN * rawChars) {
    warnings.push(
      mammothFailed
        ? `The document structure could not be read (${mammothFailed}); its text was extracted without formatting.`
        : 'Part of the document was not understood by the structured reader; its text was extracted without formatting.',
    );
    body = [...rawBody, ...rawNotes].map((text) => ({ kind: 'paragraph' as const, text }));
    metadata.reader = 'raw';
  } else if (mammothFailed && rawChars === 0) {
    throw new ParseError('corrupt', `The DOCX file cannot be read: ${mammothFailed}`);
  }

  const seen = new Set(body.map((b) => b.text));
  const headers = headerFooterBlocks(pkg, 'header', seen);
  const footers = headerFooterBlocks(pkg, 'footer', seen);
  return { format: 'docx', blocks: [...headers, ...body, ...footers], metadata, warnings };
}
