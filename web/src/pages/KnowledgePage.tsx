import { useState } from 'react';
import { Button, Group, Tabs, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { ConfirmButton } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';

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
  const [creating, setCreating] = useState(false);
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: ['memories'] });
  const memories = usePagedQuery(['memories'], (query) => call(api.GET('/api/v1/memories', { params: { query } })), PAGE_SIZE);
  const remove = useAction({
    run: ({ id, cascade }: { id: string; cascade: boolean }) => call(api.DELETE('/api/v1/memories/{id}', { params: { path: { id }, query: { cascade } } })),
    invalidates: [['memories']],
  });
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setCreating(true)}>New memory</Button>
      </Group>
      <PagedTable
        list={memories}
        what="memories"
        empty="No memories yet. A memory groups the documents a chat can draw on."
        label="Memories"
        minWidth={600}
        rowKey={(memory) => memory.id}
        columns={[
          { header: 'Name', cell: (memory) => memory.name },
          { header: 'Description', cell: (memory) => memory.description },
          { header: 'Documents', cell: (memory) => memory.document_count },
        ]}
        actions={(memory) => (
          <ConfirmButton
            label="Delete"
            aria-label={`Delete the memory ${memory.name}`}
            title={`Delete "${memory.name}"?`}
            message="Its documents are kept and detached from it."
            confirmLabel="Delete"
            onConfirm={() => remove.mutateAsync({ id: memory.id, cascade: false })}
          />
        )}
      />
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
  const [creating, setCreating] = useState(false);
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: ['folders'] });
  const folders = usePagedQuery(['folders'], (query) => call(api.GET('/api/v1/folders', { params: { query } })), PAGE_SIZE);
  const names = new Map((folders.query.data?.items ?? []).map((f) => [f.id, f.name]));
  const remove = useAction({
    run: (id: string) => call(api.DELETE('/api/v1/folders/{id}', { params: { path: { id } } })),
    invalidates: [['folders']],
  });
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setCreating(true)}>New folder</Button>
      </Group>
      <PagedTable
        list={folders}
        what="folders"
        empty="No folders yet."
        label="Folders"
        minWidth={600}
        rowKey={(folder) => folder.id}
        columns={[
          { header: 'Name', cell: (folder) => folder.name },
          { header: 'Inside', cell: (folder) => (folder.parent_id ? (names.get(folder.parent_id) ?? folder.parent_id.slice(0, 8)) : '—') },
          { header: 'Documents', cell: (folder) => folder.document_count },
          { header: 'Subfolders', cell: (folder) => folder.subfolder_count },
        ]}
        actions={(folder) => (
          <ConfirmButton
            label="Delete"
            aria-label={`Delete the folder ${folder.name}`}
            title={`Delete "${folder.name}"?`}
            message="The API refuses while it still holds documents or folders."
            confirmLabel="Delete"
            onConfirm={() => remove.mutateAsync(folder.id)}
          />
        )}
      />
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
    <FormModal title={title} opened={opened} onClose={onClose} onSubmit={() => save.mutate()} error={save.error} busy={save.isPending} submitLabel="Create">
      <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
      {withDescription && <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />}
    </FormModal>
  );
}
