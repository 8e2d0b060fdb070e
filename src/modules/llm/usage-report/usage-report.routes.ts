import { Type } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { defaultsOptional } from '../../../platform/http/schemas.js';
import { route } from '../../../platform/http/route.js';
import type { UsageReport } from './usage-report.service.js';

const Totals = {
  calls: Type.Integer(),
  prompt_tokens: Type.Integer(),
  completion_tokens: Type.Integer(),
  cost_usd: Type.Number({ description: "Estimated from the catalog's prices; calls of models without a price add 0" }),
};

const UsageQuery = defaultsOptional(Type.Object({ days: Type.Integer({ minimum: 1, maximum: 90, default: 14 }) }));

const Usage = Type.Object({
  days: Type.Integer(),
  since: Type.String({ format: 'date-time', description: 'Start of the window: midnight UTC, days - 1 days ago' }),
  totals: Type.Object(Totals),
  by_day: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), ...Totals }), { description: 'Every day of the window, zeros included' }),
  by_model: Type.Array(Type.Object({ provider: Type.String(), model: Type.String(), ...Totals }), { description: 'Most expensive first' }),
});

/**
 * The report lives under /api/v2/llm. It was first published under /api/v1/llm, whose every operation is
 * deprecated (SPEC "Versioning"), so that address stays as a deprecated alias for clients that adopted it.
 */
export function usageReportRoutes(usage: UsageReport) {
  const at = (url: string, deprecated: boolean) =>
    route({
      method: 'GET',
      url,
      tags: ['llm'],
      ...(deprecated ? { openapi: { deprecated: true } } : {}),
      summary: deprecated
        ? 'Deprecated alias of GET /api/v2/llm/usage'
        : "The tenant's provider calls, tokens and estimated cost per UTC day and per model",
      auth: auth.scopes('llm:read'),
      query: UsageQuery,
      responses: { 200: Usage },
      handler: ({ tenant, query }) => usage.report(tenant, query.days),
    });
  return [at('/api/v2/llm/usage', false), at('/api/v1/llm/usage', true)];
}
