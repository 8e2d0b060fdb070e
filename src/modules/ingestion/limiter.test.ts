import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';

/** Promise.withResolvers, which the ES2023 lib of this project does not type. */
function gate() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createLimiter', () => {
  it('never runs more than its slots at once, and hands slots over in order', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 6 }, () => gate());
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await gate.promise;
        running--;
      }),
    );
    for (const gate of gates) {
      await Promise.resolve();
      gate.resolve();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a waiter whose signal aborts leaves the line', async () => {
    const limiter = createLimiter(1);
    const held = gate();
    const first = limiter.run(() => held.promise);
    const abort = new AbortController();
    const second = limiter.run(async () => 'ran', abort.signal);
    abort.abort(new Error('stop'));
    await expect(second).rejects.toThrow('stop');
    held.resolve();
    await first;
    expect(await limiter.run(async () => 'free again')).toBe('free again');
  });
});
