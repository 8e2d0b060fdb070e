import { setTimeout as delay } from 'node:timers/promises';

/**
 * Politeness per host: at most `concurrency` requests in flight to one host, and request starts spaced by the host's
 * delay (delay_ms, raised by a robots.txt Crawl-delay). Time comes from an injected clock so that tests can check the
 * spacing without waiting.
 */

export interface Clock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realSleep = (ms: number, signal: AbortSignal): Promise<void> => delay(ms, undefined, { signal });

interface HostState {
  active: number;
  waiting: Array<() => void>;
  nextStart: number;
  delayMs: number;
}

export class HostGate {
  private readonly hosts = new Map<string, HostState>();

  constructor(
    private readonly clock: Clock,
    private readonly concurrency: number,
    private readonly delayMs: number,
  ) {}

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, waiting: [], nextStart: 0, delayMs: this.delayMs };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** A robots.txt Crawl-delay is a minimum: it never shortens the configured delay. */
  raiseDelay(host: string, ms: number): void {
    const state = this.state(host);
    state.delayMs = Math.max(state.delayMs, ms);
  }

  /** Resolves with the release function once a request to `host` may start. */
  async acquire(host: string, signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    const state = this.state(host);
    // A released slot is handed to the next waiter directly, so a newcomer cannot slip in between.
    if (state.active < this.concurrency) state.active++;
    else {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          state.waiting.splice(state.waiting.indexOf(wake), 1);
          reject(signal.reason);
        };
        state.waiting.push(wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      if (next) next();
      else state.active--;
    };
    // The slot's start time is reserved before sleeping, so requests waiting together are spaced, not bunched.
    const now = this.clock.now();
    const start = Math.max(now, state.nextStart);
    state.nextStart = start + state.delayMs;
    try {
      if (start > now) await this.clock.sleep(start - now, signal);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }
}
