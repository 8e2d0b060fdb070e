import { useState } from 'react';
import { NumberInput, Select, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { FormModal } from '../components/FormModal';
import { SchemaFields, defaultsOf } from './SchemaFields';
import type { Connector, ConnectorInput, ConnectorKindInfo, FieldSchema } from './connector-types';

type Values = Record<string, unknown>;

/**
 * Creates a connector, or changes one (`connector` given). The config and credentials fields are drawn from the
 * chosen kind's schemas (GET /connectors/kinds); credentials are never shown back: on an edit, empty means unchanged.
 */
export function ConnectorModal({ connector, opened, onClose, onSaved }: { connector?: Connector; opened: boolean; onClose(): void; onSaved(saved: Connector): void }) {
  const kinds = useQuery({ queryKey: ['connector-kinds'], queryFn: () => call(api.GET('/api/v1/connectors/kinds')), staleTime: Infinity });
  const memories = useQuery({ queryKey: ['memories-all'], queryFn: () => call(api.GET('/api/v1/memories', { params: { query: { limit: 100 } } })) });
  const [kind, setKind] = useState<string | null>(connector?.kind ?? null);
  const [name, setName] = useState(connector?.name ?? '');
  const [config, setConfig] = useState<Values>((connector?.config as Values | undefined) ?? {});
  const [credentials, setCredentials] = useState<Values>({});
  const [memoryId, setMemoryId] = useState<string | null>(connector?.memory_id ?? null);
  const [tags, setTags] = useState<string[]>(connector?.tags ?? []);
  const [every, setEvery] = useState<number | ''>(connector?.schedule?.every_minutes ?? 60);
  const [scheduled, setScheduled] = useState(connector ? connector.schedule !== null : true);
  const info: ConnectorKindInfo | undefined = kinds.data?.items.find((k) => k.kind === kind);
  const credentialsSchema = (info?.credentials_schema ?? null) as FieldSchema | null;
  const save = useMutation({
    mutationFn: (): Promise<Connector> => {
      const hasCredentials = Object.values(credentials).some((v) => v !== undefined && v !== '');
      const fields = {
        name: name.trim(),
        config,
        memory_id: memoryId,
        tags,
        schedule: scheduled && typeof every === 'number' ? { every_minutes: every } : null,
        ...(hasCredentials ? { credentials } : {}),
      };
      return connector
        ? call(api.PATCH('/api/v1/connectors/{id}', { params: { path: { id: connector.id } }, body: fields }))
        : call(api.POST('/api/v1/connectors', { body: { ...fields, kind: kind ?? '' } as ConnectorInput }));
    },
    onSuccess: (saved) => {
      if (!connector) {
        setName('');
        setConfig({});
        setCredentials({});
      }
      onSaved(saved);
    },
  });
  return (
    <FormModal
      title={connector ? `Edit ${connector.name}` : 'Add a connector'}
      size="lg"
      opened={opened}
      onClose={onClose}
      onSubmit={() => save.mutate()}
      error={save.error}
      busy={save.isPending}
      submitLabel={connector ? 'Save' : 'Add the connector'}
    >
      <Select
        label="Source"
        required
        disabled={Boolean(connector)}
        data={(kinds.data?.items ?? []).map((k) => ({ value: k.kind, label: k.title }))}
        value={kind}
        onChange={(value) => {
          setKind(value);
          const chosen = kinds.data?.items.find((k) => k.kind === value);
          setConfig(defaultsOf(chosen?.config_schema as FieldSchema | undefined));
          setCredentials({});
        }}
      />
      {info && (
        <Text size="sm" c="gray.7">
          {info.description}
        </Text>
      )}
      <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
      {info && (
        <>
          <Title order={3} size="h5">
            Configuration
          </Title>
          <SchemaFields schema={info.config_schema as FieldSchema} values={config} onChange={setConfig} />
        </>
      )}
      {credentialsSchema && (
        <>
          <Title order={3} size="h5">
            Credentials
          </Title>
          <SchemaFields schema={credentialsSchema} values={credentials} onChange={setCredentials} secret keepHint={connector?.has_credentials ? 'Leave empty to keep the current one.' : undefined} />
        </>
      )}
      <Select
        label="Memory"
        description="Optional: the memory its documents belong to"
        clearable
        data={(memories.data?.items ?? []).map((m) => ({ value: m.id, label: m.name }))}
        value={memoryId}
        onChange={setMemoryId}
      />
      <TagsInput label="Tags" description="Given to every document it creates" value={tags} onChange={setTags} />
      <Switch label="Sync on a schedule" checked={scheduled} onChange={(e) => setScheduled(e.currentTarget.checked)} />
      {scheduled && <NumberInput label="Every (minutes)" min={5} required value={every} onChange={(v) => setEvery(typeof v === 'number' ? v : '')} />}
    </FormModal>
  );
}
