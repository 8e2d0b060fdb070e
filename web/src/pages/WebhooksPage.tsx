import { useState } from 'react';
import { Anchor, Badge, Button, Code, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, call } from '../api/client';
import { usePagedQuery } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';
import { SigningSecretModal, WebhookEndpointModal, type ShownSecret } from './WebhookEndpointModal';
import { eventTypesLabel, LOGGED_TYPES, when, type Endpoint, type LoggedType } from './webhook-types';

const PAGE_SIZE = 20;
const EVENTS_PAGE_SIZE = 50;

export function WebhooksPage() {
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        Webhooks
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        The workspace's events, sent to your servers as signed HTTP requests and retried for about three days until they answer 2xx. The event log keeps the last 30 days.
      </Text>
      <Tabs defaultValue="endpoints">
        <Tabs.List mb="md">
          <Tabs.Tab value="endpoints">Endpoints</Tabs.Tab>
          <Tabs.Tab value="events">Events</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="endpoints">
          <EndpointsTab />
        </Tabs.Panel>
        <Tabs.Panel value="events">
          <EventsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** Enabled, disabled by an admin, or disabled by the service after failing (with its reason). */
export function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  if (endpoint.enabled) return <Badge color="green">enabled</Badge>;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={endpoint.disabled_reason ? 'red' : 'gray'}>disabled</Badge>
      {endpoint.disabled_reason && (
        <Text size="xs" c="red.9">
          {endpoint.disabled_reason}
        </Text>
      )}
    </Stack>
  );
}

function EndpointsTab() {
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const queries = useQueryClient();
  const endpoints = usePagedQuery(['webhook-endpoints'], (query) => call(api.GET('/api/v1/webhooks/endpoints', { params: { query } })), PAGE_SIZE);
  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button onClick={() => setCreating(true)}>Add an endpoint</Button>
      </Group>
      <PagedTable
        list={endpoints}
        what="webhook endpoints"
        empty="No endpoints yet. Add one to have the workspace's events sent to your server."
        label="Webhook endpoints"
        minWidth={800}
        rowKey={(endpoint) => endpoint.id}
        columns={[
          {
            header: 'URL',
            cell: (endpoint) => (
              <Stack gap={2}>
                <Anchor component={Link} to={`/webhooks/${endpoint.id}`} style={{ wordBreak: 'break-all' }}>
                  {endpoint.url}
                </Anchor>
                {endpoint.description && (
                  <Text size="xs" c="gray.7">
                    {endpoint.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          { header: 'Events', cell: (endpoint) => eventTypesLabel(endpoint.event_types) },
          { header: 'Status', cell: (endpoint) => <EndpointStatus endpoint={endpoint} /> },
          { header: 'Failing since', cell: (endpoint) => when(endpoint.failing_since) },
        ]}
      />
      <WebhookEndpointModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(created) => {
          setCreating(false);
          if ('secret' in created) setShown({ url: created.url, secret: created.secret });
          void queries.invalidateQueries({ queryKey: ['webhook-endpoints'] });
        }}
      />
      <SigningSecretModal shown={shown} onClose={() => setShown(null)} />
    </>
  );
}

function EventsTab() {
  const [type, setType] = useState<LoggedType | null>(null);
  const events = usePagedQuery(['webhook-events', type], (range) => call(api.GET('/api/v1/events', { params: { query: { ...range, ...(type ? { type } : {}) } } })), EVENTS_PAGE_SIZE);
  return (
    <>
      <Select
        label="Event type"
        placeholder="All events"
        clearable
        searchable
        mb="sm"
        maw={320}
        data={LOGGED_TYPES}
        value={type}
        onChange={(value) => {
          setType(value as LoggedType | null);
          events.setPage(1);
        }}
      />
      <PagedTable
        list={events}
        what="events"
        empty={type ? `No ${type} event in the last 30 days.` : 'No events in the last 30 days.'}
        label="Events"
        minWidth={800}
        rowKey={(event) => event.id}
        columns={[
          { header: 'When', cell: (event) => when(event.created_at) },
          { header: 'Event', cell: (event) => event.type },
          { header: 'Id', cell: (event) => <Code>{event.id}</Code> },
          { header: 'Data', cell: (event) => <Code style={{ wordBreak: 'break-all' }}>{JSON.stringify(event.data)}</Code> },
        ]}
      />
    </>
  );
}
