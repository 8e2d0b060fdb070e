import type { App } from '../platform/http/types.js';
import type { JobHandler, PeriodicTask } from '../platform/jobs/worker.js';
import type { CliCommand } from '../cli/commands.js';

/**
 * A feature area plugged into the core: its routes, its job handlers and periodic tasks, its
 * operator commands, and hooks for start and stop. The core never imports a module directly;
 * src/modules/index.ts is the one place that wires them.
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
