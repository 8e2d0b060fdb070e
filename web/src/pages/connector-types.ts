import type { BodyOf, ResultOf } from '../api/types';

export type Connector = ResultOf<'/api/v1/connectors/{id}', 'get'>;
export type ConnectorKindInfo = ResultOf<'/api/v1/connectors/kinds', 'get'>['items'][number];
/** A run as the history lists it (its per-item errors only on the run's own page). */
export type RunSummary = ResultOf<'/api/v1/connectors/{id}/runs', 'get'>['items'][number];
export type ConnectorInput = BodyOf<'/api/v1/connectors', 'post'>;

/** A JSON Schema node as the kinds endpoint serves it (TypeBox's output: the fields the form draws). */
export interface FieldSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  anyOf?: FieldSchema[];
  items?: FieldSchema;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

export const STATUS_COLORS: Record<Connector['status'], string> = {
  idle: 'green',
  queued: 'blue',
  running: 'blue',
  paused: 'gray',
  error: 'red',
};

export const RUN_COLORS: Record<RunSummary['status'], string> = {
  queued: 'blue',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** The counts of a run in one line: what it added, updated, deleted, left alone and failed on. */
export const countsLabel = (c: RunSummary['counts']) =>
  `${c.seen} seen · ${c.added} added · ${c.updated} updated · ${c.unchanged} unchanged · ${c.deleted} deleted · ${c.failed} failed`;

export const scheduleLabel = (schedule: Connector['schedule']) =>
  schedule ? `every ${schedule.every_minutes >= 60 && schedule.every_minutes % 60 === 0 ? `${schedule.every_minutes / 60} h` : `${schedule.every_minutes} min`}` : 'by hand only';
