import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { api, call } from '../api/client';
import { ConfirmButton } from '../components/Confirm';
import { BackLink, ItemPending } from '../components/States';
import { notifyDone, notifyError } from '../components/notify';
import { WebhookDeliveries } from './WebhookDeliveries';
import { SigningSecretModal, WebhookEndpointModal, type ShownSecret } from './WebhookEndpointModal';
import { EndpointStatus } from './WebhooksPage';
import { eventTypesLabel, when } from './webhook-types';

/** One endpoint: what it takes and its state, the changes an admin makes to it, and its delivery log. */
export function WebhookEndpointPage() {
  const { endpointId = '' } = useParams();
  const path = { id: endpointId };
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  // Not under the list's key ['webhook-endpoints']: refreshing the list after a deletion must not ask for this one again.
  const endpoint = useQuery({ queryKey: ['webhook-endpoint', endpointId], queryFn: () => call(api.GET('/api/v1/webhooks/endpoints/{id}', { params: { path } })) });
  const refreshList = () => queries.invalidateQueries({ queryKey: ['webhook-endpoints'] });
  const refresh = () => Promise.all([queries.invalidateQueries({ queryKey: ['webhook-endpoint', endpointId] }), refreshList()]);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => call(api.PATCH('/api/v1/webhooks/endpoints/{id}', { params: { path }, body: { enabled } })),
    onSuccess: (saved) => {
      notifyDone(saved.enabled ? 'Enabled: new events are sent to it again. Replay what it missed if you need it.' : 'Disabled: nothing is sent to it until you enable it again.');
      return refresh();
    },
    onError: notifyError,
  });
  const test = useMutation({
    mutationFn: () => call(api.POST('/api/v1/webhooks/endpoints/{id}/test', { params: { path } })),
    onSuccess: (sent) => {
      notifyDone(`Test event ${sent.event_id} sent.`);
      return queries.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] });
    },
    onError: notifyError,
  });
  const rotate = useMutation({
    mutationFn: () => call(api.POST('/api/v1/webhooks/endpoints/{id}/rotate-secret', { params: { path } })),
    onSuccess: (rotated) => {
      setShown({ url: endpoint.data!.url, secret: rotated.secret, previousUntil: rotated.previous_secret_expires_at });
      return refresh();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => call(api.DELETE('/api/v1/webhooks/endpoints/{id}', { params: { path } })),
    onSuccess: async () => {
      notifyDone('The endpoint was deleted; no more events are sent to it.');
      await navigate('/webhooks');
      await refreshList();
    },
    onError: notifyError,
  });

  const back = <BackLink to="/webhooks" label="Webhooks" />;
  if (!endpoint.data) return <ItemPending query={endpoint} back={back} what="the endpoint" />;
  const e = endpoint.data;
  return (
    <>
      {back}
      <Title order={1} size="h2" my="md" style={{ wordBreak: 'break-all' }}>
        {e.url}
      </Title>
      <Stack gap="xs" mb="md">
        {e.description && <Text size="sm">{e.description}</Text>}
        <Group gap="xs">
          <EndpointStatus endpoint={e} />
          <Text size="sm">Events: {eventTypesLabel(e.event_types)}</Text>
        </Group>
        {e.failing_since && (
          <Alert color="orange" title="Failing">
            Every delivery has failed since {when(e.failing_since)}. After 5 days of failures the service disables the endpoint.
          </Alert>
        )}
        {e.has_previous_secret && (
          <Text size="sm" c="gray.7">
            A rotated-out secret still signs beside the current one for up to 24 hours after the rotation.
          </Text>
        )}
      </Stack>
      <Group mb="lg" gap="xs">
        <Button variant="light" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button variant="light" loading={test.isPending} disabled={!e.enabled} title={e.enabled ? undefined : 'Enable the endpoint first'} onClick={() => test.mutate()}>
          Send a test event
        </Button>
        {e.enabled ? (
          <Button variant="light" loading={toggle.isPending} onClick={() => toggle.mutate(false)}>
            Disable
          </Button>
        ) : (
          <Button variant="light" loading={toggle.isPending} onClick={() => toggle.mutate(true)}>
            Enable
          </Button>
        )}
        <ConfirmButton
          label="Rotate the secret"
          color="blue"
          size="sm"
          title="Rotate the signing secret?"
          message="A new secret signs every delivery from now on. The current one keeps signing beside it for 24 hours, so your receiver can switch without missing an event."
          confirmLabel="Rotate"
          onConfirm={() => rotate.mutateAsync()}
        />
        <ConfirmButton
          label="Delete"
          size="sm"
          title="Delete this endpoint?"
          message={`No more events are sent to ${e.url}, and its delivery log is deleted. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutateAsync()}
        />
      </Group>
      <WebhookDeliveries endpointId={endpointId} enabled={e.enabled} />
      <WebhookEndpointModal
        key={e.updated_at}
        endpoint={e}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          notifyDone('Saved.');
          void refresh();
        }}
      />
      <SigningSecretModal shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
