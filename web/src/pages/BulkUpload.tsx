import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { authorizedFetch, errorText } from '../api/client';
import { readEventStream } from '../api/sse';
import type { ResultOf } from '../api/types';

type Counts = ResultOf<'/api/v1/documents/bulk-upload/{batch_id}', 'get'>;
type Uploaded = ResultOf<'/api/v1/documents/bulk-upload', 'post'>;
interface FileRow {
  filename: string;
  status: string;
  error?: string | null;
}

/** How far along a document is, for its progress bar (the pipeline only moves forward). */
const PROGRESS: Record<string, number> = { uploading: 5, pending: 15, parsing: 45, indexing: 75, indexed: 100, error: 100 };
const MAX_FILES = 500;

/**
 * Drag-and-drop (or choose) up to 500 files: one multipart request, then the batch's event stream
 * moves a bar per file and one for the batch until every document is indexed or failed.
 */
export function BulkUpload() {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rows, setRows] = useState<Map<string, FileRow>>(new Map());
  const [counts, setCounts] = useState<Counts | null>(null);
  const [rejected, setRejected] = useState<Uploaded['rejected']>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queries = useQueryClient();

  async function upload(files: File[]) {
    if (files.length === 0) return;
    if (files.length > MAX_FILES) return setError(`At most ${MAX_FILES} files per batch (got ${files.length}); drop them in parts.`);
    setError(null);
    setBusy(true);
    setCounts(null);
    setRows(new Map(files.map((f, i) => [`local-${i}`, { filename: f.name, status: 'uploading' }])));
    try {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      const res = await authorizedFetch('/api/v1/documents/bulk-upload', { method: 'POST', body: form });
      const body = (await res.json()) as Uploaded;
      if (!res.ok) throw new Error(errorText(body));
      setRejected(body.rejected);
      setRows(new Map(body.documents.map((d) => [d.document_id, { filename: d.filename, status: d.status }])));
      await readEventStream(`/api/v1/documents/bulk-upload/${body.batch_id}/stream`, ({ event, data }) => {
        if (event === 'snapshot' || event === 'done') setCounts(data as Counts);
        if (event === 'status') {
          const change = data as { document_id: string; filename: string; status: string; error?: string; counts: Counts };
          setCounts(change.counts);
          setRows((current) => new Map(current).set(change.document_id, { filename: change.filename, status: change.status, error: change.error }));
        }
      });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
      void queries.invalidateQueries({ queryKey: ['documents'] });
    }
  }

  const finished = counts ? counts.indexed + counts.errored : 0;
  return (
    <Stack mb="lg">
      <Paper
        withBorder
        p="lg"
        data-testid="drop-zone"
        bg={dragging ? 'blue.0' : undefined}
        style={{ borderStyle: 'dashed' }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void upload([...event.dataTransfer.files]);
        }}
      >
        <Group justify="space-between">
          <Text>Drop files here to upload them as one batch (up to {MAX_FILES}).</Text>
          <Button variant="light" loading={busy} onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Files to upload"
            onChange={(event) => {
              void upload([...(event.currentTarget.files ?? [])]);
              event.currentTarget.value = '';
            }}
          />
        </Group>
      </Paper>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {rejected.length > 0 && (
        <Alert color="orange" title="Some files were refused">
          {rejected.map((r) => `${r.filename}: ${r.detail}`).join('; ')}
        </Alert>
      )}
      {rows.size > 0 && (
        <Paper withBorder p="md">
          <Group justify="space-between" mb={4}>
            <Text fw={500}>Batch</Text>
            <Text size="sm" data-testid="batch-summary">
              {counts ? `${counts.indexed} indexed, ${counts.errored} failed, ${counts.total} in all${counts.done ? ' — done' : ''}` : 'Uploading…'}
            </Text>
          </Group>
          <Progress value={counts ? (100 * finished) / Math.max(1, counts.total) : 0} aria-label="Batch progress" mb="md" />
          <ScrollArea.Autosize mah={320} viewportProps={{ tabIndex: 0, 'aria-label': 'Files of the batch' }}>
            <Table>
              <Table.Tbody>
                {[...rows.entries()].map(([id, row]) => (
                  <Table.Tr key={id}>
                    <Table.Td>
                      {row.filename}
                      {/* The reason in words, not only in the badge's tooltip (which touch screens and keyboards never show). */}
                      {row.status === 'error' && row.error && (
                        <Text size="xs" c="red.9" data-testid="batch-file-error">
                          {row.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td w={120}>
                      <Badge color={row.status === 'indexed' ? 'green' : row.status === 'error' ? 'red' : 'blue'} title={row.error ?? undefined}>
                        {row.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td w="35%">
                      <Progress value={PROGRESS[row.status] ?? 0} color={row.status === 'error' ? 'red' : undefined} aria-label={`Progress of ${row.filename}`} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
