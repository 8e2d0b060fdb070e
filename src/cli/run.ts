import { loadConfig, ConfigError } from '../platform/config.js';
import { createCoreContext, closeCoreContext } from '../platform/context.js';
import { createModules } from '../modules/index.js';
import path from 'node:path';
import { dispatch, parseArgs, reportFailure, UsageError, USAGE_ERROR, wantsJson, type CliIO } from './commands.js';
import { backupCommands, describeBackup } from './backup.js';
import { restoreBackup } from './restore.js';
import { runViaSocket } from './socket.js';
import { createsDatabase, hasEmbeddedDatabase, noEmbeddedDatabase, postgresServiceDown, readServiceDatabase } from './service-database.js';
import { DataDirLockedError } from '../platform/db/lock.js';
import { DatabaseConnectError } from '../platform/db/postgres-connect.js';
import pino from 'pino';

/**
 * Operator CLI. Without DATABASE_URL it first offers the command to a running service over its local
 * socket under DATA_DIR (so it acts on that service's database, embedded or PostgreSQL); otherwise it
 * opens the configured database itself, unless the directory's service runs on PostgreSQL (then an
 * embedded database is not what the operator meant, and it says so), or DATA_DIR holds no database and
 * the command is not one that creates it (a wrong DATA_DIR would otherwise get a new, empty database).
 */
export async function runCli(argv: string[], io: CliIO, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const json = wantsJson(argv);
  try {
    return await run(argv, io, json, env);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    reportFailure(io, json, `Error: ${message}`, { detail: message, code: 'internal_error' });
    return 1;
  }
}

async function run(argv: string[], io: CliIO, json: boolean, env: NodeJS.ProcessEnv): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      reportFailure(io, json, `Configuration error: ${error.message}`, { detail: error.message, code: 'configuration_error' });
      return USAGE_ERROR;
    }
    throw error;
  }
  if (isRestore(argv)) return restore(config, argv, io, json);
  argv = absolutePaths(argv);
  if (!config.databaseUrl) {
    const viaService = await runViaSocket(config.dataDir, argv, io);
    if (viaService !== null) return viaService;
    const record = await readServiceDatabase(config.dataDir);
    if (record?.kind === 'postgres') {
      const message = postgresServiceDown(config.dataDir, record);
      reportFailure(io, json, message, { detail: message, code: 'service_unreachable' });
      return 1;
    }
    if (!(await hasEmbeddedDatabase(config.dataDir))) {
      if (!createsDatabase(parseArgs(argv).words)) {
        const message = noEmbeddedDatabase(config.dataDir);
        reportFailure(io, json, message, { detail: message, code: 'no_database' });
        return 1;
      }
      if (!json) io.err(`Creating a new embedded database in ${config.dataDir} (no service answers there and it holds none yet)...`);
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
    if (error instanceof DatabaseConnectError) {
      reportFailure(io, json, `Cannot connect: ${error.message}`, { detail: error.message, code: 'database_unreachable' });
      return 1;
    }
    throw error;
  }
  try {
    const commands = [...createModules(ctx).flatMap((m) => m.commands ?? []), ...backupCommands(ctx)];
    return await dispatch(commands, argv, io);
  } finally {
    await closeCoreContext(ctx);
  }
}

/** `restore` alone, with its flags: it must run before any database is opened (and with no service running). */
const isRestore = (argv: string[]) => {
  const { words } = parseArgs(argv);
  return words.length === 1 && words[0] === 'restore';
};

/** Paths given to --out/--from are the operator's, relative to where they typed the command, not to the service. */
function absolutePaths(argv: string[]): string[] {
  return argv.map((arg, i) => {
    const flag = /^--(out|from)=(.+)$/.exec(arg);
    if (flag) return `--${flag[1]}=${path.resolve(flag[2])}`;
    const previous = argv[i - 1];
    return (previous === '--out' || previous === '--from') && !arg.startsWith('--') ? path.resolve(arg) : arg;
  });
}

async function restore(config: ReturnType<typeof loadConfig>, argv: string[], io: CliIO, json: boolean): Promise<number> {
  const usage = 'Usage: restore --from DIR [--json]';
  const { flags } = parseArgs(argv);
  const unknown = Object.keys(flags).filter((f) => f !== 'json' && f !== 'from');
  try {
    if (unknown.length) throw new UsageError(`Unknown flag: --${unknown[0]}`);
    if (typeof flags.from !== 'string' || !flags.from) throw new UsageError('--from is required');
    const from = path.resolve(flags.from);
    const manifest = await restoreBackup(config, from);
    io.out(json ? JSON.stringify({ from, data_dir: config.dataDir, ...manifest }) : `Restored ${from} into ${config.dataDir}: ${describeBackup(manifest)}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      reportFailure(io, json, `${error.message}\n${usage}`, { detail: error.message, code: 'usage_error', usage });
      return USAGE_ERROR;
    }
    if (error instanceof DataDirLockedError) {
      reportFailure(io, json, `${error.message} Stop it before restoring.`, { detail: error.message, code: 'data_dir_locked' });
      return 1;
    }
    throw error;
  }
}

