import { useState } from 'react';
import { Code, Select, Title } from '@mantine/core';
import { api, call } from '../api/client';
import type { paths } from '../api/schema';
import { usePagedQuery } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';

const PAGE_SIZE = 50;
type AuditType = NonNullable<NonNullable<paths['/api/v1/audit-events']['get']['parameters']['query']>['type']>;
type AuditEvent = paths['/api/v1/audit-events']['get']['responses'][200]['content']['application/json']['items'][number];

const KIND_LABELS: Record<string, string> = { user: 'user', api_key: 'API key', app: 'app', operator: 'operator', anonymous: 'not signed in' };

/** The actor's e-mail or name as the event recorded it (it outlives a deleted user or key), else its kind and id. */
function actorLabel(event: AuditEvent): string {
  const kind = KIND_LABELS[event.actor_kind] ?? event.actor_kind;
  if (event.actor_name) return event.actor_kind === 'user' ? event.actor_name : `${kind}: ${event.actor_name}`;
  return event.actor_id ? `${kind} ${event.actor_id.slice(0, 8)}` : kind;
}

export function AuditPage() {
  const [type, setType] = useState<AuditType | null>(null);
  const events = usePagedQuery(['audit', type], (range) => call(api.GET('/api/v1/audit-events', { params: { query: { ...range, ...(type ? { type } : {}) } } })), PAGE_SIZE);
  const types = [...new Set(events.query.data?.items.map((e) => e.type) ?? [])];
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Audit log
      </Title>
      <Select
        label="Event type"
        placeholder="All events"
        clearable
        searchable
        mb="sm"
        maw={320}
        data={type && !types.includes(type) ? [type, ...types] : types}
        value={type}
        onChange={(value) => { setType(value as AuditType | null); events.setPage(1); }}
      />
      <PagedTable
        list={events}
        what="audit events"
        empty="No events recorded yet."
        label="Audit events"
        minWidth={800}
        rowKey={(event) => event.id}
        columns={[
          { header: 'When', cell: (event) => new Date(event.created_at).toLocaleString() },
          { header: 'Event', cell: (event) => event.type },
          { header: 'By', cell: actorLabel, title: (event) => event.actor_id ?? undefined },
          { header: 'Target', cell: (event) => event.target_name ?? event.target_id?.slice(0, 8) ?? '—', title: (event) => event.target_id ?? undefined },
          { header: 'Details', cell: (event) => <Code>{JSON.stringify(event.details)}</Code> },
        ]}
      />
    </>
  );
}
