import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export * from './database.js';

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: Config, onError?: (error: Error) => void): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({
      url: config.databaseUrl,
      appRole: config.databaseAppRole,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      onError,
    });
  }
  return openPglite({ dataDir: config.dataDir, appRole: config.databaseAppRole, pipeline: config.pglitePipeline, sharedBuffersMb: config.pgliteSharedBuffersMb });
}
