import type { TestService, TestTenant } from '../harness.js';
import { eventually } from './eventually.js';

/**
 * Test helpers of the language-model module: configure a tenant the way an admin does, through the API (the
 * credential and activation endpoints), with the fake OpenAI provider as the tenant's openai base URL. The fake
 * listens on loopback, so the test service must allow it: PROVIDER_ALLOW_PRIVATE_URLS=true, or
 * PROVIDER_ALLOWED_HOSTS naming the host of the URL given here.
 */
export async function configureProvider(t: TestService, tenant: TestTenant, baseUrl: string, apiKey = 'sk-fake-tenant-key', provider = 'openai') {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v2/llm/providers/${provider}/credentials`,
    headers: tenant.auth(),
    payload: { api_key: apiKey, base_url: baseUrl },
  });
  if (res.statusCode !== 200) throw new Error(`credentials: ${res.statusCode} ${res.body}`);
}

export async function activate(t: TestService, tenant: TestTenant, modelName: string, isDefault = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/llm/models/activate',
    headers: tenant.auth(),
    payload: { model_name: modelName, is_default: isDefault },
  });
  if (res.statusCode !== 200) throw new Error(`activate ${modelName}: ${res.statusCode} ${res.body}`);
}

/** Usage is written in batches off the response path: waits until this tenant's rows satisfy `until`, and returns them. */
export async function usageRows(t: TestService, tenantId: string, until: (rows: Record<string, any>[]) => boolean = (r) => r.length > 0) {
  const { sql } = await import('drizzle-orm');
  const { rows } = await import('../../src/platform/db/database.js');
  const read = () =>
    t.service.ctx.db.tenant(tenantId, (tx) => rows<Record<string, any>>(tx, sql`SELECT * FROM llm_usage WHERE tenant_id = ${tenantId} ORDER BY created_at, id`));
  // A short interval: a batch is written within milliseconds of the call, and several tests wait for one each.
  return eventually(`usage rows of tenant ${tenantId}`, read, until, undefined, 25);
}

export const chatBody = (model: string, content = 'hello there world', extra: Record<string, unknown> = {}) => ({
  model,
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content },
  ],
  ...extra,
});

/** Splits a text/event-stream body into its data payloads. */
export function sseData(body: string): string[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice(6));
}

/**
 * The two ways a chat call reaches a provider that speaks OpenAI's protocol (the fake is one): the pass-through and
 * the AI SDK, chosen by PROVIDER_PASSTHROUGH. Tests of the rules every call obeys run against both
 * (`describe.each(CHAT_PATHS)`), so that neither path can drop one.
 */
export const CHAT_PATHS = [
  { path: 'pass-through', passthrough: true, env: { PROVIDER_PASSTHROUGH: 'true' } },
  { path: 'AI SDK', passthrough: false, env: { PROVIDER_PASSTHROUGH: 'false' } },
] as const;
