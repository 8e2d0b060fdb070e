/** The value of one series, by its name and exact labels as written in the exposition ({} for none). */
export function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const m = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (wanted.every(([k, v]) => have[k] === v) && Object.keys(have).length === wanted.length) return Number(m[3]);
  }
  return null;
}
