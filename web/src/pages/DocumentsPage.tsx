import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Loader, Select, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { BulkUpload } from './BulkUpload';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { ConfirmButton } from '../components/Confirm';
import { Paged } from '../components/Paged';
import { notifyDone, notifyError } from '../components/notify';
import { ScrollTable } from '../components/ScrollTable';

const PAGE_SIZE = 25;
const STATUSES = ['pending', 'parsing', 'indexing', 'indexed', 'error'] as const;
type Status = (typeof STATUSES)[number];
const COLORS: Record<Status, string> = { pending: 'gray', parsing: 'blue', indexing: 'blue', indexed: 'green', error: 'red' };

export function DocumentsPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status | null>(null);
  const [search, setSearch] = useState('');
  const documents = useQuery({
    queryKey: ['documents', page, status, search],
    queryFn: () =>
      call(api.GET('/api/v1/documents/', { params: { query: { page, page_size: PAGE_SIZE, ...(status ? { status } : {}), ...(search ? { search } : {}) } } })),
    placeholderData: keepPreviousData,
  });
  const queries = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/v1/documents/{document_id}', { params: { path: { document_id: id } } })),
    onSuccess: () => {
      notifyDone('The document was deleted, with its file and its chunks.');
      void queries.invalidateQueries({ queryKey: ['documents'] });
    },
    onError: notifyError,
  });
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Documents
      </Title>
      <BulkUpload />
      <Group mb="sm">
        <TextInput label="Filename" placeholder="Search" value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} />
        <Select label="Status" clearable data={[...STATUSES]} value={status} onChange={(value) => { setStatus(value as Status | null); setPage(1); }} />
      </Group>
      {documents.error && <Alert color="red" role="alert">{documents.error.message}</Alert>}
      {documents.isPending ? (
        <Loader role="status" aria-label="Loading documents" />
      ) : documents.data && documents.data.items.length === 0 ? (
        <Alert color="gray">No documents yet.</Alert>
      ) : (
        documents.data && (
          <>
            <ScrollTable minWidth={600} label="Documents">
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Filename</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Uploaded</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {documents.data.items.map((doc) => (
                    <Table.Tr key={doc.document_id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/documents/${doc.document_id}`}>
                          {doc.filename}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={COLORS[doc.status as Status] ?? 'gray'}>{doc.status}</Badge>
                        {/* Why it failed, here and not only on the detail page: the list is where failures are spotted. */}
                        {doc.status === 'error' && doc.error && (
                          <Text size="xs" c="red.9" mt={4} data-testid="document-error">
                            {doc.error}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{new Date(doc.created_at).toLocaleString()}</Table.Td>
                      <Table.Td>
                        <ConfirmButton
                          label="Delete"
                          aria-label={`Delete ${doc.filename}`}
                          title="Delete this document?"
                          message={`"${doc.filename}" is deleted with its file and its chunks; searches and chats no longer find it. This cannot be undone.`}
                          confirmLabel="Delete"
                          onConfirm={() => remove.mutateAsync(doc.document_id)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Paged total={documents.data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )
      )}
    </>
  );
}
