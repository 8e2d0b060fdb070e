import type { TestService, TestTenant } from '../harness.js';

/** A valid manifest (version 1), with fields replaced by `overrides`. */
export function sampleManifest(overrides: Record<string, unknown> = {}) {
  return {
    manifest_version: 1,
    id: 'com.example.notes',
    name: 'Notes',
    version: '1.0.0',
    description: 'Keeps notes',
    publisher: { name: 'Example Ltd', url: 'https://example.com', email: 'dev@example.com' },
    entry_url: 'https://notes.example.com/app/',
    icon_url: 'https://notes.example.com/icon.png',
    permissions: ['app_data:read', 'app_data:write', 'rich_documents:read', 'rich_documents:write', 'documents:read'],
    collections: [
      {
        name: 'notes',
        schema: {
          type: 'object',
          required: ['title'],
          additionalProperties: false,
          properties: { title: { type: 'string', minLength: 1, maxLength: 200 }, body: { type: 'string', maxLength: 10000 }, pinned: { type: 'boolean' } },
        },
        indexes: ['pinned'],
      },
    ],
    documents: { enabled: true, max_versions: 20 },
    assets: { max_file_bytes: 1_000_000, max_total_bytes: 10_000_000, allowed_mime_types: ['image/png', 'image/jpeg'] },
    ...overrides,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Imports a manifest as the tenant's owner; returns the 201 body. */
export async function importApp(t: TestService, tenant: TestTenant, manifest: object = sampleManifest()) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/app-platform/manifests/import', headers: bearer(tenant.token), payload: { manifest } });
  if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json() as { app_id: string; id: string; version: string; version_id: string };
}

export async function installApp(t: TestService, tenant: TestTenant, appId: string, permissions?: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/app-platform/apps/${appId}/install`,
    headers: bearer(tenant.token),
    payload: permissions ? { permissions } : {},
  });
  if (res.statusCode !== 201) throw new Error(`install failed: ${res.statusCode} ${res.body}`);
  return res.json() as { installation_id: string; granted_permissions: string[] };
}

/** Launch as `token`'s user and exchange at once: the app's access token and the exchange body. */
export async function openApp(t: TestService, appId: string, token: string) {
  const launch = await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${appId}/launch-token`, headers: bearer(token) });
  if (launch.statusCode !== 200) throw new Error(`launch failed: ${launch.statusCode} ${launch.body}`);
  const exchange = await t.app.inject({ method: 'POST', url: '/api/v1/app-platform/runtime/exchange', payload: { launch_token: launch.json().launch_token } });
  if (exchange.statusCode !== 200) throw new Error(`exchange failed: ${exchange.statusCode} ${exchange.body}`);
  return exchange.json() as { access_token: string; permissions: string[]; installation_id: string };
}
