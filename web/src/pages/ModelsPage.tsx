import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, PasswordInput, Select, Stack, Switch, Table, Tabs, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { useAllows } from '../api/me';
import type { paths } from '../api/schema';
import { DailyBars } from '../components/DailyBars';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { notifyDone, notifyError } from '../components/notify';
import { ScrollTable } from '../components/ScrollTable';

type Mode = NonNullable<NonNullable<paths['/api/v2/llm/models/flat']['get']['parameters']['query']>['mode']>;
const MODES: Mode[] = ['chat', 'embedding', 'rerank', 'image_generation', 'audio_transcription', 'audio_speech', 'moderation'];
const PAGE_SIZE = 25;

export function ModelsPage() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Language models
      </Title>
      <Tabs defaultValue="catalog">
        <Tabs.List mb="md">
          <Tabs.Tab value="catalog">Models</Tabs.Tab>
          <Tabs.Tab value="providers">Provider keys and health</Tabs.Tab>
          <Tabs.Tab value="usage">Usage and cost</Tabs.Tab>
          <Tabs.Tab value="errors">Error log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="catalog">
          <Catalog />
        </Tabs.Panel>
        <Tabs.Panel value="providers">
          <Providers />
        </Tabs.Panel>
        <Tabs.Panel value="usage">
          <Usage />
        </Tabs.Panel>
        <Tabs.Panel value="errors">
          <Errors />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function Catalog() {
  const [mode, setMode] = useState<Mode>('chat');
  const [provider, setProvider] = useState<string | null>(null);
  const [enabledOnly, setEnabledOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const queries = useQueryClient();
  // Members and viewers read the catalog; choosing models is an admin's.
  const admin = useAllows('admin') === true;
  const providers = useQuery({ queryKey: ['llm-providers'], queryFn: () => call(api.GET('/api/v2/llm/providers')) });
  const models = useQuery({
    queryKey: ['llm-models', mode, provider, enabledOnly],
    queryFn: () => call(api.GET('/api/v2/llm/models/flat', { params: { query: { mode, enabled_only: enabledOnly, ...(provider ? { provider } : {}) } } })),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['llm-models'] });
  const activate = useMutation({
    mutationFn: (body: { model_name: string; is_default?: boolean }) => call(api.POST('/api/v2/llm/models/activate', { body })),
    onSuccess: refresh,
    onError: notifyError,
  });
  const deactivate = useMutation({
    mutationFn: (model_name: string) => call(api.DELETE('/api/v2/llm/models/{model_name}/deactivate', { params: { path: { model_name } } })),
    onSuccess: refresh,
    onError: notifyError,
  });
  const test = useMutation({
    mutationFn: (model_id: string) => call(api.POST('/api/v1/llm/models/{model_id}/test', { params: { path: { model_id } } })),
    onSuccess: (result) =>
      result.success
        ? notifyDone(`${result.model} answered in ${result.latency_ms} ms: ${result.response ?? ''}`)
        : notifyError(new Error(`${result.model}: ${result.error?.detail ?? 'failed'}`)),
    onError: notifyError,
  });
  const needle = search.trim().toLowerCase();
  const list = { items: (models.data?.models ?? []).filter((m) => !needle || m.model_name.toLowerCase().includes(needle)) };
  const shown = list.items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <>
      <Group mb="sm" align="flex-end">
        <Select label="Mode" data={MODES} value={mode} allowDeselect={false} onChange={(value) => { setMode(value as Mode); setPage(1); }} />
        <Select label="Provider" placeholder="All providers" clearable searchable data={(providers.data ?? []).map((p) => p.provider)} value={provider} onChange={(value) => { setProvider(value); setPage(1); }} />
        <TextInput label="Model name" placeholder="Search" value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} />
        <Switch label="Enabled only" checked={enabledOnly} onChange={(e) => { setEnabledOnly(e.currentTarget.checked); setPage(1); }} />
      </Group>
      <QueryState query={{ ...models, data: models.data ? list : undefined } as never} what="models" empty="No model matches these filters.">
        {() => (
          <>
            <ScrollTable minWidth={800} label="Models">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Model</Table.Th>
                    <Table.Th>Provider</Table.Th>
                    <Table.Th>Input $/1M</Table.Th>
                    <Table.Th>Output $/1M</Table.Th>
                    <Table.Th>Enabled</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((model) => (
                    <Table.Tr key={model.id}>
                      <Table.Td>
                        {model.model_name} {model.is_default && <Badge size="sm">default</Badge>}
                      </Table.Td>
                      <Table.Td>
                        {model.provider} {!model.provider_configured && <Badge size="sm" color="gray">no key</Badge>}
                      </Table.Td>
                      <Table.Td>{perMillion(model.input_cost_per_token)}</Table.Td>
                      <Table.Td>{perMillion(model.output_cost_per_token)}</Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={`Enable ${model.model_name}`}
                          checked={model.is_enabled}
                          disabled={!admin}
                          onChange={(e) => (e.currentTarget.checked ? activate.mutate({ model_name: model.model_name }) : deactivate.mutate(model.model_name))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {admin && !model.is_default && (
                            <Button size="xs" variant="light" aria-label={`Make ${model.model_name} the default`} onClick={() => activate.mutate({ model_name: model.model_name, is_default: true })}>
                              Make default
                            </Button>
                          )}
                          {model.is_enabled && (
                            <Button size="xs" variant="default" aria-label={`Test ${model.model_name}`} loading={test.isPending && test.variables === model.id} onClick={() => test.mutate(model.id)}>
                              Test
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Paged total={list.items.length} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}

const perMillion = (perToken: number | null) => (perToken === null ? '—' : `$${(perToken * 1e6).toFixed(2)}`);

function Providers() {
  const [editing, setEditing] = useState<string | null>(null);
  const queries = useQueryClient();
  // Provider keys are an admin's to set or remove; others see which are set.
  const admin = useAllows('admin') === true;
  const providers = useQuery({ queryKey: ['llm-providers-v1'], queryFn: async () => ({ items: (await call(api.GET('/api/v1/llm/providers'))).providers }) });
  const health = useQuery({ queryKey: ['llm-health'], queryFn: () => call(api.GET('/api/v1/llm/providers/health')) });
  const status = new Map((health.data?.providers ?? []).map((p) => [p.provider, p]));
  const removeKey = useMutation({
    mutationFn: (provider: string) => call(api.DELETE('/api/v2/llm/providers/{provider}/credentials', { params: { path: { provider } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['llm-providers-v1'] }),
    onError: notifyError,
  });
  return (
    <>
      <QueryState query={providers} what="providers" empty="The catalog lists no provider.">
        {(data) => (
          <ScrollTable minWidth={700} label="Provider keys">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Provider</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Base URL</Table.Th>
                  <Table.Th>Health</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((p) => {
                  const h = status.get(p.provider);
                  return (
                    <Table.Tr key={p.provider}>
                      <Table.Td>{p.provider}</Table.Td>
                      <Table.Td>{p.isConfigured ? p.key_hint : 'not set'}</Table.Td>
                      <Table.Td>{p.base_url ?? 'default'}</Table.Td>
                      <Table.Td>
                        {h && h.configured ? (
                          <Badge color={h.status === 'ok' ? 'green' : h.status === 'unknown' ? 'gray' : 'red'} title={h.last_error ?? undefined}>
                            {h.status}
                          </Badge>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {admin && (
                            <Button size="xs" variant="light" aria-label={`Set the key of ${p.provider}`} onClick={() => setEditing(p.provider)}>
                              {p.isConfigured ? 'Replace key' : 'Set key'}
                            </Button>
                          )}
                          {admin && p.isConfigured && (
                            <Button size="xs" color="red" variant="subtle" aria-label={`Remove the key of ${p.provider}`} onClick={() => window.confirm(`Remove the ${p.provider} key? Calls to its models will fail.`) && removeKey.mutate(p.provider)}>
                              Remove
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
      <KeyModal
        provider={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notifyDone('Key saved (it is stored encrypted and never shown again).');
          void queries.invalidateQueries({ queryKey: ['llm-providers-v1'] });
          void queries.invalidateQueries({ queryKey: ['llm-health'] });
          void queries.invalidateQueries({ queryKey: ['llm-models'] });
        }}
      />
    </>
  );
}

function KeyModal({ provider, onClose, onSaved }: { provider: string | null; onClose(): void; onSaved(): void }) {
  const [key, setKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const save = useMutation({
    mutationFn: () =>
      call(api.PUT('/api/v2/llm/providers/{provider}/credentials', { params: { path: { provider: provider! } }, body: { api_key: key, ...(baseUrl ? { base_url: baseUrl } : {}) } })),
    onSuccess: () => {
      setKey('');
      setBaseUrl('');
      onSaved();
    },
  });
  return (
    <Modal opened={provider !== null} onClose={onClose} title={`Key for ${provider ?? ''}`} centered>
      <Stack component="form" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <PasswordInput label="API key" required autoComplete="off" visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the key' }} value={key} onChange={(e) => setKey(e.currentTarget.value)} />
        <TextInput label="Base URL" description="Only for a self-hosted or proxy endpoint" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save the key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Errors() {
  const [page, setPage] = useState(1);
  const stats = useQuery({ queryKey: ['llm-error-stats'], queryFn: () => call(api.GET('/api/v1/llm/errors/stats', { params: { query: { days: 14 } } })) });
  const errors = useQuery({
    queryKey: ['llm-errors', page],
    queryFn: () => call(api.GET('/api/v1/llm/errors', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } } })),
  });
  return (
    <Stack>
      {stats.data && (
        <div>
          <Text fw={500} mb="xs">
            Failed calls per day ({stats.data.total} in {stats.data.days} days)
          </Text>
          <DailyBars label="Failed provider calls per day, last 14 days" color="red" days={stats.data.by_day.map((d) => ({ date: d.date, value: d.count }))} />
        </div>
      )}
      <QueryState query={errors} what="provider errors" empty="No failed provider call recorded.">
        {(data) => (
          <>
            <ScrollTable minWidth={800} label="Provider errors">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Provider</Table.Th>
                    <Table.Th>Model</Table.Th>
                    <Table.Th>Error</Table.Th>
                    <Table.Th>Message</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{new Date(e.created_at).toLocaleString()}</Table.Td>
                      <Table.Td>{e.provider}</Table.Td>
                      <Table.Td>{e.model ?? '—'}</Table.Td>
                      <Table.Td>{e.error_code}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Paged total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

const dollars = (value: number) => `$${value.toFixed(value < 1 ? 4 : 2)}`;

/** Calls and estimated cost per day for the last 14 days, and which models they went to. */
function Usage() {
  const usage = useQuery({ queryKey: ['llm-usage'], queryFn: () => call(api.GET('/api/v2/llm/usage', { params: { query: { days: 14 } } })) });
  return (
    <QueryState query={usage} what="usage" empty="No provider call in the last 14 days." isEmpty={(data) => data.totals.calls === 0}>
      {(data) => (
          <Stack>
            <Text fw={500}>
              {data.totals.calls} calls, {data.totals.prompt_tokens + data.totals.completion_tokens} tokens, {dollars(data.totals.cost_usd)} estimated in {data.days} days
            </Text>
            <DailyBars label="Provider calls per day, last 14 days" color="blue" days={data.by_day.map((d) => ({ date: d.date, value: d.calls }))} />
            <Text fw={500}>Estimated cost per day</Text>
            <DailyBars label="Estimated cost per day, last 14 days" color="teal" format={dollars} days={data.by_day.map((d) => ({ date: d.date, value: d.cost_usd }))} />
            <ScrollTable minWidth={600} label="Usage by model">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Model</Table.Th>
                    <Table.Th>Provider</Table.Th>
                    <Table.Th ta="right">Calls</Table.Th>
                    <Table.Th ta="right">Tokens in / out</Table.Th>
                    <Table.Th ta="right">Estimated cost</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.by_model.map((m) => (
                    <Table.Tr key={`${m.provider}/${m.model}`}>
                      <Table.Td>{m.model}</Table.Td>
                      <Table.Td>{m.provider}</Table.Td>
                      <Table.Td ta="right">{m.calls}</Table.Td>
                      <Table.Td ta="right">
                        {m.prompt_tokens} / {m.completion_tokens}
                      </Table.Td>
                      <Table.Td ta="right">{dollars(m.cost_usd)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Stack>
      )}
    </QueryState>
  );
}
