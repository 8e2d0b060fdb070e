/**
 * Upload filenames are display metadata only (blobs live under generated keys), but they are shown in
 * lists, events and Content-Disposition headers, so they are made safe to display: no path, no control
 * or bidi-override characters, bounded length, extension kept (it decides the format).
 */
const MAX_FILENAME_CHARS = 200;

// C0/C1 controls, DEL, line/paragraph separators, bidi embeddings/overrides/isolates, zero-width and BOM.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function sanitizeFilename(raw: string): string {
  const normalized = raw.normalize('NFC').replace(UNSAFE, '');
  // Both separators count: Windows clients send C:\Users\me\file.pdf.
  const base = normalized.split(/[\\/]/).pop() ?? '';
  let name = base.replace(/\s+/g, ' ').trim();
  if (name === '.' || name === '..') name = '';
  name = name.replace(/^\.+(?=[^.])/, (dots) => (dots.length > 1 ? '' : dots)); // "..x.pdf" reads as a traversal attempt
  if (!name) return 'unnamed';
  const chars = [...name];
  if (chars.length <= MAX_FILENAME_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  if (ext.length > 0 && ext.length <= 16) {
    return `${chars.slice(0, MAX_FILENAME_CHARS - ext.length).join('').trimEnd()}${ext.join('')}`;
  }
  return chars.slice(0, MAX_FILENAME_CHARS).join('').trimEnd();
}
