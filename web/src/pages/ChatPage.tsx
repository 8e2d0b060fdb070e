import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Grid, Group, MultiSelect, NavLink, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, errorText } from '../api/client';
import { readEventStream } from '../api/sse';
import type { ResultOf } from '../api/types';
import { openViewer } from '../api/viewer';
import { notifyDone, notifyError } from '../components/notify';

type Conversation = ResultOf<'/api/v1/conversations/{conversation_id}', 'get'>;
type Message = Conversation['messages'][number];
type Citation = Message['citations'][number];

/** Search and chat playground: answers stream in, citations open the viewer at the cited page, answers can be rated. */
export function ChatPage() {
  const queries = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [memoryIds, setMemoryIds] = useState<string[]>([]);
  const [question, setQuestion] = useState('');
  const [pending, setPending] = useState<{ question: string; answer: string; citations: Citation[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const memories = useQuery({ queryKey: ['memories-all'], queryFn: () => call(api.GET('/api/v1/memories', { params: { query: { limit: 100 } } })) });
  const conversations = useQuery({ queryKey: ['conversations'], queryFn: () => call(api.GET('/api/v1/conversations/', { params: { query: { limit: 50 } } })) });
  const conversation = useQuery({
    queryKey: ['conversation', conversationId],
    queryFn: () => call(api.GET('/api/v1/conversations/{conversation_id}', { params: { path: { conversation_id: conversationId! } } })),
    enabled: conversationId !== null,
  });

  async function ask(event: React.FormEvent) {
    event.preventDefault();
    const text = question.trim();
    if (!text || pending) return;
    setError(null);
    setQuestion('');
    setPending({ question: text, answer: '', citations: [] });
    try {
      let doneConversation: string | null = null;
      await readEventStream(
        '/api/v1/chat/query',
        ({ event, data }) => {
          if (event === 'delta') setPending((p) => p && { ...p, answer: p.answer + (data as { text: string }).text });
          if (event === 'citation') setPending((p) => p && { ...p, citations: [...p.citations, data as Citation] });
          if (event === 'error') setError(errorText(data));
          if (event === 'done') doneConversation = (data as { conversation_id: string }).conversation_id;
        },
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: text, stream: true, ...(conversationId ? { conversation_id: conversationId } : {}), ...(memoryIds.length ? { memory_ids: memoryIds } : {}) }),
        },
      );
      if (doneConversation) {
        setConversationId(doneConversation);
        await queries.invalidateQueries({ queryKey: ['conversation', doneConversation] });
      }
      void queries.invalidateQueries({ queryKey: ['conversations'] });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <Title order={1} size="h2" mb="md">
        Ask your documents
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Button variant="light" fullWidth mb="xs" onClick={() => setConversationId(null)}>
            New conversation
          </Button>
          <nav aria-label="Conversations">
            {(conversations.data?.items ?? []).map((c) => (
              <NavLink key={c.id} label={c.title} active={c.id === conversationId} variant="filled" onClick={() => setConversationId(c.id)} />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack>
            {conversationId &&
              (conversation.data?.messages ?? []).map((m) => (m.role === 'user' ? <Question key={m.message_id} text={m.content} /> : <Answer key={m.message_id} message={m} />))}
            {pending && (
              <>
                <Question text={pending.question} />
                <AnswerBody text={pending.answer || '…'} citations={pending.citations} footer={<Text size="sm" c="gray.7">Answering…</Text>} />
              </>
            )}
            {error && <Alert color="red" role="alert">{error}</Alert>}
            <Paper component="form" onSubmit={ask} withBorder p="sm">
              <Stack>
                <Textarea label="Question" autosize minRows={2} value={question} onChange={(e) => setQuestion(e.currentTarget.value)} />
                <Group justify="space-between" align="flex-end">
                  <MultiSelect
                    label="Memories"
                    placeholder={memoryIds.length ? undefined : 'All documents'}
                    data={(memories.data?.items ?? []).map((m) => ({ value: m.id, label: m.name }))}
                    value={memoryIds}
                    onChange={setMemoryIds}
                    clearable
                    w={320}
                  />
                  <Button type="submit" loading={pending !== null}>
                    Ask
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function Question({ text }: { text: string }) {
  return (
    <Paper p="sm" bg="gray.1" ml="xl">
      <Text>{text}</Text>
    </Paper>
  );
}

function Answer({ message }: { message: Message }) {
  const [rated, setRated] = useState<'up' | 'down' | null>(null);
  async function rate(rating: 'up' | 'down') {
    try {
      await call(api.POST('/api/v1/feedback', { body: { message_id: message.message_id, rating } }));
      setRated(rating);
      notifyDone('Thanks: the rating is recorded.');
    } catch (failure) {
      notifyError(failure);
    }
  }
  return (
    <AnswerBody
      text={message.content}
      citations={message.citations}
      footer={
        <Group gap="xs">
          {message.status !== 'complete' && <Badge color="orange">{message.status}</Badge>}
          {message.model && <Text size="xs" c="gray.7">{message.model}</Text>}
          <ActionIcon variant={rated === 'up' ? 'filled' : 'subtle'} aria-label="Good answer" onClick={() => rate('up')}>
            👍
          </ActionIcon>
          <ActionIcon variant={rated === 'down' ? 'filled' : 'subtle'} color="red" aria-label="Bad answer" onClick={() => rate('down')}>
            👎
          </ActionIcon>
        </Group>
      }
    />
  );
}

function AnswerBody({ text, citations, footer }: { text: string; citations: Citation[]; footer: ReactNode }) {
  return (
    <Paper withBorder p="sm" mr="xl">
      <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
      {citations.length > 0 && (
        <Stack gap={2} mt="sm" aria-label="Sources">
          {citations.map((c) => (
            <Text key={`${c.n}-${c.chunk_id}`} size="sm">
              [{c.n}]{' '}
              <Anchor component="button" type="button" onClick={() => openViewer(c.document_id, c.page).catch(notifyError)}>
                {c.filename}
                {c.page ? `, page ${c.page}` : ''}
              </Anchor>
              {c.source?.url && /^https?:/.test(c.source.url) && (
                <>
                  {' · '}
                  <Anchor href={c.source.url} target="_blank" rel="noreferrer noopener">
                    original
                  </Anchor>
                </>
              )}
            </Text>
          ))}
        </Stack>
      )}
      <Group mt="xs">{footer}</Group>
    </Paper>
  );
}
