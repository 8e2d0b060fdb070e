import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { Clock } from '../../../platform/clock.js';
import { dailyUsage, type DailyUsageRow } from '../calls/usage.repo.js';
import { utcDayWindow } from '../../../platform/day-window.js';

export interface UsageTotals {
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Calls of models without a known price add nothing here. */
  cost_usd: number;
}

const zero = (): UsageTotals => ({ calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 });

function add(into: UsageTotals, row: DailyUsageRow): void {
  into.calls += row.calls;
  into.prompt_tokens += row.promptTokens;
  into.completion_tokens += row.completionTokens;
  into.cost_usd += row.costUsd ?? 0;
}

/** What the tenant's provider calls used and cost, per day and per model: the console's usage chart. */
export function createUsageReport(deps: { clock: Clock }) {
  async function report(tenant: TenantDb, days: number) {
    const { since, dates } = utcDayWindow(days, deps.clock.now());
    const found = await tenant.run((t) => dailyUsage(t, since));
    const totals = zero();
    const perDay = new Map(dates.map((date) => [date, zero()]));
    const perModel = new Map<string, UsageTotals & { provider: string; model: string }>();
    for (const row of found) {
      add(totals, row);
      const day = perDay.get(row.day);
      if (day) add(day, row);
      const key = `${row.provider}\u0000${row.model}`;
      if (!perModel.has(key)) perModel.set(key, { provider: row.provider, model: row.model, ...zero() });
      add(perModel.get(key)!, row);
    }
    return {
      days,
      since: since.toISOString(),
      totals,
      by_day: dates.map((date) => ({ date, ...perDay.get(date)! })),
      by_model: [...perModel.values()].sort((a, b) => b.cost_usd - a.cost_usd || b.calls - a.calls || a.model.localeCompare(b.model)),
    };
  }
  return { report };
}
export type UsageReport = ReturnType<typeof createUsageReport>;
