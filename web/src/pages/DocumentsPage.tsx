import { useState } from 'react';
import { Anchor, Badge, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BulkUpload } from './BulkUpload';
import { api, call } from '../api/client';
import { ConfirmButton } from '../components/Confirm';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';

const PAGE_SIZE = 25;
const STATUSES = ['pending', 'parsing', 'indexing', 'indexed', 'error'] as const;
type Status = (typeof STATUSES)[number];
const COLORS: Record<Status, string> = { pending: 'gray', parsing: 'blue', indexing: 'blue', indexed: 'green', error: 'red' };

export function DocumentsPage() {
  const [status, setStatus] = useState<Status | null>(null);
  const [search, setSearch] = useState('');
  const documents = usePagedQuery(
    ['documents', status, search],
    // This route pages by number (page, page_size), not by skip/limit.
    ({ skip, limit }) =>
      call(api.GET('/api/v1/documents/', { params: { query: { page: skip / limit + 1, page_size: limit, ...(status ? { status } : {}), ...(search ? { search } : {}) } } })),
    PAGE_SIZE,
  );
  const remove = useAction({
    run: (id: string) => call(api.DELETE('/api/v1/documents/{document_id}', { params: { path: { document_id: id } } })),
    done: 'The document was deleted, with its file and its chunks.',
    invalidates: [['documents']],
  });
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Documents
      </Title>
      <BulkUpload />
      <Group mb="sm">
        <TextInput label="Filename" placeholder="Search" value={search} onChange={(e) => { setSearch(e.currentTarget.value); documents.setPage(1); }} />
        <Select label="Status" clearable data={[...STATUSES]} value={status} onChange={(value) => { setStatus(value as Status | null); documents.setPage(1); }} />
      </Group>
      <PagedTable
        list={documents}
        what="documents"
        empty="No documents yet."
        label="Documents"
        minWidth={600}
        highlightOnHover
        rowKey={(doc) => doc.document_id}
        columns={[
          {
            header: 'Filename',
            cell: (doc) => (
              <Anchor component={Link} to={`/documents/${doc.document_id}`}>
                {doc.filename}
              </Anchor>
            ),
          },
          {
            header: 'Status',
            cell: (doc) => (
              <>
                <Badge color={COLORS[doc.status as Status] ?? 'gray'}>{doc.status}</Badge>
                {/* Why it failed, here and not only on the detail page: the list is where failures are spotted. */}
                {doc.status === 'error' && doc.error && (
                  <Text size="xs" c="red.9" mt={4} data-testid="document-error">
                    {doc.error}
                  </Text>
                )}
              </>
            ),
          },
          { header: 'Uploaded', cell: (doc) => new Date(doc.created_at).toLocaleString() },
        ]}
        actions={(doc) => (
          <ConfirmButton
            label="Delete"
            aria-label={`Delete ${doc.filename}`}
            title="Delete this document?"
            message={`"${doc.filename}" is deleted with its file and its chunks; searches and chats no longer find it. This cannot be undone.`}
            confirmLabel="Delete"
            onConfirm={() => remove.mutateAsync(doc.document_id)}
          />
        )}
      />
    </>
  );
}
