/** The database's own error behind a query-builder wrapper (drizzle puts it in `cause`, with the SQL in `message`). */
export function databaseError(error: unknown): { code?: string; message: string } | null {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: String(e.message ?? '') };
  }
  return null;
}

/** A message fit for a document's `error`: parser and configuration messages as they are, never SQL. */
export function failureMessage(error: unknown): string {
  const db = databaseError(error);
  if (db) return `Indexing failed on a database error (${db.code}): ${db.message.split('\n')[0].slice(0, 300)}`;
  const message = error instanceof Error ? error.message : String(error);
  if (/^Failed query:/.test(message)) return 'Indexing failed on a database error.';
  return message.split('\n')[0].slice(0, 500) || 'Indexing failed for an unknown reason.';
}

/** Text columns cannot hold NUL; some PDFs and spreadsheets carry it. A same-length stand-in keeps offsets valid. */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const w = withoutNul(v);
      if (w !== v) changed = true;
      return w;
    });
    return (changed ? out : value) as T;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const key = withoutNul(k);
      const w = withoutNul(v);
      if (w !== v || key !== k) changed = true;
      out[key] = w;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
