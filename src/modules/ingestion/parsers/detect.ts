import { utf16WithoutBom } from './text-decode.js';
import type { DocumentFormat } from './types.js';

/**
 * Decides the format from the extension AND the first bytes. The extension says what the user meant; the bytes
 * say whether we can honour it. Everything here is synchronous and looks at a bounded prefix, so it is safe to
 * run on the request thread before the upload is accepted. (The `file-type` package is async-only, hence the
 * small signature table below.)
 */

export type DetectResult = { ok: true; format: DocumentFormat; mimeType: string } | { ok: false; detail: string };

const MIME_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
  mdx: 'text/mdx',
  html: 'text/html',
};

const EXTENSIONS: Record<string, DocumentFormat> = {
  pdf: 'pdf', docx: 'docx', xlsx: 'xlsx', csv: 'csv', txt: 'txt', md: 'md', mdx: 'mdx', html: 'html', htm: 'html',
};

const ACCEPTED_FORMATS_TEXT =
  'PDF (.pdf), Word (.docx), Excel (.xlsx), CSV (.csv), plain text (.txt), Markdown (.md), MDX (.mdx) and HTML (.html, .htm)';

type Sniffed = 'pdf' | 'zip' | 'ole' | { binary: string };

const SIGNATURES: Array<[number[], number, string]> = [
  // [bytes, offset, what it is]
  [[0x7f, 0x45, 0x4c, 0x46], 0, 'a Linux executable (ELF)'],
  [[0x4d, 0x5a], 0, 'a Windows executable'],
  [[0xcf, 0xfa, 0xed, 0xfe], 0, 'a macOS executable'],
  [[0xfe, 0xed, 0xfa, 0xcf], 0, 'a macOS executable'],
  [[0xca, 0xfe, 0xba, 0xbe], 0, 'a Java class file or macOS executable'],
  [[0x00, 0x61, 0x73, 0x6d], 0, 'a WebAssembly module'],
  [[0x89, 0x50, 0x4e, 0x47], 0, 'a PNG image'],
  [[0xff, 0xd8, 0xff], 0, 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 0, 'a GIF image'],
  [[0x42, 0x4d], 0, 'a BMP image'],
  [[0x49, 0x49, 0x2a, 0x00], 0, 'a TIFF image'],
  [[0x4d, 0x4d, 0x00, 0x2a], 0, 'a TIFF image'],
  [[0x00, 0x00, 0x01, 0x00], 0, 'an icon image'],
  [[0x57, 0x45, 0x42, 0x50], 8, 'a WebP image'],
  [[0x66, 0x74, 0x79, 0x70], 4, 'a video or HEIC image (ISO media)'],
  [[0x41, 0x56, 0x49, 0x20], 8, 'an AVI video'],
  [[0x57, 0x41, 0x56, 0x45], 8, 'a WAV audio file'],
  [[0x1a, 0x45, 0xdf, 0xa3], 0, 'a Matroska/WebM video'],
  [[0x49, 0x44, 0x33], 0, 'an MP3 audio file'],
  [[0x4f, 0x67, 0x67, 0x53], 0, 'an Ogg media file'],
  [[0x66, 0x4c, 0x61, 0x43], 0, 'a FLAC audio file'],
  [[0x1f, 0x8b], 0, 'a gzip archive'],
  [[0x42, 0x5a, 0x68], 0, 'a bzip2 archive'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 0, 'an xz archive'],
  [[0x28, 0xb5, 0x2f, 0xfd], 0, 'a zstd archive'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 0, 'a 7-Zip archive'],
  [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], 0, 'a RAR archive'],
  [[0x75, 0x73, 0x74, 0x61, 0x72], 257, 'a tar archive'],
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], 0, 'an SQLite database'],
  [[0x7b, 0x5c, 0x72, 0x74, 0x66], 0, 'an RTF document'],
  [[0x4f, 0x54, 0x54, 0x4f], 0, 'a font file'],
  [[0x77, 0x4f, 0x46, 0x46], 0, 'a font file'],
];

function startsWith(b: Uint8Array, sig: number[], at = 0): boolean {
  if (b.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (b[at + i] !== sig[i]) return false;
  return true;
}

function indexOfAscii(b: Uint8Array, needle: string, limit: number): number {
  return Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, limit)).indexOf(needle, 0, 'latin1');
}

/** A signature made only of printable ASCII ("MZ", "BM", "ID3") can start a real text file too. */
const isPrintable = (sig: number[]) => sig.every((c) => c >= 0x20 && c < 0x7f);

