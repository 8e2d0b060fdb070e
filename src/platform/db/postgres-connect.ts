/**
 * The first connection to the PostgreSQL server of DATABASE_URL, and what an operator reads when it fails: one
 * sentence naming what failed and what to change, instead of the driver's stack trace. Messages name the host, port,
 * database and user, never the password.
 */
export class DatabaseConnectError extends Error {}

/** How long the first connection may take before the start gives up (a host that drops packets never refuses). */
export const CONNECT_TIMEOUT_MS = 30_000;

interface Target {
  where: string;
  host: string;
  database: string;
  user: string;
}

/** host:port (or the socket directory), database and user of a URL that config validation accepted. */
function target(databaseUrl: string): Target {
  const url = new URL(databaseUrl);
  const socketDir = url.searchParams.get('host');
  const host = url.hostname || socketDir || 'localhost';
  const port = url.port || url.searchParams.get('port') || '5432';
  const user = decodeURIComponent(url.username) || process.env.USER || 'the current OS user';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  const where = host.startsWith('/') ? `${host} (socket, port ${port})` : `${host}:${port}`;
  return { where, host, database, user };
}

/** A driver error of the first connection, as one sentence for the operator. */
export function connectFailure(databaseUrl: string, error: unknown): DatabaseConnectError {
  const { code, message } = error as { code?: string; message?: string };
  const { where, host, database, user } = target(databaseUrl);
  const text = (() => {
    switch (code) {
      case 'ECONNREFUSED':
        return `PostgreSQL at ${where} refused the connection: is the server running and listening there? Fix the host or port in DATABASE_URL, or start the server.`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
      case 'EAI_NONAME':
        return `the host "${host}" of DATABASE_URL cannot be resolved (${code}): fix the host name in DATABASE_URL.`;
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return `PostgreSQL at ${where} cannot be reached (${code}): check the host and port in DATABASE_URL, and that this machine may reach that server.`;
      case 'ENOENT':
        return `no PostgreSQL server listens on the socket under ${host}: fix the host in DATABASE_URL, or start the server.`;
      case '3D000':
        return `the database "${database}" does not exist on PostgreSQL at ${where}: create it (createdb "${database}"), or fix the database name in DATABASE_URL.`;
      case '28000':
      case '28P01':
        return `PostgreSQL at ${where} refused the user "${user}" (${message}): fix the user or password in DATABASE_URL, or the server's roles and pg_hba.conf.`;
      default:
        if (/timeout/i.test(message ?? '')) {
          return `PostgreSQL at ${where} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s: check the host and port in DATABASE_URL, and that this machine may reach that server.`;
        }
        return `cannot connect to PostgreSQL at ${where} as "${user}", database "${database}" (${message ?? String(error)}): check DATABASE_URL.`;
    }
  })();
  return new DatabaseConnectError(text, { cause: error });
}
