import { describe, expect, it } from 'vitest';
import { HostGate } from './web-gate.js';

function virtualClock() {
  const clock = { t: 0, sleeps: [] as number[], now: () => clock.t, sleep: async (ms: number) => void (clock.sleeps.push(ms), (clock.t += ms)) };
  return clock;
}

describe('HostGate', () => {
  it('keeps at most `concurrency` requests in flight per host, handing a freed slot to the next waiter', async () => {
    const gate = new HostGate(virtualClock(), 2, 0);
    const signal = new AbortController().signal;
    const a = await gate.acquire('h', signal);
    await gate.acquire('h', signal);
    let third = false;
    const waiting = gate.acquire('h', signal).then(() => (third = true));
    await gate.acquire('other', signal); // another host is not held up
    expect(third).toBe(false);
    a();
    await waiting;
    expect(third).toBe(true);
  });

  it('gives requests waiting together spaced starts, not bunched ones', async () => {
    // Time stands still while they wait: the three are given starts 0, 100 and 200.
    const frozen = { sleeps: [] as number[], now: () => 0, sleep: async (ms: number) => void frozen.sleeps.push(ms) };
    const gate = new HostGate(frozen, 4, 100);
    const signal = new AbortController().signal;
    await Promise.all([gate.acquire('h', signal), gate.acquire('h', signal), gate.acquire('h', signal)]);
    expect(frozen.sleeps).toEqual([100, 200]);
  });

  it('raises the delay of one host (a Crawl-delay), never lowering it', async () => {
    const clock = virtualClock();
    const gate = new HostGate(clock, 4, 100);
    const signal = new AbortController().signal;
    gate.raiseDelay('h', 50);
    const one = async (host: string) => (await gate.acquire(host, signal))();
    for (let i = 0; i < 3; i++) await one('h');
    gate.raiseDelay('h', 1000);
    for (let i = 0; i < 2; i++) await one('h');
    for (let i = 0; i < 2; i++) await one('other');
    // h: 0, 100, 200; then 300 (reserved before the raise) and 1300; other keeps 100.
    expect(clock.sleeps).toEqual([100, 100, 100, 1000, 100]);
  });

  it('rejects a waiter when the run is cancelled', async () => {
    const gate = new HostGate(virtualClock(), 1, 0);
    const abort = new AbortController();
    await gate.acquire('h', abort.signal);
    const waiting = gate.acquire('h', abort.signal);
    abort.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});
