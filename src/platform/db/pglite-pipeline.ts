import { protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * What drizzle-orm/pglite calls on its client: `query` for every statement, `exec` for raw scripts,
 * `transaction` for `db.transaction()` (nested ones are savepoints sent through `query`).
 */
export interface PipelinedClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(fn: (tx: PipelinedClient) => Promise<T>): Promise<T>;
}

/**
 * PGlite's own `query` makes six separate calls into the WebAssembly backend per statement (Parse, Describe
 * statement, Bind, Describe portal, Execute, Sync), the second only to learn the parameters' types so it can
 * pick their serializers. Here a statement is one call: the parameters go as text of unspecified type, which
 * the server infers exactly as it does for node-postgres (what the PostgreSQL path sends), and a statement
 * seen before is bound to its named prepared statement instead of being parsed and planned again.
 * A transaction opens with its first statement in the same simple-protocol call (`BEGIN; SELECT set_config…`).
 */
export function pipelinedClient(client: PGlite): {
  root: PipelinedClient;
  inside: PipelinedClient;
  transaction: <T>(begin: string, fn: (tx: PipelinedClient) => Promise<T>) => Promise<T>;
} {
  const statements = new PreparedStatements();

  const runQuery = async <T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> => {
    const values = params.map(toText);
    const known = statements.nameOf(text);
    const name = known ?? statements.claim(text);
    const parts: Uint8Array[] = [];
    if (known === undefined) parts.push(protocol.serialize.parse({ text, name: name ?? '' }));
    parts.push(
      protocol.serialize.bind({ statement: name ?? '', values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    let messages;
    try {
      messages = await client.execProtocolStream(concat(parts), { syncToFs: false });
    } catch (error) {
      // Parse may have created the statement before a later message failed: drop it so the next try parses again.
      if (name !== undefined && known === undefined) {
        statements.failed(text);
        await forget(name);
      }
      throw error;
    }
    if (name !== undefined && known === undefined) statements.prepared(text, name);
    return toResults(messages, client.parsers, options)[0] as Results<T>;
  };

  const forget = async (name: string) => {
    await client.execProtocolStream(concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]), {
      syncToFs: false,
      throwOnError: false,
    });
  };

  const runExec = async (text: string): Promise<Results[]> => {
    const messages = await client.execProtocolStream(protocol.serialize.query(text), { syncToFs: false });
    return toResults(messages, client.parsers);
  };

  /** The client inside a transaction, which holds PGlite's transaction lock: each statement takes the message lock. */
  const inside: PipelinedClient = {
    query: (text, params = [], options) => client.runExclusive(() => runQuery(text, params, options)),
    exec: (text) => client.runExclusive(() => runExec(text)),
    // Already inside the one opened by `transaction` below: Drizzle's transaction object over it, whose own
    // nested transactions are savepoints.
    transaction: (fn) => fn(inside),
  };

  const transaction = <T>(begin: string, fn: (tx: PipelinedClient) => Promise<T>): Promise<T> =>
    client._runExclusiveTransaction(async () => {
      refuseIfClosed(client);
      await inside.exec(begin);
      let result: T;
      try {
        result = await fn(inside);
      } catch (error) {
        await inside.exec('ROLLBACK');
        throw error;
      }
      await inside.exec('COMMIT');
      return result;
    });

  /** Outside a transaction a statement takes both locks, as PGlite's `query` does, and syncs the files after. */
  const outside = async <T>(run: () => Promise<T>): Promise<T> => {
    const result = await client._runExclusiveTransaction(() =>
      client.runExclusive(() => {
        refuseIfClosed(client);
        return run();
      }),
    );
    await client.syncToFs();
    return result;
  };
  const root: PipelinedClient = {
    query: (text, params = [], options) => outside(() => runQuery(text, params, options)),
    exec: (text) => outside(() => runExec(text)),
    transaction: (fn) => transaction('BEGIN', fn),
  };
  return { root, inside, transaction };
}

/** What PGlite's own `query` says once closed (its check is not part of the calls made here). */
function refuseIfClosed(client: PGlite): void {
  if (client.closed) throw new Error('PGlite is closed');
}

/** Statement texts parsed once under a name on PGlite's one session; at most LIMIT, then the rest go unnamed. */
class PreparedStatements {
  private static readonly LIMIT = 500;
  private readonly names = new Map<string, string>();
  private readonly pending = new Set<string>();
  private next = 0;

  nameOf(text: string): string | undefined {
    return this.names.get(text);
  }

  /** A fresh name for a text seen for the first time, or undefined (unnamed) once the limit is reached. */
  claim(text: string): string | undefined {
    if (this.names.size + this.pending.size >= PreparedStatements.LIMIT || this.pending.has(text)) return undefined;
    this.pending.add(text);
    return `kb_s${++this.next}`;
  }

  failed(text: string): void {
    this.pending.delete(text);
  }

  prepared(text: string, name: string): void {
    this.pending.delete(text);
    this.names.set(text, name);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A parameter as text, for a type the server infers: what node-postgres sends (Drizzle already maps column
 * values, e.g. JSON to a string and arrays to array literals), with dates and bytes as PGlite writes them.
 */
function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    return `"${(toText(item) as string).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

type Parser = (value: string, typeId: number) => unknown;
type Field = { name: string; dataTypeID: number };
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * PGlite's `parseResults`, less its cost: it copies the whole table of parsers (some hundreds of types) into a
 * new object on every statement that brings its own (Drizzle's do); here a column's parser is looked up once.
 */
function toResults(messages: readonly { name: string }[], defaults: Record<number, Parser>, options?: QueryOptions): Results[] {
  const out: Results[] = [];
  const own = options?.parsers as Record<number, Parser> | undefined;
  const arrays = options?.rowMode === 'array';
  let fields: Field[] = [];
  let parsers: (Parser | undefined)[] = [];
  let rows: Results['rows'] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: Field[] }).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      parsers = fields.map((f) => own?.[f.dataTypeID] ?? defaults[f.dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      if (arrays) {
        const row = new Array<unknown>(values.length);
        for (let i = 0; i < values.length; i++) row[i] = parsed(values[i], parsers[i], fields[i].dataTypeID);
        rows.push(row as unknown as Results['rows'][number]);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[fields[i].name] = parsed(values[i], parsers[i], fields[i].dataTypeID);
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      const command = words[0];
      const count = parseInt(words[words.length - 1], 10);
      if (COUNTED.has(command)) affectedRows += count;
      const result: Results & { command: string; rowCount?: number } = { rows, fields, command, affectedRows };
      if (!Number.isNaN(count)) result.rowCount = count;
      out.push(result);
      fields = [];
      parsers = [];
      rows = [];
    }
  }
  if (out.length === 0) out.push({ affectedRows: 0, rows: [], fields: [] });
  return out;
}

function parsed(value: string | null, parser: Parser | undefined, typeId: number): unknown {
  if (value === null) return null;
  return parser ? parser(value, typeId) : value;
}
