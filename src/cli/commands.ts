/** An operator command (`npm run cli -- tenant create ...`), run in-process or by the service over its socket. */
export interface CliCommand {
  /** Words that select it, e.g. ['tenant', 'create']. */
  path: string[];
  usage: string;
  /** Flag names it takes; `--json` is always allowed. Anything else is a usage error. */
  flags: string[];
  run(flags: Record<string, string | true>, io: CliIO): Promise<number>;
}

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

/** Exit status for bad arguments (as documented): nothing was done. */
export const USAGE_ERROR = 2;

export class UsageError extends Error {}

export interface ParsedArgs {
  words: string[];
  flags: Record<string, string | true>;
}

export function parseArgs(argv: string[]): ParsedArgs {
  const words: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 2) {
        flags[arg.slice(2, eq)] = arg.slice(eq + 1);
      } else {
        const next = argv[i + 1];
        if (next !== undefined && !next.startsWith('--')) {
          flags[arg.slice(2)] = next;
          i++;
        } else {
          flags[arg.slice(2)] = true;
        }
      }
    } else {
      words.push(arg);
    }
  }
  return { words, flags };
}

export function requireFlag(flags: Record<string, string | true>, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.length === 0) throw new UsageError(`--${name} is required`);
  return value;
}

export function usageText(commands: CliCommand[]): string {
  return ['Usage: npm run cli -- <command> [flags]', '', ...commands.map((c) => `  ${c.usage}`)].join('\n');
}

/** Finds and runs the command; bad arguments print a clear message and return 2. */
export async function dispatch(commands: CliCommand[], argv: string[], io: CliIO): Promise<number> {
  const { words, flags } = parseArgs(argv);
  const command = commands.find((c) => c.path.length === words.length && c.path.every((w, i) => w === words[i]));
  if (!command) {
    io.err(words.length ? `Unknown command: ${words.join(' ')}\n\n${usageText(commands)}` : usageText(commands));
    return USAGE_ERROR;
  }
  const unknown = Object.keys(flags).filter((f) => f !== 'json' && !command.flags.includes(f));
  if (unknown.length) {
    io.err(`Unknown flag${unknown.length > 1 ? 's' : ''}: ${unknown.map((f) => `--${f}`).join(', ')}\nUsage: ${command.usage}`);
    return USAGE_ERROR;
  }
  try {
    return await command.run(flags, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nUsage: ${command.usage}`);
      return USAGE_ERROR;
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const detail = (error as { detail?: unknown }).detail;
      io.err(`Error: ${typeof detail === 'string' ? detail : formatDetail(detail)}`);
      return USAGE_ERROR;
    }
    io.err(`Error: ${(error as Error).message}`);
    return 1;
  }
}

function formatDetail(detail: unknown): string {
  if (Array.isArray(detail)) {
    return detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg}`).join('; ');
  }
  return JSON.stringify(detail);
}
