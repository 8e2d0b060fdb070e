/**
 * A tolerant, prefix-agnostic reader for the text of OOXML parts. It matches local names only, so the
 * Transitional (w:, x:), Strict (purl.oclc.org) and oddly-prefixed (ns0:) dialects read the same. Used where
 * the libraries do not look (headers, footers), cannot cope (Strict, unusual prefixes) or would be too heavy
 * (huge workbooks). Input has already passed the DTD check in zip-guard, so only the five predefined
 * entities and character references can occur.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] !== '#') return ENTITIES[e];
    const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

export interface TextUnitOptions {
  /** Local name of the element that delimits one unit: "p" (paragraph) or "si" (shared string). */
  unit: string;
  /** Keep empty units (shared strings are addressed by index, so none may be dropped). */
  keepEmpty?: boolean;
}

// Elements whose text is not body text: ruby readings, phonetic runs, the duplicate VML fallback of a
// drawing, field instructions and deleted revisions.
const SKIP = new Set(['rt', 'rPh', 'Fallback', 'instrText', 'delText', 'delInstrText']);
const TOKEN = /<(\/?)(?:[\w.-]+:)?([\w.-]+)[^>]*?(\/?)>|([^<]+)/g;

/** Text of every `unit` element: `t` runs concatenated, tabs and breaks kept, skipped subtrees ignored. */
export function xmlTextUnits(xml: string, opts: TextUnitOptions): string[] {
  const units: string[] = [];
  let cur = '';
  let inText = 0;
  let skip = 0;
  let inTabStops = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    const [, close, name, selfClose, text] = m;
    if (text !== undefined) {
      if (inText && !skip) cur += decodeXmlEntities(text);
      continue;
    }
    if (SKIP.has(name)) {
      if (!selfClose) skip += close ? -1 : 1;
      if (skip < 0) skip = 0;
      continue;
    }
    if (name === 't') {
      if (!selfClose) inText += close ? -1 : 1;
      if (inText < 0) inText = 0;
    } else if (name === 'tabs') {
      if (!selfClose) inTabStops += close ? -1 : 1;
    } else if (!close && !skip && !inTabStops && (name === 'tab' || name === 'ptab')) {
      cur += '\t';
    } else if (!close && !skip && (name === 'br' || name === 'cr')) {
      cur += '\n';
    } else if (name === opts.unit && (close || selfClose)) {
      const text = opts.unit === 'p' ? cur.replace(/[^\S\n]+/g, ' ').trim() : cur;
      if (text || opts.keepEmpty) units.push(text);
      cur = '';
    }
  }
  if (cur && opts.unit === 'p' && cur.trim()) units.push(cur.trim());
  return units;
}

/** Paragraph texts of a WordprocessingML part (document, header, footer, footnotes, …). */
export function wordParagraphs(xml: string): string[] {
  return xmlTextUnits(xml, { unit: 'p' });
}
