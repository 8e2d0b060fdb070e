import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * Bytes → string for every text format. Order of evidence, strongest first:
 *   1. a BOM (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE);
 *   2. BOM-less UTF-16 (NUL in every other byte);
 *   3. bytes that are valid UTF-8 — this beats any declaration, because pages that declare gb2312 or
 *      iso-8859-1 but are really UTF-8 are common, while non-UTF-8 text that happens to validate is rare;
 *   4. the charset the uploader declared (Content-Type), then an HTML <meta>/XML declaration;
 *   5. nearly-valid UTF-8 (a stray bad byte among many good multi-byte sequences) decoded leniently;
 *   6. statistical detection (chardet) among legacy encodings, Latin guesses settled on windows-1252.
 */

type EncodingSource = 'bom' | 'utf16-heuristic' | 'utf-8' | 'declared' | 'meta' | 'lenient-utf-8' | 'detected' | 'empty';

export interface DecodedText {
  text: string;
  /** Canonical lower-case name, e.g. utf-8, utf-16le, big5, windows-1252. */
  encoding: string;
  source: EncodingSource;
  /** Set when bytes had to be replaced with U+FFFD. */
  invalidSequences?: number;
}

export interface DecodeOptions {
  /** Charset from the upload's Content-Type header. */
  declaredCharset?: string;
  /** Also look for <meta charset> / <?xml encoding?> in the first bytes. */
  html?: boolean;
}

const SAMPLE = 256 * 1024; // detection works on a prefix; decoding always covers the whole file

/** WHATWG-style label mapping: the declared label is often a subset of what browsers actually decode. */
function canonicalCharset(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const l = label.trim().toLowerCase().replace(/^["']|["']$/g, '');
  const alias: Record<string, string> = {
    'iso-8859-1': 'windows-1252', latin1: 'windows-1252', 'iso8859-1': 'windows-1252', 'us-ascii': 'windows-1252',
    ascii: 'windows-1252', 'iso_8859-1': 'windows-1252', gb2312: 'gbk', 'gb_2312-80': 'gbk', 'x-gbk': 'gbk',
    'x-sjis': 'shift_jis', 'shift-jis': 'shift_jis', sjis: 'shift_jis', utf8: 'utf-8', 'unicode-1-1-utf-8': 'utf-8',
    'x-euc-jp': 'euc-jp', 'big5-hkscs': 'big5hkscs', 'iso-8859-9': 'windows-1254', 'ks_c_5601-1987': 'euc-kr',
  };
  const name = alias[l] ?? l;
  return iconv.encodingExists(name) ? name : undefined;
}

export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const m = contentType && /charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return m ? m[1] : undefined;
}

/** <meta charset=…>, <meta http-equiv content="…; charset=…">, or an XML declaration, in the first 4 KB. */
export function sniffHtmlCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096)).toString('latin1');
  const meta = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  if (meta) return meta[1];
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  return xml ? xml[1] : undefined;
}

function bomEncoding(b: Uint8Array): { encoding: string; skip: number } | undefined {
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return { encoding: 'utf-32le', skip: 4 };
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return { encoding: 'utf-32be', skip: 4 };
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return undefined;
}

/** ASCII-heavy UTF-16 without a BOM has a NUL in (almost) every odd or every even byte. */
export function utf16WithoutBom(b: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(b.length, 4096) & ~1;
  if (n < 4) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenZero++;
    if (b[i + 1] === 0) oddZero++;
  }
  const half = n / 2;
  if (oddZero / half > 0.3 && evenZero / half < 0.05) return 'utf-16le';
  if (evenZero / half > 0.3 && oddZero / half < 0.05) return 'utf-16be';
  return undefined;
}

/** Counts well-formed multi-byte sequences and invalid bytes (to tell "UTF-8 with a scratch" from Latin-1). */
function utf8Stats(b: Uint8Array): { multibyte: number; invalid: number } {
  let multibyte = 0;
  let invalid = 0;
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    let ok = len > 0 && i + len <= b.length;
    for (let k = 1; ok && k < len; k++) ok = (b[i + k] & 0xc0) === 0x80;
    if (ok) {
      multibyte++;
      i += len;
    } else {
      invalid++;
      i++;
    }
  }
  return { multibyte, invalid };
}

const WESTERN = new Set(['ISO-8859-1', 'ISO-8859-15', 'windows-1252']);
const LATIN_FAMILY = new Set([...WESTERN, 'ISO-8859-2', 'ISO-8859-9', 'windows-1250', 'windows-1254']);

/** chardet's verdict, with low-confidence Latin guesses (Turkish, Hungarian for a lone "©") settled on windows-1252. */
function detectLegacy(b: Uint8Array): string {
  const matches = chardet.analyse(b.subarray(0, SAMPLE));
  const top = matches[0];
  if (!top) return 'windows-1252';
  if (LATIN_FAMILY.has(top.name)) {
    const western = Math.max(0, ...matches.filter((m) => WESTERN.has(m.name)).map((m) => m.confidence));
    if (WESTERN.has(top.name) || top.confidence < 60 || top.confidence <= western) return 'windows-1252';
    // When the guess decodes this text exactly as windows-1252 would, the difference is only a label.
    const name = canonicalCharset(top.name);
    const sample = Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, SAMPLE));
    if (!name || iconv.decode(sample, name) === iconv.decode(sample, 'windows-1252')) return 'windows-1252';
    return name;
  }
  if (top.name === 'UTF-8') return 'utf-8';
  return canonicalCharset(top.name) ?? 'windows-1252';
}

function decodeWith(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'utf-8') return new TextDecoder('utf-8').decode(bytes);
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding, { stripBOM: true });
}

export function decodeText(bytes: Uint8Array, opts: DecodeOptions = {}): DecodedText {
  if (bytes.length === 0) return { text: '', encoding: 'utf-8', source: 'empty' };
  const bom = bomEncoding(bytes);
  if (bom) return { text: decodeWith(bytes.subarray(bom.skip), bom.encoding), encoding: bom.encoding, source: 'bom' };

  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: decodeWith(bytes, utf16), encoding: utf16, source: 'utf16-heuristic' };

  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', source: 'utf-8' };
  } catch {
    // not UTF-8: weigh the other evidence below
  }

  const declared = canonicalCharset(opts.declaredCharset);
  if (declared && declared !== 'utf-8') return { text: decodeWith(bytes, declared), encoding: declared, source: 'declared' };
  if (opts.html) {
    const meta = canonicalCharset(sniffHtmlCharset(bytes));
    if (meta && meta !== 'utf-8' && !meta.startsWith('utf-16')) return { text: decodeWith(bytes, meta), encoding: meta, source: 'meta' };
  }

  const { multibyte, invalid } = utf8Stats(bytes);
  if (multibyte >= 8 && invalid * 50 <= multibyte) {
    return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8', source: 'lenient-utf-8', invalidSequences: invalid };
  }
  const detected = detectLegacy(bytes);
  const text = decodeWith(bytes, detected);
  return detected === 'utf-8'
    ? { text, encoding: 'utf-8', source: 'lenient-utf-8', invalidSequences: invalid }
    : { text, encoding: detected, source: 'detected' };
}

/** Metadata + warnings every text extractor reports the same way. */
export function describeDecoding(d: DecodedText, warnings: string[]): Record<string, unknown> {
  if (d.invalidSequences) warnings.push(`${d.invalidSequences} invalid UTF-8 byte sequence(s) were replaced with \uFFFD`);
  return { encoding: d.encoding, encodingSource: d.source };
}
