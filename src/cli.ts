import { loadConfig, ConfigError } from './platform/config.js';
import { createCoreContext, closeCoreContext } from './platform/context.js';
import { createModules } from './modules/index.js';
import { dispatch, USAGE_ERROR, type CliIO } from './cli/commands.js';
import { runViaSocket } from './cli/socket.js';
import { DataDirLockedError } from './platform/db/lock.js';
import pino from 'pino';

/**
 * Operator CLI. On the embedded database it first offers the command to a running service over its
 * local socket (the data directory belongs to one process); otherwise it opens the database itself.
 */
async function main(argv: string[]): Promise<number> {
  const io: CliIO = { out: (t) => process.stdout.write(t + '\n'), err: (t) => process.stderr.write(t + '\n') };
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`Configuration error: ${error.message}`);
      return USAGE_ERROR;
    }
    throw error;
  }
  if (!config.databaseUrl) {
    const viaService = await runViaSocket(config.dataDir, argv, io);
    if (viaService !== null) return viaService;
  }
  let ctx;
  try {
    ctx = await createCoreContext(config, { log: pino({ level: config.cliLogLevel }) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(error.message);
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
