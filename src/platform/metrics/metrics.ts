import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: from a cached read (ms) to a long upload or a slow provider (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const NAME = /^kb_[a-z0-9_]+$/;

/**
 * The process's Prometheus registry (one per service, so tests running several services in one process keep
 * theirs apart). Platform parts and modules declare their series here, by name: declaring a name twice returns the
 * first declaration, so a module can ask for its counters where it is wired without a registry of its own. Our
 * series are prefixed `kb_`; Node's own (`process_*`, `nodejs_*`, event-loop lag included) come from prom-client.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly declared = new Map<string, Counter<string> | Gauge<string> | Histogram<string>>();

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return this.declare(name, () => new Counter<L>({ name, help, labelNames, registers: [this.registry] }));
  }

  /** `collect` runs at each scrape (values read from elsewhere: pool sizes, queue depth); a failing one is skipped. */
  gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = [], collect?: (gauge: Gauge<L>) => void | Promise<void>): Gauge<L> {
    return this.declare(
      name,
      () =>
        new Gauge<L>({
          name,
          help,
          labelNames,
          registers: [this.registry],
          ...(collect ? { collect: async function (this: Gauge<L>) { await Promise.resolve(collect(this)).catch(() => {}); } } : {}),
        }),
    );
  }

  histogram<L extends string = never>(name: string, help: string, labelNames: readonly L[] = [], buckets = LATENCY_BUCKETS): Histogram<L> {
    return this.declare(name, () => new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] }));
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private declare<M extends Counter<any> | Gauge<any> | Histogram<any>>(name: string, make: () => M): M {
    if (!NAME.test(name)) throw new Error(`metric ${name}: our metrics are named kb_<lower_snake_case>`);
    const existing = this.declared.get(name);
    if (existing) return existing as M;
    const metric = make();
    this.declared.set(name, metric);
    return metric;
  }
}
