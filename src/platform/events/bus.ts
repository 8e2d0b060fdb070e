import { notifyOnCommit, type Database, type Tx } from '../db/database.js';

type Handler = (payload: any) => void;

/**
 * JSON events over Postgres NOTIFY, so every instance (and every SSE stream on it) hears them.
 * Publishing inside a transaction delivers the event only if, and when, it commits.
 */
export class EventBus {
  private readonly local = new Map<string, Set<Handler>>();
  private readonly listening = new Map<string, Promise<() => Promise<void>>>();

  constructor(private readonly db: Database) {}

  async publish(channel: string, payload: unknown, tx?: Tx): Promise<void> {
    const text = JSON.stringify(payload);
    if (tx) await notifyOnCommit(tx, channel, text);
    else await this.db.notify(channel, text);
  }

  async subscribe(channel: string, handler: Handler): Promise<() => void> {
    let set = this.local.get(channel);
    if (!set) {
      set = new Set();
      this.local.set(channel, set);
    }
    set.add(handler);
    if (!this.listening.has(channel)) {
      const handlers = set;
      this.listening.set(
        channel,
        this.db.listen(channel, (text) => {
          let payload: unknown;
          try {
            payload = JSON.parse(text);
          } catch {
            return;
          }
          for (const h of handlers) h(payload);
        }),
      );
    }
    await this.listening.get(channel);
    return () => {
      set.delete(handler);
    };
  }

  /**
   * Resolves once this process's own listener hears an event on `channel` that `match` accepts, or after
   * `timeoutMs` (false then). PostgreSQL sends a NOTIFY to every listening connection at the same commit, so a
   * writer that answers only after hearing its own event answers after the other instances were sent it too:
   * a client's next request, to any instance, arrives behind the invalidation. Call before the commit; `cancel`
   * releases it on rollback.
   */
  async hearBack(channel: string, match: (payload: any) => boolean, timeoutMs: number): Promise<{ heard: Promise<boolean>; cancel: () => void }> {
    let resolve: (value: boolean) => void = () => {};
    const heard = new Promise<boolean>((r) => (resolve = r));
    let settled = false;
    let unsubscribe = () => {};
    const finish = (value: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    timer.unref();
    const release = await this.subscribe(channel, (payload) => {
      if (match(payload)) finish(true);
    });
    if (settled) release();
    else unsubscribe = release;
    return { heard, cancel: () => finish(false) };
  }

  /** Handlers subscribed to `channel` in this process (tests check that streams release theirs). */
  handlerCount(channel: string): number {
    return this.local.get(channel)?.size ?? 0;
  }
}
