import { afterEach, describe, expect, it } from 'vitest';
import { onStopSignals, SAME_REQUEST_MS } from './stop-signals.js';

/** The handlers run as on a real signal (process.emit calls the listeners a delivered signal would). */
const installed: [NodeJS.Signals, NodeJS.SignalsListener][] = [];
afterEach(() => {
  for (const [signal, listener] of installed.splice(0)) process.removeListener(signal, listener);
});

function install(now: () => number) {
  const calls: string[] = [];
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  onStopSignals({ drain: (s) => calls.push(`drain ${s}`), force: (s) => calls.push(`force ${s}`) }, now);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) if (!before[signal].includes(listener)) installed.push([signal, listener]);
  }
  return calls;
}

describe('stop signals', () => {
  it('a signal delivered twice at once (Ctrl-C to the group, forwarded by npm) is one request: the drain goes on', () => {
    let t = 1000;
    const calls = install(() => t);
    process.emit('SIGINT');
    t += 5;
    process.emit('SIGINT');
    t += SAME_REQUEST_MS - 10;
    process.emit('SIGTERM');
    expect(calls).toEqual(['drain SIGINT']);
  });

  it('a second signal after the window stops waiting', () => {
    let t = 0;
    const calls = install(() => t);
    process.emit('SIGTERM');
    t += SAME_REQUEST_MS;
    process.emit('SIGTERM');
    expect(calls).toEqual(['drain SIGTERM', 'force SIGTERM']);
  });
});
