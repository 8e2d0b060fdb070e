import { crc32, inflateRawSync } from 'node:zlib';
import { DEFAULT_MAX_UNCOMPRESSED_BYTES } from './options.js';
import { ParseError } from './types.js';

/**
 * DOCX and XLSX are ZIP archives, and a ZIP can declare (or hide) gigabytes behind a few kilobytes. Everything
 * that reads an Office file goes through here first: the central directory is read and judged *before* anything
 * is inflated, every inflation is bounded by the size the directory declared, and XML parts are refused when they
 * carry a DTD (entity expansion is the other classic bomb).
 */

export type ArchiveKind = 'DOCX' | 'XLSX';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  maxUncompressedBytes?: number;
  maxEntries?: number;
  /** Deflate cannot exceed ~1032:1, so a bigger declared ratio is a lie; 1000:1 on a big entry is a bomb. */
  maxRatio?: number;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const RATIO_MIN_BYTES = 1024 * 1024; // tiny entries may have any ratio; they cannot hurt

const truncated = (kind: ArchiveKind) =>
  new ParseError('corrupt', `The file is truncated or not a valid ${kind} archive.`);

/** Reads and vets the central directory. Throws ParseError; never inflates anything. */
export function readZipDirectory(bytes: Uint8Array, kind: ArchiveKind, limits: ZipLimits = {}): ZipEntry[] {
  const maxTotal = limits.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES;
  const maxEntries = limits.maxEntries ?? 10_000;
  const maxRatio = limits.maxRatio ?? 1000;
  if (bytes.length < 22) throw truncated(kind);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw truncated(kind);

  let count = view.getUint16(eocd + 10, true);
  let dirSize = view.getUint32(eocd + 12, true);
  let dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff || dirSize === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || view.getUint32(loc, true) !== ZIP64_LOCATOR_SIG) throw truncated(kind);
    const z64 = Number(view.getBigUint64(loc + 8, true));
    if (z64 + 56 > bytes.length || view.getUint32(z64, true) !== ZIP64_EOCD_SIG) throw truncated(kind);
    count = Number(view.getBigUint64(z64 + 32, true));
    dirSize = Number(view.getBigUint64(z64 + 40, true));
    dirOffset = Number(view.getBigUint64(z64 + 48, true));
  }
  if (count > maxEntries) {
    throw new ParseError('too_large', `The ${kind} archive has ${count} parts (more than ${maxEntries}); it cannot be indexed.`);
  }
  if (dirOffset + dirSize > bytes.length) throw truncated(kind);

  const entries: ZipEntry[] = [];
  let total = 0;
  let p = dirOffset;
  const utf8 = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CENTRAL_SIG) throw truncated(kind);
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const crc = view.getUint32(p + 16, true);
    let compressedSize = view.getUint32(p + 20, true);
    let uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    let localHeaderOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLen + extraLen > bytes.length) throw truncated(kind);
    const name = utf8.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    // ZIP64 extra field: the 0xFFFFFFFF placeholders are replaced, in this order, by 8-byte values.
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = view.getUint16(e, true);
      const size = view.getUint16(e + 2, true);
      if (id === 0x0001) {
        let q = e + 4;
        const end = e + 4 + size;
        const next = (): number => {
          const v = q + 8 <= end ? Number(view.getBigUint64(q, true)) : 0xffffffff;
          q += 8;
          return v;
        };
        if (uncompressedSize === 0xffffffff) uncompressedSize = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
      }
      e += 4 + size;
    }
    p = extraEnd + commentLen;

    total += uncompressedSize;
    if (total > maxTotal) {
      throw new ParseError(
        'too_large',
        `The ${kind} file would expand to more than ${Math.round(maxTotal / 1048576)} MB; it cannot be indexed. Split it into smaller files.`,
      );
    }
    if (uncompressedSize > RATIO_MIN_BYTES && uncompressedSize > maxRatio * Math.max(compressedSize, 1)) {
      throw new ParseError('too_large', `The ${kind} file contains a part with an impossible compression ratio (a "zip bomb"); it was refused.`);
    }
    entries.push({ name, method, flags, crc, compressedSize, uncompressedSize, localHeaderOffset });
  }
  return entries;
}

