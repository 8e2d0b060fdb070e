import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPglite, type CreateReport } from './pglite.js';
import { openPostgres } from './postgres.js';

export * from './database.js';

/**
 * Opens the configured database and applies pending migrations. On the embedded database, `onCreated` hears of a new
 * data directory created on this start (in a child process: pglite.ts, createPgliteCluster).
 */
export async function openDatabase(config: Config, onError?: (error: Error) => void, onCreated?: (report: CreateReport) => void): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({
      url: config.databaseUrl,
      appRole: config.databaseAppRole,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      onError,
    });
  }
  return openPglite({
    dataDir: config.dataDir,
    appRole: config.databaseAppRole,
    pipeline: config.pglitePipeline,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
    onCreated,
  });
}
