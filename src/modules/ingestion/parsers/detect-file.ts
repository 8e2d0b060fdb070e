import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { detectFormat, ENCRYPTED_OOXML_DETAIL, ENCRYPTED_OOXML_MARKER, isOleContainer, type DetectResult } from './detect.js';

/** What detection reads of a file: every signature and text heuristic of detect.ts looks at far less. */
const HEAD_BYTES = 1024 * 1024;

/**
 * `detectFormat` for a file on disk (an upload spooled by the HTTP layer), reading its first MiB only, so that
 * accepting a 100 MB upload never loads it. The one verdict that may need the rest is an OLE container's: whether it
 * is an encrypted Office document, whose marker can sit anywhere in the container's directory; the rest of the file
 * is then scanned as a stream.
 */
export async function detectFileFormat(file: string, filename: string): Promise<DetectResult> {
  const handle = await open(file, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const verdict = detectFormat(head, filename);
  if (verdict.ok || size <= head.length || !isOleContainer(head) || verdict.detail === ENCRYPTED_OOXML_DETAIL) return verdict;
  return (await contains(file, ENCRYPTED_OOXML_MARKER)) ? { ok: false, detail: ENCRYPTED_OOXML_DETAIL } : verdict;
}

/** Whether the file holds `needle`, read in chunks (a match across two chunks included). */
async function contains(file: string, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    if (window.indexOf(needle) >= 0) return true;
    tail = window.subarray(Math.max(0, window.length - needle.length + 1));
  }
  return false;
}
