import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { api, call } from '../api/client';
import type { ResultOf } from '../api/types';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';
import { when } from './webhook-types';

const PAGE_SIZE = 20;
/** Reload the log every few seconds while a delivery on screen is still pending. */
const PENDING_REFRESH_MS = 3000;

type Delivery = ResultOf<'/api/v1/webhooks/endpoints/{id}/deliveries/{delivery_id}/retry', 'post'>;
type Status = Delivery['status'];
const STATUSES: Status[] = ['pending', 'succeeded', 'failed', 'cancelled'];
const STATUS_COLORS: Record<Status, string> = { pending: 'blue', succeeded: 'green', failed: 'red', cancelled: 'gray' };

/** The first characters of what the receiver answered; the whole (first 2 KB) in the cell's tooltip. */
const firstBytes = (body: string | null) => (body && body.length > 60 ? `${body.slice(0, 60)}…` : body);

/** An endpoint's delivery log (newest first), a retry per delivery, and the replay of its events since a time. */
export function WebhookDeliveries({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const path = { id: endpointId };
  const [status, setStatus] = useState<Status | null>(null);
  const deliveries = usePagedQuery(
    ['webhook-deliveries', endpointId, status],
    (range) => call(api.GET('/api/v1/webhooks/endpoints/{id}/deliveries', { params: { path, query: { ...range, ...(status ? { status } : {}) } } })),
    PAGE_SIZE,
    (page) => (page?.items.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  );
  const retry = useAction({
    run: (deliveryId: string) => call(api.POST('/api/v1/webhooks/endpoints/{id}/deliveries/{delivery_id}/retry', { params: { path: { ...path, delivery_id: deliveryId } } })),
    done: 'Queued: it is sent again now.',
    invalidates: [['webhook-deliveries', endpointId]],
  });
  return (
    <>
      <Title order={2} size="h3" mb="sm">
        Deliveries
      </Title>
      <Select
        label="Status"
        placeholder="Every status"
        clearable
        mb="sm"
        maw={240}
        data={[...STATUSES]}
        value={status}
        onChange={(value) => {
          setStatus(value as Status | null);
          deliveries.setPage(1);
        }}
      />
      <PagedTable
        list={deliveries}
        what="deliveries"
        empty={status ? `No ${status} delivery.` : 'Nothing sent to this endpoint yet. Send a test event to try it.'}
        label="Deliveries"
        minWidth={1000}
        rowKey={(delivery) => delivery.id}
        columns={[
          { header: 'Created', cell: (d) => when(d.created_at) },
          { header: 'Event', cell: (d) => d.event_type, title: (d) => d.event_id },
          { header: 'Status', cell: (d) => <Badge color={STATUS_COLORS[d.status]}>{d.status}</Badge> },
          { header: 'Attempts', align: 'right', cell: (d) => d.attempts },
          { header: 'Response', cell: (d) => d.response_status ?? (d.error ? 'no answer' : '—'), title: (d) => d.error ?? undefined },
          { header: 'Latency', align: 'right', cell: (d) => (d.latency_ms === null ? '—' : `${d.latency_ms} ms`) },
          {
            header: 'Answer',
            cell: (d) => (d.response_body ? <Code style={{ wordBreak: 'break-all' }}>{firstBytes(d.response_body)}</Code> : (d.error ?? '—')),
            title: (d) => d.response_body ?? undefined,
          },
          { header: 'Next attempt', cell: (d) => when(d.next_attempt_at) },
        ]}
        actions={(d) =>
          d.status === 'pending' ? null : (
            <Button
              variant="light"
              size="xs"
              aria-label={`Retry the delivery of ${d.event_id}`}
              disabled={!enabled}
              title={enabled ? undefined : 'Enable the endpoint first'}
              loading={retry.isPending && retry.variables === d.id}
              onClick={() => retry.mutate(d.id)}
            >
              Retry
            </Button>
          )
        }
      />
      <ReplayForm endpointId={endpointId} enabled={enabled} />
    </>
  );
}

/** A `datetime-local` value (the browser's time zone) as an ISO time. */
const isoOf = (local: string) => new Date(local).toISOString();

/** Sends again every event since a time (and until one, if given) that the endpoint takes: new deliveries, in order. */
function ReplayForm({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const replay = useAction({
    run: () =>
      call(api.POST('/api/v1/webhooks/endpoints/{id}/replay', { params: { path: { id: endpointId } }, body: { since: isoOf(since), ...(until ? { until: isoOf(until) } : {}) } })),
    done: (result) => (result.deliveries === 1 ? '1 event queued to be sent again.' : `${result.deliveries} events queued to be sent again.`),
    invalidates: [['webhook-deliveries', endpointId]],
  });
  return (
    <Paper withBorder p="md" mt="lg">
      <Stack component="form" gap="sm" onSubmit={(event) => { event.preventDefault(); replay.mutate(undefined); }}>
        <Title order={2} size="h4">
          Replay events
        </Title>
        <Text size="sm" c="gray.7">
          Sends again, in order, every event of the last 30 days since that time which this endpoint takes (up to 10 000 at once): after an outage of your receiver, for instance.
          {!enabled && ' Enable the endpoint first.'}
        </Text>
        <Group align="flex-end">
          <TextInput label="Since" type="datetime-local" required value={since} onChange={(e) => setSince(e.currentTarget.value)} />
          <TextInput label="Until" description="Optional" type="datetime-local" value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
          <Button type="submit" disabled={!enabled} loading={replay.isPending}>
            Replay
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
