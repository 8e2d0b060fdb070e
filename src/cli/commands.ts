import { CREATES_DATABASE } from './service-database.js';

/** An operator command (`npm run cli -- tenant create ...`), run in-process or by the service over its socket. */
export interface CliCommand {
  /** Words that select it, e.g. ['tenant', 'create']. */
  path: string[];
  usage: string;
  /** Flag names it takes; `--json` is always allowed. Anything else is a usage error. */
  flags: string[];
  /** A trailing word after the path, handed to `run` as this flag (`mail show ID` → flags.id). */
  positional?: string;
  /** Flags that may be given more than once; every value reaches `run` in `lists` (any other repeat is a usage error). */
  repeatable?: string[];
  run(flags: Record<string, string | true>, io: CliIO, lists: Record<string, string[]>): Promise<number>;
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
  /** Each flag's last value. */
  flags: Record<string, string | true>;
  /** Every value of each flag, in order (for the repeatable ones). */
  lists: Record<string, string[]>;
  /** How many times each flag was given. */
  counts: Record<string, number>;
}

export function parseArgs(argv: string[]): ParsedArgs {
  const words: string[] = [];
  const flags: Record<string, string | true> = {};
  const lists: Record<string, string[]> = {};
  const counts: Record<string, number> = {};
  const set = (name: string, value: string | true) => {
    flags[name] = value;
    counts[name] = (counts[name] ?? 0) + 1;
    if (typeof value === 'string') (lists[name] ??= []).push(value);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 2) {
        set(arg.slice(2, eq), arg.slice(eq + 1));
      } else {
        const next = argv[i + 1];
        if (next !== undefined && !next.startsWith('--')) {
          set(arg.slice(2), next);
          i++;
        } else {
          set(arg.slice(2), true);
        }
      }
    } else {
      words.push(arg);
    }
  }
  return { words, flags, lists, counts };
}

export function requireFlag(flags: Record<string, string | true>, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.length === 0) throw new UsageError(`--${name} is required`);
  return value;
}

function usageText(commands: CliCommand[]): string {
  return [
    'Usage: npm run cli -- <command> [flags]',
    '',
    ...commands.map((c) => `  ${c.usage}`),
    '',
    'Acts on the service running on DATA_DIR, else on the database in DATA_DIR (or DATABASE_URL).',
    `Where DATA_DIR holds no database, only ${CREATES_DATABASE.map((c) => `\`${c}\``).join(', ')} and \`restore\` create one; other commands refuse.`,
  ].join('\n');
}

/** A failure as `--json` reports it: the HTTP API's error shape, plus the usage when arguments were wrong. */
interface Failure {
  detail: unknown;
  code: string;
  usage?: string;
}

/** Whether argv asks for JSON output (known before the arguments are checked against a command). */
export const wantsJson = (argv: string[]) => parseArgs(argv).flags.json !== undefined;

/** Writes a failure: the sentence for people, or with `--json` one JSON line scripts can parse. */
export function reportFailure(io: CliIO, json: boolean, text: string, failure: Failure): void {
  io.err(json ? JSON.stringify(failure) : text);
}

/** Finds and runs the command; bad arguments print a clear message and return 2. */
export async function dispatch(commands: CliCommand[], argv: string[], io: CliIO): Promise<number> {
  const { words, flags, lists, counts } = parseArgs(argv);
  const json = flags.json !== undefined;
  const command = commands.find(
    (c) => c.path.length + (c.positional ? 1 : 0) === words.length && c.path.every((w, i) => w === words[i]),
  );
  if (command?.positional) flags[command.positional] = words[command.path.length];
  if (!command) {
    const usage = usageText(commands);
    if (!words.length) reportFailure(io, json, usage, { detail: 'A command is required', code: 'usage_error', usage });
    else reportFailure(io, json, `Unknown command: ${words.join(' ')}\n\n${usage}`, { detail: `Unknown command: ${words.join(' ')}`, code: 'unknown_command', usage });
    return USAGE_ERROR;
  }
  const usage = `Usage: ${command.usage}`;
  const unknown = Object.keys(flags).filter((f) => f !== 'json' && !command.flags.includes(f));
  if (unknown.length) {
    const detail = `Unknown flag${unknown.length > 1 ? 's' : ''}: ${unknown.map((f) => `--${f}`).join(', ')}`;
    reportFailure(io, json, `${detail}\n${usage}`, { detail, code: 'unknown_flag', usage });
    return USAGE_ERROR;
  }
  const repeated = Object.keys(counts).filter((f) => counts[f] > 1 && !(command.repeatable ?? []).includes(f));
  if (repeated.length) {
    const detail = `Flag given more than once: ${repeated.map((f) => `--${f}`).join(', ')}`;
    reportFailure(io, json, `${detail}\n${usage}`, { detail, code: 'usage_error', usage });
    return USAGE_ERROR;
  }
  try {
    return await command.run(flags, io, lists);
  } catch (error) {
    if (error instanceof UsageError) {
      reportFailure(io, json, `${error.message}\n${usage}`, { detail: error.message, code: 'usage_error', usage });
      return USAGE_ERROR;
    }
    const { statusCode: status, detail, code } = error as { statusCode?: number; detail?: unknown; code?: unknown };
    if (status && status >= 400 && status < 500) {
      const text = `Error: ${typeof detail === 'string' ? detail : formatDetail(detail)}`;
      reportFailure(io, json, text, { detail, code: typeof code === 'string' ? code : 'bad_request' });
      return USAGE_ERROR;
    }
    const message = (error as Error).message;
    reportFailure(io, json, `Error: ${message}`, { detail: message, code: 'internal_error' });
    return 1;
  }
}

function formatDetail(detail: unknown): string {
  if (Array.isArray(detail)) {
    return detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg}`).join('; ');
  }
  return JSON.stringify(detail);
}
