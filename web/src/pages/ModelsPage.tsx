import { useState } from 'react';
import { Badge, Button, Group, PasswordInput, Select, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { useAllows } from '../api/me';
import type { paths } from '../api/schema';
import { DailyBars } from '../components/DailyBars';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { FormModal } from '../components/FormModal';
import { notifyDone, notifyError } from '../components/notify';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable, ResourceTable } from '../components/ResourceTable';

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
  // Members and viewers read the catalog; choosing models is an admin's.
  const admin = useAllows('admin') === true;
  const providers = useQuery({ queryKey: ['llm-providers'], queryFn: () => call(api.GET('/api/v2/llm/providers')) });
  const models = useQuery({
    queryKey: ['llm-models', mode, provider, enabledOnly],
    queryFn: () => call(api.GET('/api/v2/llm/models/flat', { params: { query: { mode, enabled_only: enabledOnly, ...(provider ? { provider } : {}) } } })),
  });
  const activate = useAction({
    run: (body: { model_name: string; is_default?: boolean }) => call(api.POST('/api/v2/llm/models/activate', { body })),
    invalidates: [['llm-models']],
  });
  const deactivate = useAction({
    run: (model_name: string) => call(api.DELETE('/api/v2/llm/models/{model_name}/deactivate', { params: { path: { model_name } } })),
    invalidates: [['llm-models']],
  });
  const test = useAction({
    run: (model_id: string) => call(api.POST('/api/v1/llm/models/{model_id}/test', { params: { path: { model_id } } })),
    then: (result) =>
      result.success
        ? notifyDone(`${result.model} answered in ${result.latency_ms} ms: ${result.response ?? ''}`)
        : notifyError(new Error(`${result.model}: ${result.error?.detail ?? 'failed'}`)),
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
            <ResourceTable
              label="Models"
              minWidth={800}
              rows={shown}
              rowKey={(model) => model.id}
              columns={[
                {
                  header: 'Model',
                  cell: (model) => (
                    <>
                      {model.model_name} {model.is_default && <Badge size="sm">default</Badge>}
                    </>
                  ),
                },
                {
                  header: 'Provider',
                  cell: (model) => (
                    <>
                      {model.provider} {!model.provider_configured && <Badge size="sm" color="gray">no key</Badge>}
                    </>
                  ),
                },
                { header: 'Input $/1M', cell: (model) => perMillion(model.input_cost_per_token) },
                { header: 'Output $/1M', cell: (model) => perMillion(model.output_cost_per_token) },
                {
                  header: 'Enabled',
                  cell: (model) => (
                    <Switch
                      aria-label={`Enable ${model.model_name}`}
                      checked={model.is_enabled}
                      disabled={!admin}
                      onChange={(e) => (e.currentTarget.checked ? activate.mutate({ model_name: model.model_name }) : deactivate.mutate(model.model_name))}
                    />
                  ),
                },
              ]}
              actions={(model) => (
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
              )}
            />
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
  const removeKey = useAction({
    run: (provider: string) => call(api.DELETE('/api/v2/llm/providers/{provider}/credentials', { params: { path: { provider } } })),
    invalidates: [['llm-providers-v1']],
  });
  return (
    <>
      <QueryState query={providers} what="providers" empty="The catalog lists no provider.">
        {(data) => (
          <ResourceTable
            label="Provider keys"
            minWidth={700}
            rows={data.items}
            rowKey={(p) => p.provider}
            columns={[
              { header: 'Provider', cell: (p) => p.provider },
              { header: 'Key', cell: (p) => (p.isConfigured ? p.key_hint : 'not set') },
              { header: 'Base URL', cell: (p) => p.base_url ?? 'default' },
              {
                header: 'Health',
                cell: (p) => {
                  const h = status.get(p.provider);
                  return h && h.configured ? (
                    <Badge color={h.status === 'ok' ? 'green' : h.status === 'unknown' ? 'gray' : 'red'} title={h.last_error ?? undefined}>
                      {h.status}
                    </Badge>
                  ) : (
                    '—'
                  );
                },
              },
            ]}
            actions={(p) => (
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
            )}
          />
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
    <FormModal title={`Key for ${provider ?? ''}`} opened={provider !== null} onClose={onClose} onSubmit={() => save.mutate()} error={save.error} busy={save.isPending} submitLabel="Save the key">
      <PasswordInput label="API key" required autoComplete="off" visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the key' }} value={key} onChange={(e) => setKey(e.currentTarget.value)} />
      <TextInput label="Base URL" description="Only for a self-hosted or proxy endpoint" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
    </FormModal>
  );
}

function Errors() {
  const stats = useQuery({ queryKey: ['llm-error-stats'], queryFn: () => call(api.GET('/api/v1/llm/errors/stats', { params: { query: { days: 14 } } })) });
  const errors = usePagedQuery(['llm-errors'], (query) => call(api.GET('/api/v1/llm/errors', { params: { query } })), PAGE_SIZE);
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
      <PagedTable
        list={errors}
        what="provider errors"
        empty="No failed provider call recorded."
        label="Provider errors"
        minWidth={800}
        rowKey={(e) => e.id}
        columns={[
          { header: 'When', cell: (e) => new Date(e.created_at).toLocaleString() },
          { header: 'Provider', cell: (e) => e.provider },
          { header: 'Model', cell: (e) => e.model ?? '—' },
          { header: 'Error', cell: (e) => e.error_code },
          { header: 'Message', cell: (e) => e.message },
        ]}
      />
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
            <ResourceTable
              label="Usage by model"
              minWidth={600}
              rows={data.by_model}
              rowKey={(m) => `${m.provider}/${m.model}`}
              columns={[
                { header: 'Model', cell: (m) => m.model },
                { header: 'Provider', cell: (m) => m.provider },
                { header: 'Calls', align: 'right', cell: (m) => m.calls },
                {
                  header: 'Tokens in / out',
                  align: 'right',
                  cell: (m) => (
                    <>
                      {m.prompt_tokens} / {m.completion_tokens}
                    </>
                  ),
                },
                { header: 'Estimated cost', align: 'right', cell: (m) => dollars(m.cost_usd) },
              ]}
            />
          </Stack>
      )}
    </QueryState>
  );
}