/**
 * `forText`: the file claims to be text, so weak evidence must not refuse it — %PDF- only counts at offset 0,
 * and printable-only signatures only count when the content also looks binary.
 */
function sniff(b: Uint8Array, forText: boolean): Sniffed | undefined {
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]) || startsWith(b, [0x50, 0x4b, 0x07, 0x08])) return 'zip';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // pdf.js tolerates junk before the header; so do we, within the first KB (as Acrobat does).
  if (forText ? startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]) : indexOfAscii(b, '%PDF-', 1024) >= 0) return 'pdf';
  for (const [sig, at, what] of SIGNATURES) {
    if (startsWith(b, sig, at) && (!forText || !isPrintable(sig) || looksBinary(b))) return { binary: what };
  }
  return undefined;
}

function describe(s: Sniffed): string {
  if (s === 'pdf') return 'a PDF document';
  if (s === 'zip') return 'a ZIP archive';
  if (s === 'ole') return 'a legacy Office (OLE) file';
  return s.binary;
}

/** Text must not carry NULs or control characters beyond the occasional stray one. UTF-16 is handled by the caller. */
function looksBinary(b: Uint8Array): boolean {
  const n = Math.min(b.length, 64 * 1024);
  if (n === 0) return false;
  let nul = 0;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i];
    if (c === 0) nul++;
    else if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x0b && c !== 0x1b) control++;
  }
  return nul / n > 0.1 || (nul + control) / n > 0.1;
}

/** The stream name an encrypted OOXML file's OLE container holds (UTF-16LE in its directory); any other OLE file is a legacy .doc/.xls. */
export const ENCRYPTED_OOXML_MARKER = Buffer.from('EncryptedPackage', 'utf16le');
export const ENCRYPTED_OOXML_DETAIL = 'This is an encrypted Office document; remove the password and upload again.';

function isEncryptedOoxml(b: Uint8Array): boolean {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).indexOf(ENCRYPTED_OOXML_MARKER) >= 0;
}

/** Whether the bytes start an OLE compound file (legacy Office, or an encrypted OOXML one). */
export const isOleContainer = (b: Uint8Array) => sniff(b, false) === 'ole';

function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : '';
}

export function detectFormat(bytes: Uint8Array, filename: string): DetectResult {
  const ext = extensionOf(filename);
  const format = EXTENSIONS[ext];
  if (!format) {
    const what = ext ? `".${ext}" files are not supported` : 'The file has no extension, so its format is unknown';
    return { ok: false, detail: `${what}. Accepted formats: ${ACCEPTED_FORMATS_TEXT}.` };
  }
  const ok = { ok: true as const, format, mimeType: MIME_TYPES[format] };
  const s = sniff(bytes, !(format === 'pdf' || format === 'docx' || format === 'xlsx'));

  if (format === 'pdf' || format === 'docx' || format === 'xlsx') {
    // An empty binary document can never be indexed; say so now rather than fail later.
    if (bytes.length === 0) return { ok: false, detail: `The file is empty (0 bytes); it is not a valid ${format.toUpperCase()} file.` };
    if (format === 'pdf') {
      if (s === 'pdf') return ok;
      return { ok: false, detail: s ? `The file is named .pdf but is ${describe(s)}.` : 'The file is named .pdf but is not a PDF (no %PDF header).' };
    }
    const word = format === 'docx' ? 'Word' : 'Excel';
    if (s === 'zip') return ok;
    if (s === 'ole') {
      return isEncryptedOoxml(bytes)
        ? { ok: false, detail: ENCRYPTED_OOXML_DETAIL }
        : { ok: false, detail: `This is a legacy ${word} 97-2003 file; save it as .${format} in ${word} and upload again.` };
    }
    return { ok: false, detail: s ? `The file is named .${format} but is ${describe(s)}.` : `The file is named .${format} but is not a ${word} document (not a ZIP archive).` };
  }

  // Text formats. A BOM for UTF-16/32 makes NULs legitimate; so does BOM-less UTF-16.
  if (bytes.length === 0) return ok;
  const textBom =
    startsWith(bytes, [0xef, 0xbb, 0xbf]) || startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) || startsWith(bytes, [0, 0, 0xfe, 0xff]);
  if (textBom || utf16WithoutBom(bytes)) return ok;
  if (s) return { ok: false, detail: `The file is named .${ext} but is ${describe(s)}, not text.` };
  if (looksBinary(bytes)) return { ok: false, detail: `The file is named .${ext} but contains binary data, not text.` };
  return ok;
}
