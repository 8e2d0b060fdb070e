import { runCli } from '../../src/cli/run.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator CLI run in this process with exactly `env` as its environment (none of the test run's database
 * settings leak in): the same code as `node src/cli.ts`, without a process and a TypeScript loader per command.
 * test/cli/cli.test.ts keeps real-process runs for what only a process shows (exit codes, the entry point).
 */
export async function cliInProcess(args: string[], env: Record<string, string>): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { out: (t) => void (stdout += `${t}\n`), err: (t) => void (stderr += `${t}\n`) }, { LOG_LEVEL: 'warn', ...env });
  return { code, stdout, stderr };
}
