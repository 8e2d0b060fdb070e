import { loadConfig } from './platform/config.js';
import { startService } from './runtime.js';

/** Entry point: RUN_MODE=all (HTTP and workers), api (HTTP only) or worker (jobs only). */
const config = loadConfig();
const service = await startService(config, { listen: true, cliSocket: true });
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
