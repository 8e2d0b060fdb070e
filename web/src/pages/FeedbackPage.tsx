import { useState } from 'react';
import { Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { ScrollTable } from '../components/ScrollTable';

const PAGE_SIZE = 20;
type RatingFilter = 'all' | 'up' | 'down';

/** How the answers were rated: counts per model over 30 days, then each rated turn (question, answer, sources). */
export function FeedbackPage() {
  const [page, setPage] = useState(1);
  const [rating, setRating] = useState<RatingFilter>('all');
  const stats = useQuery({ queryKey: ['feedback-stats'], queryFn: () => call(api.GET('/api/v1/feedback/stats', { params: { query: { days: 30 } } })) });
  const feedback = useQuery({
    queryKey: ['feedback', page, rating],
    queryFn: () =>
      call(api.GET('/api/v1/feedback/', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(rating === 'all' ? {} : { rating }) } } })),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Answer feedback
      </Title>
      <Stack>
        {stats.data && stats.data.by_model.length > 0 && (
          <ScrollTable minWidth={400} label="Ratings per model">
            <Table striped aria-label="Ratings per model, last 30 days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Model (last 30 days)</Table.Th>
                  <Table.Th ta="right">Good</Table.Th>
                  <Table.Th ta="right">Bad</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.data.by_model.map((m) => (
                  <Table.Tr key={m.model ?? '(none)'}>
                    <Table.Td>{m.model ?? 'no model (retrieval only)'}</Table.Td>
                    <Table.Td ta="right">{m.up}</Table.Td>
                    <Table.Td ta="right">{m.down}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <SegmentedControl
          aria-label="Rating"
          value={rating}
          onChange={(value) => {
            setRating(value as RatingFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'up', label: 'Good answers' },
            { value: 'down', label: 'Bad answers' },
          ]}
          w="fit-content"
        />
        <QueryState query={feedback} what="feedback" empty="No answer has been rated yet.">
          {(data) => (
            <>
              {data.items.map((f) => (
                <Paper key={f.feedback_id} withBorder p="sm">
                  <Stack gap={4}>
                    <Text fw={500}>{f.question ?? '(question not kept)'}</Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {f.answer}
                    </Text>
                    {f.citations.length > 0 && (
                      <Text size="sm" c="gray.7">
                        Sources: {f.citations.map((c) => `[${c.n}] ${c.filename}${c.page ? `, page ${c.page}` : ''}`).join('; ')}
                      </Text>
                    )}
                    <Group gap="xs">
                      <Badge color={f.rating === 'up' ? 'teal' : 'red'}>{f.rating === 'up' ? 'good' : 'bad'}</Badge>
                      {f.tags.map((tag) => (
                        <Badge key={tag} variant="outline">
                          {tag}
                        </Badge>
                      ))}
                      {f.comment && <Text size="sm">{f.comment}</Text>}
                    </Group>
                    <Text size="xs" c="gray.7">
                      {new Date(f.updated_at).toLocaleString()} · {f.model ?? 'no model'} · {f.answer_status}
                    </Text>
                  </Stack>
                </Paper>
              ))}
              <Paged total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
