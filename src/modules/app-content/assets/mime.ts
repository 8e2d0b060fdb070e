import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, from its bytes: its magic numbers (`file-type`), or, for files that have none, whether it
 * is text. The type the client declared is believed only for text formats, and only when the bytes are
 * text; a PNG header on an HTML page, or an executable called photo.jpg, is what its bytes say.
 */

/** Text formats a client may name for a file whose bytes are text (they carry no magic number). */
const TEXT_TYPES = new Set(['text/plain', 'text/csv', 'text/markdown', 'application/json', 'image/svg+xml']);

const essence = (type: string | undefined) => (type ?? '').split(';')[0].trim().toLowerCase();

/** Valid UTF-8 without NUL or other control characters than tab, line feed, carriage return and form feed. */
function isText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

export async function detectMime(bytes: Uint8Array, declared: string | undefined): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return found.mime;
  if (!isText(bytes)) return 'application/octet-stream';
  const named = essence(declared);
  if (named === 'image/svg+xml') return /<svg[\s>]/i.test(Buffer.from(bytes.subarray(0, 4096)).toString('utf8')) ? named : 'text/plain';
  return TEXT_TYPES.has(named) ? named : 'text/plain';
}

/** Whether `mime` is among the manifest's `allowed_mime_types` (`type/subtype`, or `type/*`). */
export function isAllowed(mime: string, allowed: readonly string[]): boolean {
  const [type] = mime.split('/');
  return allowed.some((pattern) => pattern === mime || pattern === `${type}/*`);
}
