import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { BodyOf, ResultOf } from '../api/types';
import { ConfirmButton } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';

const PAGE_SIZE = 20;
type Scope = BodyOf<'/api/v1/api-keys/', 'post'>['scopes'][number];
const SCOPES: Scope[] = ['documents:read', 'documents:ingest', 'knowledge_bases:read', 'knowledge_bases:write', 'chat:query', 'feedback:read', 'feedback:write', 'llm:read', 'events:read', 'connectors:read', 'connectors:sync', 'admin'];

export function ApiKeysPage() {
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const queries = useQueryClient();
  const keys = usePagedQuery(['api-keys'], (query) => call(api.GET('/api/v1/api-keys/', { params: { query } })), PAGE_SIZE);
  const revoke = useAction({
    run: (id: string) => call(api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id } } })),
    done: 'The key was revoked; it stops working at once.',
    invalidates: [['api-keys']],
  });

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          API keys
        </Title>
        <Button onClick={() => setCreating(true)}>Create an API key</Button>
      </Group>
      <PagedTable
        list={keys}
        what="API keys"
        empty="No API keys yet. Create one for each server that calls the API."
        label="API keys"
        minWidth={700}
        rowKey={(key) => key.id}
        columns={[
          { header: 'Name', cell: (key) => key.name },
          { header: 'Key', cell: (key) => <Code>{key.masked_key}</Code> },
          {
            header: 'Scopes',
            cell: (key) => (
              <Group gap={4}>
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant="light" size="sm">
                    {scope}
                  </Badge>
                ))}
              </Group>
            ),
          },
          { header: 'Last used', cell: (key) => (key.last_used_at ? new Date(key.last_used_at).toLocaleString() : 'never') },
          { header: 'Expires', cell: (key) => (key.expires_at ? new Date(key.expires_at).toLocaleDateString() : 'never') },
        ]}
        actions={(key) => (
          <ConfirmButton
            label="Revoke"
            aria-label={`Revoke ${key.name}`}
            title="Revoke this API key?"
            message={`Servers using "${key.name}" are refused from now on. This cannot be undone.`}
            confirmLabel="Revoke"
            onConfirm={() => revoke.mutateAsync(key.id)}
          />
        )}
      />
      <CreateKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setShown(created);
          void queries.invalidateQueries({ queryKey: ['api-keys'] });
        }}
      />
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Your new API key" centered>
        {shown && (
          <Stack>
            <Alert color="yellow">Copy it now: it is shown this once and cannot be read again.</Alert>
            <Code block data-testid="new-api-key">
              {shown.key}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={shown.key}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the key'}</Button>}</CopyButton>
              <Button variant="default" onClick={() => setShown(null)}>
                Done
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function CreateKeyModal({ opened, onClose, onCreated }: { opened: boolean; onClose(): void; onCreated(key: ResultOf<'/api/v1/api-keys/', 'post'>): void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['documents:read']);
  const [expires, setExpires] = useState('');
  const create = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/v1/api-keys/', {
          body: { name, scopes: scopes as Scope[], ...(expires ? { expires_at: new Date(`${expires}T23:59:59Z`).toISOString() } : {}) },
        }),
      ),
    onSuccess: (key) => {
      setName('');
      setExpires('');
      onCreated(key);
    },
  });
  return (
    <FormModal title="Create an API key" opened={opened} onClose={onClose} onSubmit={() => create.mutate()} error={create.error} busy={create.isPending} submitLabel="Create">
      <TextInput label="Name" description="Which server or integration uses it" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <MultiSelect label="Scopes" data={SCOPES} value={scopes} onChange={setScopes} required searchable />
      <TextInput label="Expires on" description="Leave empty for a key that does not expire" type="date" value={expires} onChange={(e) => setExpires(e.currentTarget.value)} />
      <Text size="sm" c="gray.7">
        A key acts for this workspace with the scopes chosen here, whoever holds it.
      </Text>
    </FormModal>
  );
}
