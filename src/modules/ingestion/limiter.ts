/** At most `slots` calls of run() at once; the others wait in order. */
export function createLimiter(slots: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      // A finishing call hands its slot straight to the next waiter, so nobody can slip in between.
      if (active >= slots) {
        await new Promise<void>((resolve, reject) => {
          const go = () => {
            signal?.removeEventListener('abort', quit);
            resolve();
          };
          const quit = () => {
            const i = waiting.indexOf(go);
            if (i >= 0) waiting.splice(i, 1);
            reject(signal?.reason ?? new Error('aborted'));
          };
          waiting.push(go);
          signal?.addEventListener('abort', quit, { once: true });
        });
      } else {
        active++;
      }
      try {
        return await fn();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

/** Rejects as soon as `signal` aborts, leaving `promise` to settle unobserved (its result is no longer wanted). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const quit = () => reject(signal.reason);
    signal.addEventListener('abort', quit, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', quit);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', quit);
        reject(error);
      },
    );
  });
}
