import { loadConfig, ConfigError } from './platform/config.js';
import { createCoreContext, closeCoreContext } from './platform/context.js';
import { createModules } from './modules/index.js';
import { dispatch, reportFailure, USAGE_ERROR, wantsJson, type CliIO } from './cli/commands.js';
import { runViaSocket } from './cli/socket.js';
import { postgresServiceDown, readServiceDatabase } from './cli/service-database.js';
import { DataDirLockedError } from './platform/db/lock.js';
import pino from 'pino';

/**
 * Operator CLI. Without DATABASE_URL it first offers the command to a running service over its local
 * socket under DATA_DIR (so it acts on that service's database, embedded or PostgreSQL); otherwise it
 * opens the configured database itself, unless the directory's service runs on PostgreSQL (then an
 * embedded database is not what the operator meant, and it says so).
 */
async function main(argv: string[], io: CliIO, json: boolean): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      reportFailure(io, json, `Configuration error: ${error.message}`, { detail: error.message, code: 'configuration_error' });
      return USAGE_ERROR;
    }
    throw error;
  }
  if (!config.databaseUrl) {
    const viaService = await runViaSocket(config.dataDir, argv, io);
    if (viaService !== null) return viaService;
    const record = await readServiceDatabase(config.dataDir);
    if (record?.kind === 'postgres') {
      const message = postgresServiceDown(config.dataDir, record);
      reportFailure(io, json, message, { detail: message, code: 'service_unreachable' });
      return 1;
    }
  }
  let ctx;
  try {
    ctx = await createCoreContext(config, { log: pino({ level: config.cliLogLevel }) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      reportFailure(io, json, error.message, { detail: error.message, code: 'data_dir_locked' });
      return 1;
    }
    throw error;
  }
  try {
    const commands = createModules(ctx).flatMap((m) => m.commands ?? []);
    return await dispatch(commands, argv, io);
  } finally {
    await closeCoreContext(ctx);
  }
}

const argv = process.argv.slice(2);
const json = wantsJson(argv);
const io: CliIO = { out: (t) => process.stdout.write(t + '\n'), err: (t) => process.stderr.write(t + '\n') };
main(argv, io, json).then(
  (code) => process.exit(code),
  (error) => {
    const message = error instanceof Error ? error.message : String(error);
    reportFailure(io, json, `Error: ${message}`, { detail: message, code: 'internal_error' });
    process.exit(1);
  },
);
