import { readFile } from 'node:fs/promises';
import { beforeAll, expect, it } from 'vitest';
import { sharedTestService, type TestService } from '../harness.js';
import { renderClientTypes, SCHEMA_FILE } from '../../script/web-client.js';

/** The console's generated client types are those of the API as served now (else: `npm run web:client`). */
let t: TestService;
beforeAll(async () => {
  t = await sharedTestService();
});

it('web/src/api/schema.d.ts matches the served OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  const expected = await renderClientTypes(res.json());
  const current = await readFile(SCHEMA_FILE, 'utf8');
  expect(current === expected, 'web/src/api/schema.d.ts is stale: run `npm run web:client`').toBe(true);
});
