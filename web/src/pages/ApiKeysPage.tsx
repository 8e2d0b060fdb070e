import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, MultiSelect, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { BodyOf, ResultOf } from '../api/types';
import { ConfirmButton } from '../components/Confirm';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { notifyDone, notifyError } from '../components/notify';
import { ScrollTable } from '../components/ScrollTable';

const PAGE_SIZE = 20;
type Scope = BodyOf<'/api/v1/api-keys/', 'post'>['scopes'][number];
const SCOPES: Scope[] = ['documents:read', 'documents:ingest', 'knowledge_bases:read', 'knowledge_bases:write', 'chat:query', 'feedback:read', 'feedback:write', 'llm:read', 'connectors:read', 'connectors:sync', 'admin'];

export function ApiKeysPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const queries = useQueryClient();
  const keys = useQuery({
    queryKey: ['api-keys', page],
    queryFn: () => call(api.GET('/api/v1/api-keys/', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      notifyDone('The key was revoked; it stops working at once.');
      return queries.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: notifyError,
  });

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          API keys
        </Title>
        <Button onClick={() => setCreating(true)}>Create an API key</Button>
      </Group>
      <QueryState query={keys} what="API keys" empty="No API keys yet. Create one for each server that calls the API.">
        {(data) => (
          <>
            <ScrollTable minWidth={700} label="API keys">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Scopes</Table.Th>
                    <Table.Th>Last used</Table.Th>
                    <Table.Th>Expires</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((key) => (
                    <Table.Tr key={key.id}>
                      <Table.Td>{key.name}</Table.Td>
                      <Table.Td>
                        <Code>{key.masked_key}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {key.scopes.map((scope) => (
                            <Badge key={scope} variant="light" size="sm">
                              {scope}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>{key.last_used_at ? new Date(key.last_used_at).toLocaleString() : 'never'}</Table.Td>
                      <Table.Td>{key.expires_at ? new Date(key.expires_at).toLocaleDateString() : 'never'}</Table.Td>
                      <Table.Td>
                        <ConfirmButton
                          label="Revoke"
                          aria-label={`Revoke ${key.name}`}
                          title="Revoke this API key?"
                          message={`Servers using "${key.name}" are refused from now on. This cannot be undone.`}
                          confirmLabel="Revoke"
                          onConfirm={() => revoke.mutateAsync(key.id)}
                        />
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
    <Modal opened={opened} onClose={onClose} title="Create an API key" centered>
      <Stack component="form" onSubmit={(event) => { event.preventDefault(); create.mutate(); }}>
        {create.error && <Alert color="red" role="alert">{create.error.message}</Alert>}
        <TextInput label="Name" description="Which server or integration uses it" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <MultiSelect label="Scopes" data={SCOPES} value={scopes} onChange={setScopes} required searchable />
        <TextInput label="Expires on" description="Leave empty for a key that does not expire" type="date" value={expires} onChange={(e) => setExpires(e.currentTarget.value)} />
        <Text size="sm" c="gray.7">
          A key acts for this workspace with the scopes chosen here, whoever holds it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
