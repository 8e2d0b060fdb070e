import { ConfigError, loadConfig } from './platform/config.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { startService, type Service } from './runtime.js';

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
try {
  service = await startService(config, { listen: true, cliSocket: true });
} catch (error) {
  // The operator's mistakes get a sentence, not a stack trace.
  if (error instanceof DataDirLockedError || (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`Cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  throw error;
}
service.ctx.log.info(
  { mode: config.runMode, database: service.ctx.db.kind, url: config.runMode === 'worker' ? null : `http://${config.host}:${config.port}` },
  'service started',
);

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signalled) process.exit(1); // a second signal: stop waiting
    signalled = true;
    service.ctx.log.info({ signal }, 'shutting down: draining requests and jobs');
    service.stop().then(
      () => process.exit(0),
      (error) => {
        service.ctx.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
