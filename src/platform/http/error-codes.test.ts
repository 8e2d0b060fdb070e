import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { expect, inject, it } from 'vitest';
import { registerErrorHandling } from './error-handler.js';
import { AppError } from './errors.js';
import { ERROR_CODES } from './error-codes.js';
import { renderErrorsDoc } from './errors-doc.js';
import { observationFile, readObservedCodes, unlistedCodes } from '../../../test/support/observed-codes.js';
import type { App } from './types.js';

it('docs/errors.md is generated from the table and up to date (npm run docs:errors)', async () => {
  const doc = await readFile(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
  expect(doc).toBe(renderErrorsDoc());
  for (const code of Object.keys(ERROR_CODES)) expect(doc).toContain(`| \`${code}\` |`);
});

it('the status of a code comes from the table, with its default message unless a detail is given', async () => {
  const app = Fastify() as unknown as App;
  registerErrorHandling(app);
  app.get('/default', async () => {
    throw new AppError('api_key_not_found');
  });
  app.get('/detail', async () => {
    throw new AppError('tenant_not_found', 'Gone', { 'retry-after': '1' });
  });
  const byDefault = await app.inject({ method: 'GET', url: '/default' });
  expect([byDefault.statusCode, byDefault.json()]).toEqual([404, { detail: 'API key not found', code: 'api_key_not_found' }]);
  const withDetail = await app.inject({ method: 'GET', url: '/detail' });
  expect([withDetail.statusCode, withDetail.json(), withDetail.headers['retry-after']]).toEqual([404, { detail: 'Gone', code: 'tenant_not_found' }, '1']);
  await app.close();
});

it('the test run records the error codes responses carry (checked against the table at global teardown)', async () => {
  const app = Fastify() as unknown as App;
  registerErrorHandling(app);
  const route = `/recorder-probe-${process.pid}-${Date.now()}`;
  app.get(route, async () => {
    throw new AppError('owner_required');
  });
  expect((await app.inject({ method: 'GET', url: route })).statusCode).toBe(403);
  await app.close();

  const dir = inject('errorCodesDir');
  const mine = (await readObservedCodes(dir)).filter((o) => o.route === `GET ${route}`);
  expect(mine).toEqual([{ code: 'owner_required', status: 403, route: `GET ${route}` }]);
  expect(observationFile(dir)).toMatch(new RegExp(`codes-${process.pid}\\.jsonl$`));
});

it('the teardown check names each code missing from the table once, with where it was seen', () => {
  const observed = [
    { code: 'not_found', status: 404, route: 'GET /a' },
    { code: 'made_up', status: 418, route: 'GET /b' },
    { code: 'made_up', status: 418, route: 'GET /c' },
  ];
  expect(unlistedCodes(observed)).toEqual(['made_up (HTTP 418 from GET /b)']);
});
