/**
 * One stop request can arrive twice at once: Ctrl-C signals the whole foreground process group, and `npm start` (or
 * a supervisor that signals every process of the service's cgroup) forwards it to the service as well. A second
 * signal within this window is that same request; a later one is the operator insisting, and stops waiting.
 */
export const SAME_REQUEST_MS = 2000;

export interface StopHandlers {
  /** The first SIGINT or SIGTERM: drain, then exit. */
  drain(signal: NodeJS.Signals): void;
  /** A later one, past the window: stop waiting for the drain. */
  force(signal: NodeJS.Signals): void;
}

/** Installs the SIGINT and SIGTERM handlers of the service; `now` in milliseconds (monotonic). */
export function onStopSignals(handlers: StopHandlers, now: () => number = () => performance.now()): void {
  let firstAt: number | null = null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (firstAt === null) {
        firstAt = now();
        handlers.drain(signal);
      } else if (now() - firstAt >= SAME_REQUEST_MS) {
        handlers.force(signal);
      }
    });
  }
}
