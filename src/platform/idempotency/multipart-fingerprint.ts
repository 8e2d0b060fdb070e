import { createHash } from 'node:crypto';

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * What a multipart body says, independent of how it was framed: clients (curl among them) pick a new
 * boundary for every attempt, so a retry's raw bytes differ while its content is the same. Each part
 * becomes its field name, file name, declared type and a hash of its content, in order. Works on the
 * bytes already read for the idempotency check (subarrays, no copies). Null when the body is not
 * well-formed multipart: the caller then falls back to the raw bytes.
 */
export function multipartFingerprint(contentType: string, body: Buffer): string | null {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const between = Buffer.concat([CRLF, delimiter]);
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(between);
  if (at < 0) return null;
  if (at > 0) at += CRLF.length; // a preamble precedes the first delimiter
  const digest = createHash('sha256');
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return `multipart:${digest.digest('hex')}`; // the closing delimiter
    const lineEnd = body.indexOf(CRLF, at); // transport padding may follow a delimiter
    if (lineEnd < 0) return null;
    const headersEnd = body.indexOf(HEADER_END, lineEnd);
    const next = body.indexOf(between, lineEnd);
    if (next < 0) return null;
    let headerText = '';
    let contentStart = lineEnd + CRLF.length;
    if (headersEnd >= 0 && headersEnd < next) {
      headerText = body.subarray(lineEnd + CRLF.length, headersEnd).toString('latin1');
      contentStart = headersEnd + HEADER_END.length;
    } else if (next !== lineEnd) {
      return null; // headers with no blank line after them
    }
    const content = body.subarray(Math.min(contentStart, next), next);
    digest.update(describePart(headerText, createHash('sha256').update(content).digest('hex')));
    at = next + CRLF.length;
  }
}

function describePart(headerText: string, contentHash: string): string {
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const param = (name: string) => new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(disposition);
  const field = param('name');
  const file = param('filename\\*') ?? param('filename');
  return JSON.stringify([
    field ? (field[1] ?? field[2]) : null,
    file ? (file[1] ?? file[2]) : null,
    headers.get('content-type')?.toLowerCase() ?? null,
    contentHash,
  ]) + '\n';
}
