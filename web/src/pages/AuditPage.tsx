import { useState } from 'react';
import { Code, Select, Table, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { paths } from '../api/schema';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { ScrollTable } from '../components/ScrollTable';

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
  const [page, setPage] = useState(1);
  const [type, setType] = useState<AuditType | null>(null);
  const events = useQuery({
    queryKey: ['audit', page, type],
    queryFn: () =>
      call(api.GET('/api/v1/audit-events', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(type ? { type } : {}) } } })),
    placeholderData: keepPreviousData,
  });
  const types = [...new Set(events.data?.items.map((e) => e.type) ?? [])];
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
        onChange={(value) => { setType(value as AuditType | null); setPage(1); }}
      />
      <QueryState query={events} what="audit events" empty="No events recorded yet.">
        {(data) => (
          <>
            <ScrollTable minWidth={800} label="Audit events">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>By</Table.Th>
                    <Table.Th>Target</Table.Th>
                    <Table.Th>Details</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((event) => (
                    <Table.Tr key={event.id}>
                      <Table.Td>{new Date(event.created_at).toLocaleString()}</Table.Td>
                      <Table.Td>{event.type}</Table.Td>
                      <Table.Td title={event.actor_id ?? undefined}>
                        {actorLabel(event)}
                      </Table.Td>
                      <Table.Td title={event.target_id ?? undefined}>{event.target_name ?? event.target_id?.slice(0, 8) ?? '—'}</Table.Td>
                      <Table.Td>
                        <Code>{JSON.stringify(event.details)}</Code>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Paged total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
