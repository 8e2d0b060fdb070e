import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Tabs, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { ConfirmButton } from '../components/Confirm';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { notifyError } from '../components/notify';
import { ScrollTable } from '../components/ScrollTable';

const PAGE_SIZE = 25;

/** Memories (knowledge bases) and folders: how documents are grouped. */
export function KnowledgePage() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Memories and folders
      </Title>
      <Tabs defaultValue="memories">
        <Tabs.List mb="md">
          <Tabs.Tab value="memories">Memories</Tabs.Tab>
          <Tabs.Tab value="folders">Folders</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="memories">
          <Memories />
        </Tabs.Panel>
        <Tabs.Panel value="folders">
          <Folders />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function Memories() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: ['memories'] });
  const memories = useQuery({
    queryKey: ['memories', page],
    queryFn: () => call(api.GET('/api/v1/memories', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: ({ id, cascade }: { id: string; cascade: boolean }) => call(api.DELETE('/api/v1/memories/{id}', { params: { path: { id }, query: { cascade } } })),
    onSuccess: refresh,
    onError: notifyError,
  });
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setCreating(true)}>New memory</Button>
      </Group>
      <QueryState query={memories} what="memories" empty="No memories yet. A memory groups the documents a chat can draw on.">
        {(data) => (
          <>
            <ScrollTable minWidth={600} label="Memories">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th>Documents</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((memory) => (
                    <Table.Tr key={memory.id}>
                      <Table.Td>{memory.name}</Table.Td>
                      <Table.Td>{memory.description}</Table.Td>
                      <Table.Td>{memory.document_count}</Table.Td>
                      <Table.Td>
                        <ConfirmButton
                          label="Delete"
                          aria-label={`Delete the memory ${memory.name}`}
                          title={`Delete "${memory.name}"?`}
                          message="Its documents are kept and detached from it."
                          confirmLabel="Delete"
                          onConfirm={() => remove.mutateAsync({ id: memory.id, cascade: false })}
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
      <NameModal
        title="New memory"
        opened={creating}
        withDescription
        onClose={() => setCreating(false)}
        onSubmit={(name, description) => call(api.POST('/api/v1/memories', { body: { name, description } })).then(() => { setCreating(false); void refresh(); })}
      />
    </>
  );
}

function Folders() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: ['folders'] });
  const folders = useQuery({
    queryKey: ['folders', page],
    queryFn: () => call(api.GET('/api/v1/folders', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
  const names = new Map((folders.data?.items ?? []).map((f) => [f.id, f.name]));
  const remove = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/v1/folders/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
    onError: notifyError,
  });
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setCreating(true)}>New folder</Button>
      </Group>
      <QueryState query={folders} what="folders" empty="No folders yet.">
        {(data) => (
          <>
            <ScrollTable minWidth={600} label="Folders">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Inside</Table.Th>
                    <Table.Th>Documents</Table.Th>
                    <Table.Th>Subfolders</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((folder) => (
                    <Table.Tr key={folder.id}>
                      <Table.Td>{folder.name}</Table.Td>
                      <Table.Td>{folder.parent_id ? (names.get(folder.parent_id) ?? folder.parent_id.slice(0, 8)) : '—'}</Table.Td>
                      <Table.Td>{folder.document_count}</Table.Td>
                      <Table.Td>{folder.subfolder_count}</Table.Td>
                      <Table.Td>
                        <ConfirmButton
                          label="Delete"
                          aria-label={`Delete the folder ${folder.name}`}
                          title={`Delete "${folder.name}"?`}
                          message="The API refuses while it still holds documents or folders."
                          confirmLabel="Delete"
                          onConfirm={() => remove.mutateAsync(folder.id)}
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
      <NameModal
        title="New folder"
        opened={creating}
        onClose={() => setCreating(false)}
        onSubmit={(name) => call(api.POST('/api/v1/folders', { body: { name } })).then(() => { setCreating(false); void refresh(); })}
      />
    </>
  );
}

function NameModal({ title, opened, withDescription, onClose, onSubmit }: { title: string; opened: boolean; withDescription?: boolean; onClose(): void; onSubmit(name: string, description: string): Promise<unknown> }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const save = useMutation({ mutationFn: () => onSubmit(name, description), onSuccess: () => { setName(''); setDescription(''); } });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack component="form" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        {withDescription && <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
