const DAY_MS = 24 * 3600 * 1000;

/**
 * The last `days` UTC calendar days, today included: where the window starts (midnight UTC) and every day in it
 * as YYYY-MM-DD, so that a report lists days without activity with zeros instead of leaving gaps in a chart.
 */
export function utcDayWindow(days: number, now: Date): { since: Date; dates: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { since, dates };
}
