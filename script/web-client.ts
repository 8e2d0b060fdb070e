/**
 * The console's typed API client is generated from the service's own OpenAPI document, so the
 * console cannot drift from the API: `npm run web:client` rewrites web/src/api/schema.d.ts, and
 * test/openapi/web-client.test.ts fails when the checked-in file differs from what this produces.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../src/platform/config.js';
import { startService } from '../src/runtime.js';

export const SCHEMA_FILE = new URL('../web/src/api/schema.d.ts', import.meta.url);

const HEADER = '// Generated from /openapi.json by `npm run web:client`. Do not edit.\n';

/** The TypeScript declarations of a served OpenAPI document. */
export async function renderClientTypes(document: object): Promise<string> {
  // The servers entry names this machine's PUBLIC_BASE_URL: not part of the contract.
  const { servers: _servers, ...contract } = document as Record<string, unknown>;
  const ast = await openapiTS(contract as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

/** Starts the API (no workers, no listening) on a throw-away embedded database and reads its document. */
export async function servedDocument(): Promise<object> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', RUN_MODE: 'api' });
    const service = await startService(config, { listen: false });
    try {
      const res = await service.app!.inject({ method: 'GET', url: '/openapi.json' });
      return res.json();
    } finally {
      await service.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
