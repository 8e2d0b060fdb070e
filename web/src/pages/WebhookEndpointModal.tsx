import { useState } from 'react';
import { Alert, Button, Checkbox, Code, CopyButton, Group, Modal, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { FormModal } from '../components/FormModal';
import { EVENT_TYPE_OPTIONS, type Endpoint, type Subscribable } from './webhook-types';

type Created = Endpoint & { secret: string };

/**
 * Creates an endpoint, or changes one (`endpoint` given). "All events" is `["*"]`: the endpoint also gets the types
 * the service adds later. Whether an endpoint is enabled is changed from its page, not here, once it exists.
 */
export function WebhookEndpointModal({ endpoint, opened, onClose, onSaved }: { endpoint?: Endpoint; opened: boolean; onClose(): void; onSaved(saved: Endpoint | Created): void }) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [all, setAll] = useState(endpoint ? endpoint.event_types.includes('*') : true);
  const [types, setTypes] = useState<string[]>(endpoint && !endpoint.event_types.includes('*') ? endpoint.event_types : []);
  const [enabled, setEnabled] = useState(true);
  const save = useMutation({
    mutationFn: (): Promise<Endpoint | Created> => {
      const fields = { url: url.trim(), description: description.trim() || null, event_types: (all ? ['*'] : types) as Subscribable[] };
      return endpoint
        ? call(api.PATCH('/api/v1/webhooks/endpoints/{id}', { params: { path: { id: endpoint.id } }, body: fields }))
        : call(api.POST('/api/v1/webhooks/endpoints', { body: { ...fields, enabled } }));
    },
    onSuccess: (saved) => {
      if (!endpoint) {
        setUrl('');
        setDescription('');
        setAll(true);
        setTypes([]);
        setEnabled(true);
      }
      onSaved(saved);
    },
  });
  return (
    <FormModal
      title={endpoint ? 'Edit the endpoint' : 'Add an endpoint'}
      size="lg"
      opened={opened}
      onClose={onClose}
      onSubmit={() => save.mutate()}
      error={save.error}
      busy={save.isPending}
      submitLabel={endpoint ? 'Save' : 'Add the endpoint'}
    >
      <TextInput label="URL" description="https; the service posts each event there, signed" placeholder="https://example.com/webhooks" required value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
      <TextInput label="Description" description="Optional: what receives the events" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
      <Checkbox label="All events" description="Every event type, including those added later" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
      {!all && (
        <MultiSelect label="Event types" placeholder="Choose the events to send" data={EVENT_TYPE_OPTIONS} value={types} onChange={setTypes} required searchable />
      )}
      {!endpoint && <Switch label="Enabled" description="Off: events are not sent until you enable it" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />}
    </FormModal>
  );
}

/** A signing secret just made (an endpoint created, or its secret rotated): shown once, with a copy button. */
export interface ShownSecret {
  url: string;
  secret: string;
  /** After a rotation: until when the previous secret still signs beside the new one. */
  previousUntil?: string;
}

export function SigningSecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose(): void }) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="Signing secret" centered size="lg">
      {shown && (
        <Stack>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            For {shown.url}
          </Text>
          <Alert color="yellow">Copy it now: you will not see it again. Your receiver needs it to verify each delivery.</Alert>
          <Code block data-testid="webhook-secret">
            {shown.secret}
          </Code>
          {shown.previousUntil && (
            <Text size="sm">
              The previous secret keeps signing beside this one until {new Date(shown.previousUntil).toLocaleString()}: switch your receiver over before then.
            </Text>
          )}
          <Group justify="flex-end">
            <CopyButton value={shown.secret}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the secret'}</Button>}</CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
