/**
 * Work that outlives its request (a stream's answer being stored after the client left, a title written after the
 * answer): kept here so that shutdown waits for it before the database closes.
 */
export function createInFlight() {
  const pending = new Set<Promise<unknown>>();
  return {
    add(work: Promise<unknown>): void {
      const settled = work.catch(() => {}).finally(() => pending.delete(settled));
      pending.add(settled);
    },
    /** Resolves once nothing is in flight (work added meanwhile included). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
export type InFlight = ReturnType<typeof createInFlight>;
