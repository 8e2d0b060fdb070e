import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api, call } from '../api/client';
import { allows, useMe } from '../api/me';
import { usePagedQuery } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';
import { ConnectorModal } from './ConnectorModal';
import { RUN_COLORS, STATUS_COLORS, countsLabel, scheduleLabel, type Connector } from './connector-types';
import { when } from './webhook-types';

const PAGE_SIZE = 20;

/** A list that has a run queued or running reloads itself every 2 s until none has. */
const whileBusy = (page: { items: Connector[] } | undefined) => (page?.items.some((c) => c.status === 'queued' || c.status === 'running') ? 2000 : false);

export function ConnectorsPage() {
  const [creating, setCreating] = useState(false);
  const queries = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const admin = me.data ? allows(me.data.permissions, ['admin']) : false;
  const connectors = usePagedQuery(['connectors'], (query) => call(api.GET('/api/v1/connectors', { params: { query } })), PAGE_SIZE, whileBusy);
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        Connectors
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Knowledge kept in sync from where it lives: web sites, buckets, folders, SharePoint and OneDrive. Each run adds what is new, re-indexes what changed and removes what was deleted at the source.
      </Text>
      {admin && (
        <Group justify="flex-end" mb="md">
          <Button onClick={() => setCreating(true)}>Add a connector</Button>
        </Group>
      )}
      <PagedTable
        list={connectors}
        what="connectors"
        empty={admin ? 'No connectors yet. Add one to keep a source in sync.' : 'No connectors yet. An admin adds them.'}
        label="Connectors"
        minWidth={860}
        rowKey={(c) => c.id}
        columns={[
          {
            header: 'Name',
            cell: (c) => (
              <Stack gap={2}>
                <Anchor component={Link} to={`/connectors/${c.id}`}>
                  {c.name}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {c.kind} · {scheduleLabel(c.schedule)}
                </Text>
              </Stack>
            ),
          },
          { header: 'Status', cell: (c) => <Badge color={STATUS_COLORS[c.status]}>{c.status}</Badge> },
          {
            header: 'Last run',
            cell: (c) =>
              c.last_run ? (
                <Stack gap={2}>
                  <Group gap={4}>
                    <Badge size="sm" color={RUN_COLORS[c.last_run.status]}>
                      {c.last_run.status}
                    </Badge>
                    <Text size="xs">{when(c.last_run.finished_at ?? c.last_run.created_at)}</Text>
                  </Group>
                  <Text size="xs" c="gray.7">
                    {countsLabel(c.last_run.counts)}
                  </Text>
                </Stack>
              ) : (
                'never'
              ),
          },
          { header: 'Next run', cell: (c) => when(c.next_run_at) },
          { header: 'Documents', align: 'right', cell: (c) => c.documents_count },
        ]}
      />
      <ConnectorModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(created) => {
          setCreating(false);
          void queries.invalidateQueries({ queryKey: ['connectors'] });
          void navigate(`/connectors/${created.id}`);
        }}
      />
    </>
  );
}
