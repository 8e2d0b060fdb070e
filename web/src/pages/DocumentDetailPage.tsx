import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, Loader, Stack, Tabs, TagsInput, Text, Textarea, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api, call, authorizedFetch, errorText } from '../api/client';
import { openViewer } from '../api/viewer';
import { ConfirmButton } from '../components/Confirm';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { notifyDone, notifyError } from '../components/notify';
import { ResourceTable } from '../components/ResourceTable';

const CHUNKS_PER_PAGE = 20;

export function DocumentDetailPage() {
  const { documentId = '' } = useParams();
  const path = { document_id: documentId };
  const queries = useQueryClient();
  const doc = useQuery({ queryKey: ['document', documentId], queryFn: () => call(api.GET('/api/v1/documents/{document_id}', { params: { path } })) });
  const refresh = () => queries.invalidateQueries({ queryKey: ['document', documentId] });
  const reindex = useMutation({
    mutationFn: () => call(api.POST('/api/v1/documents/{document_id}/reindex', { params: { path } })),
    onSuccess: () => {
      notifyDone('Re-indexing queued; the current chunks stay searchable until it finishes.');
      void queries.invalidateQueries({ queryKey: ['jobs', documentId] });
      return refresh();
    },
    onError: notifyError,
  });
  const setTags = useMutation({
    mutationFn: (tags: string[]) => call(api.PATCH('/api/v1/documents/{document_id}/tags', { params: { path }, body: { tags } })),
    onSuccess: refresh,
    onError: notifyError,
  });

  if (doc.error) return <Alert color="red" role="alert">{doc.error.message}</Alert>;
  if (doc.isPending) return <Loader role="status" aria-label="Loading the document" />;
  const d = doc.data;
  return (
    <>
      <Anchor component={Link} to="/documents" size="sm">
        ← Documents
      </Anchor>
      <Group justify="space-between" my="md">
        <Title order={1} size="h2">
          {d.filename}
        </Title>
        <Group>
          <Button variant="light" onClick={() => openViewer(documentId).catch(notifyError)}>
            Open in viewer
          </Button>
          {!d.source && <ConfirmButton label="Re-index" color="blue" title="Re-index this document?" message="It is parsed, chunked and embedded again with the tenant's current indexing profile." confirmLabel="Re-index" onConfirm={() => reindex.mutateAsync()} />}
        </Group>
      </Group>
      <Group mb="md">
        <Badge color={d.status === 'indexed' ? 'green' : d.status === 'error' ? 'red' : 'blue'}>{d.status}</Badge>
        <Text size="sm">{d.mime_type}</Text>
        <Text size="sm">{Math.ceil(d.size_bytes / 1024)} KB</Text>
        <Text size="sm">{d.chunk_count} chunks</Text>
        {d.page_count !== null && <Text size="sm">{d.page_count} pages</Text>}
      </Group>
      {d.source && <SourceNote source={d.source} />}
      {d.error && <Alert color="red" mb="md">{d.error}</Alert>}
      <TagsInput
        label="Tags"
        description={d.source ? 'Set by its connector' : 'Press Enter after each tag'}
        disabled={Boolean(d.source)}
        maw={520}
        mb="md"
        value={d.tags}
        onChange={(tags) => setTags.mutate(tags)}
      />
      <Tabs defaultValue="chunks">
        <Tabs.List mb="md">
          <Tabs.Tab value="chunks">Chunks</Tabs.Tab>
          <Tabs.Tab value="jobs">Indexing history</Tabs.Tab>
          <Tabs.Tab value="description">Description</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chunks">
          <Chunks documentId={documentId} />
        </Tabs.Panel>
        <Tabs.Panel value="jobs">
          <Jobs documentId={documentId} />
        </Tabs.Panel>
        <Tabs.Panel value="description">
          <Description documentId={documentId} current={d.ai_description} original={d.ai_description_original} onSaved={refresh} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function Chunks({ documentId }: { documentId: string }) {
  const [page, setPage] = useState(1);
  const chunks = useQuery({
    queryKey: ['chunks', documentId, page],
    queryFn: () =>
      call(api.GET('/api/v1/documents/{document_id}/chunks/', { params: { path: { document_id: documentId }, query: { skip: (page - 1) * CHUNKS_PER_PAGE, limit: CHUNKS_PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryState query={chunks} what="chunks" empty="No chunks yet: the document is not indexed.">
      {(data) => (
        <Stack>
          {data.items.map((chunk) => (
            <div key={chunk.chunk_id}>
              <Text size="sm" c="gray.7">
                #{chunk.index + 1}
                {chunk.page !== null ? ` · page ${chunk.page}` : ''}
                {chunk.section ? ` · ${chunk.section}` : ''} · {chunk.token_count} tokens
              </Text>
              <Code block>{chunk.text}</Code>
            </div>
          ))}
          <Paged total={data.total} page={page} pageSize={CHUNKS_PER_PAGE} onPage={setPage} />
        </Stack>
      )}
    </QueryState>
  );
}

function Jobs({ documentId }: { documentId: string }) {
  const jobs = useQuery({
    queryKey: ['jobs', documentId],
    queryFn: async () => ({ items: await call(api.GET('/api/v1/documents/{document_id}/jobs', { params: { path: { document_id: documentId } } })) }),
  });
  return (
    <QueryState query={jobs} what="indexing jobs" empty="No indexing job yet.">
      {(data) => (
        <ResourceTable
          label="Chunks"
          minWidth={600}
          rows={data.items}
          rowKey={(job) => job.job_id}
          columns={[
            { header: 'Source', cell: (job) => job.source },
            { header: 'Status', cell: (job) => job.status },
            { header: 'Attempts', cell: (job) => job.attempts },
            { header: 'Embedding model', cell: (job) => job.model ?? '—' },
            { header: 'Chunks', cell: (job) => job.chunk_count ?? '—' },
            { header: 'Error', cell: (job) => job.error ?? '' },
          ]}
        />
      )}
    </QueryState>
  );
}

function Description({ documentId, current, original, onSaved }: { documentId: string; current: string | null; original: string | null; onSaved(): void }) {
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    // The API takes this one as a form field (`description`), as the SPEC shows.
    mutationFn: async () => {
      const res = await authorizedFetch(`/api/v1/documents/${documentId}/ai-description`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ description: text }),
      });
      if (!res.ok) throw new Error(errorText(await res.json()));
    },
    onSuccess: () => {
      setError(null);
      notifyDone('Description saved.');
      onSaved();
    },
    onError: (failure) => setError(errorText(failure)),
  });
  return (
    <Stack maw={720}>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Textarea label="Description" autosize minRows={3} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      {original && (
        <Text size="sm" c="gray.7">
          Generated originally: {original}
        </Text>
      )}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save the description
        </Button>
      </Group>
    </Stack>
  );
}

/** A document a connector keeps in sync: where it comes from, and that its connector (not a person) changes it. */
function SourceNote({ source }: { source: { connector_id: string; url: string | null } }) {
  return (
    <Alert color="blue" mb="md" title="Kept in sync by a connector">
      <Stack gap={4}>
        {source.url && /^https?:/.test(source.url) ? (
          <Anchor href={source.url} target="_blank" rel="noreferrer noopener" style={{ wordBreak: 'break-all' }}>
            {source.url}
          </Anchor>
        ) : (
          source.url && <Text size="sm" style={{ wordBreak: 'break-all' }}>{source.url}</Text>
        )}
        <Text size="sm">
          Its connector re-indexes it when the original changes and deletes it when the original is deleted; it cannot be edited here.{' '}
          <Anchor component={Link} to={`/connectors/${source.connector_id}`}>
            Open the connector
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}
