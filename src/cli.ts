import { runCli } from './cli/run.js';
import type { CliIO } from './cli/commands.js';

/** The operator CLI's process: arguments and environment in, output and the exit code out (src/cli/run.ts). */
const io: CliIO = { out: (t) => process.stdout.write(t + '\n'), err: (t) => process.stderr.write(t + '\n') };
process.exit(await runCli(process.argv.slice(2), io, process.env));
