import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { readEventStream } from '../api/sse';
import { usePagedQuery } from '../components/queries';
import { PagedTable, ResourceTable } from '../components/ResourceTable';
import { RUN_COLORS, countsLabel, type RunSummary } from './connector-types';
import { when } from './webhook-types';

const PAGE_SIZE = 10;
const LIVE_LINES = 50;

interface ItemDecision {
  external_id: string;
  url: string | null;
  decision: 'added' | 'updated' | 'unchanged' | 'deleted' | 'failed';
  message?: string;
}

/** A connector's run history (newest first), the chosen run's counts and per-item errors, and the live progress of a running run. */
export function ConnectorRuns({ connectorId, active, onEnded }: { connectorId: string; active: boolean; onEnded(): void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const runs = usePagedQuery(['connector-runs', connectorId], (query) => call(api.GET('/api/v1/connectors/{id}/runs', { params: { path: { id: connectorId }, query } })), PAGE_SIZE, () => (active ? 2000 : false));
  const running = runs.query.data?.items.find((r) => r.status === 'running' || r.status === 'queued');
  return (
    <Stack>
      {running && <LiveRun connectorId={connectorId} run={running} onEnded={onEnded} />}
      <Title order={2} size="h4">
        Runs
      </Title>
      <PagedTable
        list={runs}
        what="runs"
        empty="No run yet."
        label="Runs"
        minWidth={760}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Started', cell: (r) => when(r.started_at ?? r.created_at) },
          { header: 'Trigger', cell: (r) => r.trigger },
          { header: 'Status', cell: (r) => <Badge color={RUN_COLORS[r.status]}>{r.status}</Badge> },
          { header: 'Counts', cell: (r) => <Text size="xs">{countsLabel(r.counts)}</Text> },
          {
            header: 'Details',
            cell: (r) => (
              <Button size="xs" variant="default" aria-label={`Details of the run started ${when(r.started_at ?? r.created_at)}`} onClick={() => setChosen(chosen === r.id ? null : r.id)}>
                {chosen === r.id ? 'Hide' : 'Show'}
              </Button>
            ),
          },
        ]}
      />
      {chosen && <RunDetails connectorId={connectorId} runId={chosen} />}
    </Stack>
  );
}

function RunDetails({ connectorId, runId }: { connectorId: string; runId: string }) {
  const run = useQuery({ queryKey: ['connector-run', runId], queryFn: () => call(api.GET('/api/v1/connectors/{id}/runs/{run_id}', { params: { path: { id: connectorId, run_id: runId } } })) });
  if (!run.data) return null;
  const r = run.data;
  return (
    <Stack gap="xs" data-testid="run-details">
      <Text size="sm">
        {countsLabel(r.counts)} · finished {when(r.finished_at)} · {r.listing_complete ? 'complete listing' : 'incomplete listing: nothing was deleted'}
      </Text>
      {r.error && (
        <Text size="sm" c="red.9">
          {r.error}
        </Text>
      )}
      {r.errors.length > 0 && (
        <ResourceTable
          label="Item errors"
          minWidth={600}
          rows={r.errors}
          rowKey={(e) => `${e.external_id ?? ''}${e.url ?? ''}${e.message}`}
          columns={[
            { header: 'Item', cell: (e) => (e.url ? <Anchor href={e.url} target="_blank" rel="noreferrer noopener" style={{ wordBreak: 'break-all' }}>{e.url}</Anchor> : (e.external_id ?? '—')) },
            { header: 'Error', cell: (e) => e.message },
          ]}
        />
      )}
    </Stack>
  );
}

/** The stream of a running run: each item's decision as it is made, until the run ends. */
function LiveRun({ connectorId, run, onEnded }: { connectorId: string; run: RunSummary; onEnded(): void }) {
  const [lines, setLines] = useState<ItemDecision[]>([]);
  const [counts, setCounts] = useState(run.counts);
  useEffect(() => {
    const abort = new AbortController();
    setLines([]);
    void readEventStream(
      `/api/v1/connectors/${connectorId}/runs/${run.id}/events`,
      ({ event, data }) => {
        if (event === 'item') {
          const item = data as ItemDecision;
          setLines((current) => [item, ...current].slice(0, LIVE_LINES));
          setCounts((c) => ({ ...c, seen: c.seen + (item.decision === 'deleted' ? 0 : 1), [item.decision]: c[item.decision] + 1 }));
        }
        if (event === 'end') onEnded();
      },
      { signal: abort.signal },
    ).catch(() => {});
    return () => abort.abort();
  }, [connectorId, run.id]);
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="xs">
        <Title order={2} size="h4">
          Running now
        </Title>
        <Badge color="blue">{run.status}</Badge>
      </Group>
      <Text size="sm" data-testid="live-counts">
        {countsLabel(counts)}
      </Text>
      <Table striped>
        <Table.Tbody>
          {lines.map((line, i) => (
            <Table.Tr key={`${line.external_id}-${i}`}>
              <Table.Td>{line.decision}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{line.url ?? line.external_id}</Table.Td>
              <Table.Td>{line.message ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