/** Inflates one entry, never producing more than the directory declared, and checks its CRC. */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry, kind: ArchiveKind): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const off = entry.localHeaderOffset;
  if (off + 30 > bytes.length || view.getUint32(off, true) !== LOCAL_SIG) throw truncated(kind);
  if (entry.flags & 1) throw new ParseError('unsupported', `The ${kind} archive is encrypted; remove the password and upload again.`);
  const start = off + 30 + view.getUint16(off + 26, true) + view.getUint16(off + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw truncated(kind);
  const raw = bytes.subarray(start, end);
  let out: Uint8Array;
  if (entry.method === 0) {
    out = raw;
  } else if (entry.method === 8) {
    try {
      // maxOutputLength makes a lying directory harmless: inflation stops at the declared size.
      out = inflateRawSync(raw, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ParseError('corrupt', `The ${kind} file is damaged or forged: part "${entry.name}" expands beyond the size its archive declares.`);
      }
      throw new ParseError('corrupt', `The ${kind} file is damaged: part "${entry.name}" cannot be decompressed.`);
    }
  } else {
    throw new ParseError('unsupported', `The ${kind} file uses an unsupported ZIP compression method (${entry.method}).`);
  }
  if (out.length !== entry.uncompressedSize || crc32(out) >>> 0 !== entry.crc >>> 0) {
    throw new ParseError('corrupt', `The ${kind} file is damaged: part "${entry.name}" fails its integrity check.`);
  }
  return out;
}

const MARKUP_DECL = [Buffer.from('<!', 'latin1'), Buffer.from('<\0!\0', 'latin1'), Buffer.from('\0<\0!', 'latin1')];
const DTD_WORD = /^(doctype|entity)/i;

/** Refuses XML carrying a DTD: OOXML never needs one, and entities are how "billion laughs" works. */
function assertNoDtd(xml: Uint8Array, partName: string, kind: ArchiveKind): void {
  const buf = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
  // One pass per encoding for "<!" (rare in OOXML: comments, CDATA), then a look at what follows it.
  for (const [i, marker] of MARKUP_DECL.entries()) {
    for (let at = buf.indexOf(marker); at >= 0; at = buf.indexOf(marker, at + 1)) {
      const after = buf.subarray(at + marker.length, at + marker.length + 16);
      const word = i === 0 ? after.toString('latin1') : after.toString('latin1').replace(/\0/g, '');
      if (DTD_WORD.test(word)) {
        throw new ParseError('unsupported', `The ${kind} file was refused: part "${partName}" declares a DTD or XML entities, which Office files never need.`);
      }
    }
  }
}

/** Decodes an XML part (UTF-8, or UTF-16 with BOM) to a string without its BOM. */
function xmlText(xml: Uint8Array): string {
  if (xml[0] === 0xff && xml[1] === 0xfe) return new TextDecoder('utf-16le').decode(xml);
  if (xml[0] === 0xfe && xml[1] === 0xff) return new TextDecoder('utf-16be').decode(xml);
  return new TextDecoder('utf-8').decode(xml); // strips a UTF-8 BOM
}

/** A vetted archive: entries by lower-cased name (OPC part names are case-insensitive), read on demand. */
export class ZipPackage {
  readonly entries = new Map<string, ZipEntry>();

  constructor(
    private readonly bytes: Uint8Array,
    readonly kind: ArchiveKind,
    limits: ZipLimits = {},
  ) {
    for (const e of readZipDirectory(bytes, kind, limits)) this.entries.set(e.name.replace(/^\/+/, '').toLowerCase(), e);
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  names(): string[] {
    return [...this.entries.values()].map((e) => e.name);
  }

  /** Bytes of a part, or undefined when absent. XML parts are DTD-checked. */
  read(name: string): Uint8Array | undefined {
    const entry = this.entries.get(name.replace(/^\/+/, '').toLowerCase());
    if (!entry) return undefined;
    const out = inflateEntry(this.bytes, entry, this.kind);
    if (/\.(xml|rels)$/i.test(entry.name)) assertNoDtd(out, entry.name, this.kind);
    return out;
  }

  text(name: string): string | undefined {
    const bytes = this.read(name);
    return bytes && xmlText(bytes);
  }

  /**
   * Inflates and checks every XML part once. Needed before handing the archive to a third-party reader
   * (mammoth, exceljs) that would otherwise inflate and parse parts we never looked at.
   */
  vetAllXml(): void {
    for (const e of this.entries.values()) if (/\.(xml|rels)$/i.test(e.name)) this.read(e.name);
  }
}
