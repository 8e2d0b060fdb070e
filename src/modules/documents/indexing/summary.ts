import type { ParsedDocument } from '../../ingestion/index.js';

const SUMMARY_MAX_CHARS = 400;
/** What the description model sees at most: the beginning of a document describes it best. */
export const DESCRIBE_INPUT_CHARS = 12_000;

const SENTENCE = /[^.!?。！？]+(?:[.!?。！？]+["'”’»)\]]*|$)/gu;

/**
 * A description that needs no model: the first meaningful sentences of the body text, up to ~400
 * characters. Headings, table cells and code are skipped (they describe poorly), and so are
 * fragments too short to be a sentence, unless nothing better exists.
 */
export function extractiveSummary(doc: ParsedDocument, maxChars = SUMMARY_MAX_CHARS): string | null {
  const prose = doc.blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list_item' || b.kind === 'quote');
  const picked: string[] = [];
  let length = 0;
  outer: for (const block of prose) {
    const text = block.text.replace(/\s+/g, ' ').trim();
    for (const match of text.matchAll(SENTENCE)) {
      const sentence = match[0].trim();
      const letters = sentence.match(/\p{L}/gu)?.length ?? 0;
      // Page furniture ("Page 3", "—", "1.2") is not a sentence worth showing.
      if (letters < 12 && !/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(sentence)) continue;
      if (length + sentence.length + 1 > maxChars) {
        if (picked.length === 0) picked.push(`${cut(sentence, maxChars - 1)}…`);
        break outer;
      }
      picked.push(sentence);
      length += sentence.length + 1;
    }
  }
  if (picked.length > 0) return picked.join(' ');
  // No prose at all (a spreadsheet, a CSV): the first non-empty text of any kind, shortened.
  const any = doc.blocks.map((b) => b.text.replace(/\s+/g, ' ').trim()).find((t) => t.length > 0);
  if (!any) return null;
  return any.length <= maxChars ? any : `${cut(any, maxChars - 1)}…`;
}

/** Cuts at a word boundary when one is near, never inside a surrogate pair. */
function cut(text: string, max: number): string {
  const chars = [...text].slice(0, max).join('');
  const space = chars.lastIndexOf(' ');
  return (space > max * 0.6 ? chars.slice(0, space) : chars).trimEnd();
}
