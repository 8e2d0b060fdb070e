import type { paths } from '../api/schema';
import type { BodyOf, ResultOf } from '../api/types';

export type Endpoint = ResultOf<'/api/v1/webhooks/endpoints/{id}', 'get'>;
export type Subscribable = BodyOf<'/api/v1/webhooks/endpoints', 'post'>['event_types'][number];
type EventType = Exclude<Subscribable, '*'>;
export type LoggedType = NonNullable<NonNullable<paths['/api/v1/events']['get']['parameters']['query']>['type']>;

/**
 * Every type an endpoint can subscribe to, with what it says happened (docs/webhooks.md has the payloads). A Record
 * over the API's own type: a type the service adds is a type error here until it is described.
 */
const DESCRIBED: Record<EventType, string> = {
  'document.indexed': 'A document finished indexing',
  'document.failed': 'A document could not be indexed',
  'document.deleted': 'A document was deleted',
  'batch.completed': 'A bulk upload finished',
  'reindex.completed': 'A re-indexing run finished',
  'feedback.created': 'An answer was rated',
  'app.installed': 'An app was installed',
  'app.uninstalled': 'An app was uninstalled',
  'user.invited': 'Someone was invited',
  'user.joined': 'Someone joined the workspace',
  'api_key.created': 'An API key was created',
  'api_key.revoked': 'An API key was revoked',
  'llm.provider.health_changed': "A model provider's health changed",
  'connector.run.completed': 'A connector finished a sync run',
  'connector.run.failed': "A connector's sync run failed",
  'endpoint.disabled': 'A webhook endpoint was disabled after failing',
};

export const EVENT_TYPE_OPTIONS = Object.entries(DESCRIBED).map(([value, label]) => ({ value, label: `${value} — ${label}` }));

/** The event log's filter: the subscribable types and the test event. */
export const LOGGED_TYPES: LoggedType[] = [...(Object.keys(DESCRIBED) as EventType[]), 'webhook.test'];

/** What an endpoint takes, in a few words: every type, or the list. */
export const eventTypesLabel = (types: readonly string[]) => (types.includes('*') ? 'All events' : types.join(', '));

export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
