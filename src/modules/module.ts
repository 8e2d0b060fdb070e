import type { App } from '../platform/http/types.js';
import type { JobHandler, PeriodicTask } from '../platform/jobs/worker.js';
import type { CliCommand } from '../cli/commands.js';

/**
 * A feature area plugged into the core: its routes, its job handlers and periodic tasks, its
 * operator commands, and hooks for start and stop. The core never imports a module directly;
 * src/modules/index.ts is the one place that wires them.
 *
 * Every module has one shape: `createX(ctx, deps)` in `x.module.ts`, exported by the module's `index.ts`, returning
 * `{ module, ...ports }` — this Module, and the services other modules are handed (nothing they do not use).
 * `ctx` is the CoreContext (left out when the module needs none of it); `deps` is an interface the module declares
 * itself, naming what it needs from other areas, so it never imports another module's instance. The composition root
 * builds each module after those whose ports it takes, and never assigns anything after construction. Two areas that
 * need each other are untangled where the dependency is, never by a binding filled in later:
 * - by a query the needing side can call without the other's instance (`clientServes`, `installationStatusOf`);
 * - by splitting the providing side so its independent half is built first (`createLlmCalls`, then `createLlm`);
 * - or, where the answer may arrive later and on any instance, by an event on the bus (platform/events).
 */
export interface Module {
  name: string;
  routes?(app: App): void | Promise<void>;
  jobs?: JobHandler[];
  tasks?: PeriodicTask[];
  commands?: CliCommand[];
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
