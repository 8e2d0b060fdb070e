import { ConfigError, loadConfig } from './platform/config.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { PgvectorMissingError } from './platform/db/postgres.js';
import { DatabaseConnectError } from './platform/db/postgres-connect.js';
import { portInUse, startService, type Service } from './runtime.js';
import { onStopSignals } from './platform/stop-signals.js';

/** Entry point: RUN_MODE=all (HTTP and workers), api (HTTP only) or worker (jobs only). */
let service: Service;
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
})();
// A busy port is found before the database is opened (or, on a fresh data directory, built).
if (config.runMode !== 'worker' && (await portInUse(config.host, config.port))) {
  process.stderr.write(`Cannot start: port ${config.port} on ${config.host} is already in use (is the service already running? set PORT to use another)\n`);
  process.exit(1);
}
try {
  service = await startService(config, { listen: true, cliSocket: true });
} catch (error) {
  // The operator's mistakes get a sentence, not a stack trace.
  const operatorError = [DataDirLockedError, PgvectorMissingError, DatabaseConnectError].some((type) => error instanceof type);
  if (operatorError || (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`Cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  throw error;
}
service.ctx.log.info(
  { mode: config.runMode, database: service.ctx.db.kind, url: config.runMode === 'worker' ? null : `http://${config.host}:${config.port}` },
  'service started',
);

onStopSignals({
  drain: (signal) => {
    service.ctx.log.info({ signal }, 'shutting down: draining requests and jobs');
    service.stop().then(
      () => process.exit(0),
      (error) => {
        service.ctx.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  },
  force: () => process.exit(1), // a second signal: stop waiting
});
