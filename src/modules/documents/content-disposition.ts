/**
 * RFC 6266 attachment header: an ASCII fallback `filename` (quotes and backslashes escaped, non-ASCII
 * replaced) for old clients, and the exact name as RFC 5987 `filename*=UTF-8''…` for everyone else.
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

// encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987 attr-char does not allow ' ( ) *.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
