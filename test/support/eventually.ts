import { setTimeout as sleep } from 'node:timers/promises';

/**
 * THE polling helper of the tests: probes until `check` accepts the value, then returns it; after `timeoutMs`
 * it throws, naming `what` and the last value seen. The time is a bound that keeps a broken test from hanging,
 * never an assertion: what the test asserts is the value it gets back. For background work the test cannot
 * await directly (a worker, a NOTIFY delivered after commit, a stream on another socket).
 */
export async function eventually<T>(
  what: string,
  probe: () => T | Promise<T>,
  check: (value: T) => boolean = Boolean,
  timeoutMs = 90_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(last)?.slice(0, 2000)}`);
    await sleep(intervalMs);
    last = await probe();
  }
  return last;
}
