import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/harness.js';
import { DATA_DIR_CHECK_TTL_MS } from './data-dir-check.js';

/**
 * A service whose DATA_DIR was removed under it (a cleanup script, an unmounted volume) keeps its open files for a
 * while, but every new write fails: /readyz must take it out of the load balancer instead of answering ready.
 */
let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t?.close());

describe('/readyz and the data directory', () => {
  it('is ready while DATA_DIR is there, and 503 once it is gone (without making it again)', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', data_dir: 'ok', object_store: 'ok' } });

    await rm(t.config.dataDir, { recursive: true, force: true });
    t.service.ctx.clock.advance(DATA_DIR_CHECK_TTL_MS); // past the probe's cached answer
    const gone = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toMatchObject({ status: 'data_dir unreachable', checks: { data_dir: 'unreachable', object_store: 'unreachable' } });
    expect(existsSync(t.config.dataDir)).toBe(false);
  });
});
