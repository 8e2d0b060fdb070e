import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { api, call } from '../api/client';
import { allows, useMe } from '../api/me';
import { ConfirmButton } from '../components/Confirm';
import { BackLink, ItemPending } from '../components/States';
import { notifyDone, notifyError } from '../components/notify';
import { useAction } from '../components/queries';
import { ConnectorModal } from './ConnectorModal';
import { ConnectorRuns } from './ConnectorRuns';
import { STATUS_COLORS, scheduleLabel } from './connector-types';
import { when } from './webhook-types';

/** One connector: its state, the changes its admins make, run now / pause / resume, live progress and run history. */
export function ConnectorPage() {
  const { connectorId = '' } = useParams();
  const path = { id: connectorId };
  const navigate = useNavigate();
  const queries = useQueryClient();
  const me = useMe();
  const can = (scope: string) => (me.data ? allows(me.data.permissions, [scope]) : false);
  const [editing, setEditing] = useState(false);
  const [keepDocuments, setKeepDocuments] = useState(false);
  const connector = useQuery({
    queryKey: ['connector', connectorId],
    queryFn: () => call(api.GET('/api/v1/connectors/{id}', { params: { path } })),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 2000 : false),
  });
  
  const touched = [['connector', connectorId], ['connectors'], ['connector-runs', connectorId]];
  const refresh = () => Promise.all(touched.map((queryKey) => queries.invalidateQueries({ queryKey })));
  const sync = useAction({ run: () => call(api.POST('/api/v1/connectors/{id}/sync', { params: { path } })), invalidates: touched, done: 'A run was started.' });
  const pause = useAction({ run: () => call(api.POST('/api/v1/connectors/{id}/pause', { params: { path } })), invalidates: touched, done: 'Paused: no run is scheduled until you resume it.' });
  const resume = useAction({ run: () => call(api.POST('/api/v1/connectors/{id}/resume', { params: { path } })), invalidates: touched, done: 'Resumed: it syncs on its schedule again.' });
  const remove = useMutation({
    mutationFn: () => call(api.DELETE('/api/v1/connectors/{id}', { params: { path, query: { keep_documents: keepDocuments } } })),
    onSuccess: async () => {
      notifyDone(keepDocuments ? 'The connector was deleted; its documents stay.' : 'The connector and its documents were deleted.');
      await navigate('/connectors');
      await queries.invalidateQueries({ queryKey: ['connectors'] });
    },
    onError: notifyError,
  });

  const back = <BackLink to="/connectors" label="Connectors" />;
  if (!connector.data) return <ItemPending query={connector} back={back} what="the connector" />;
  const c = connector.data;
  const busy = c.status === 'queued' || c.status === 'running';
  return (
    <>
      {back}
      <Title order={1} size="h2" my="md">
        {c.name}
      </Title>
      <Stack gap="xs" mb="md">
        <Group gap="xs">
          <Badge color={STATUS_COLORS[c.status]}>{c.status}</Badge>
          <Text size="sm">
            {c.kind} · {scheduleLabel(c.schedule)} · next run {when(c.next_run_at)} · {c.documents_count} documents
          </Text>
        </Group>
        {c.status === 'error' && (
          <Alert color="red" title="Stopped after failing">
            The last {c.consecutive_failures} runs failed, so it is no longer scheduled. Look at the last run's error, fix the source or the configuration, then resume it.
          </Alert>
        )}
        <Code block>{JSON.stringify(c.config, null, 2)}</Code>
      </Stack>
      <Group mb="lg" gap="xs">
        {can('connectors:sync') && (
          <Button loading={sync.isPending} disabled={busy || c.status === 'paused'} onClick={() => sync.mutate()}>
            Run now
          </Button>
        )}
        {can('connectors:sync') &&
          (c.status === 'paused' || c.status === 'error' ? (
            <Button variant="light" loading={resume.isPending} onClick={() => resume.mutate()}>
              Resume
            </Button>
          ) : (
            <Button variant="light" loading={pause.isPending} onClick={() => pause.mutate()}>
              Pause
            </Button>
          ))}
        {can('admin') && (
          <Button variant="light" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        {can('admin') && (
          <ConfirmButton
            label="Delete"
            size="sm"
            title="Delete this connector?"
            message="It stops syncing, and its run history is deleted. This cannot be undone."
            options={<Checkbox mb="md" label="Keep its documents (they become ordinary documents)" checked={keepDocuments} onChange={(e) => setKeepDocuments(e.currentTarget.checked)} />}
            confirmLabel="Delete"
            onConfirm={() => remove.mutateAsync()}
          />
        )}
      </Group>
      <ConnectorRuns connectorId={connectorId} active={busy} onEnded={() => void refresh()} />
      <ConnectorModal
        key={c.updated_at}
        connector={c}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          notifyDone('Saved.');
          void refresh();
        }}
      />
    </>
  );
}
