import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, MultiSelect, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { ResultOf } from '../api/types';
import { ConfirmButton } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { notifyDone } from '../components/notify';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';

const PAGE_SIZE = 20;
type Client = ResultOf<'/api/v1/oauth-clients/{client_id}', 'get'>;
type Created = ResultOf<'/api/v1/oauth-clients/', 'post'>;

/** The scopes a client may be allowed to ask for (docs/oauth.md §2); `openid` is required. */
const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'documents:read', 'documents:ingest', 'knowledge_bases:read', 'knowledge_bases:write', 'chat:query', 'connectors:read', 'connectors:sync', 'feedback:read', 'feedback:write', 'llm:read', 'events:read', 'admin'];

/** What the service allows when a client is registered without scopes: every scope but admin. */
const DEFAULT_SCOPES = SCOPES.filter((s) => s !== 'admin');

/** One URI a line; blank lines dropped. The service checks each one and answers which is refused. */
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

export function OAuthClientsPage() {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Client | null>(null);
  const [shown, setShown] = useState<Created | null>(null);
  const queries = useQueryClient();
  const clients = usePagedQuery(['oauth-clients'], (query) => call(api.GET('/api/v1/oauth-clients/', { params: { query } })), PAGE_SIZE);
  const refresh = () => queries.invalidateQueries({ queryKey: ['oauth-clients'] });
  const remove = useAction({
    run: (clientId: string) => call(api.DELETE('/api/v1/oauth-clients/{client_id}', { params: { path: { client_id: clientId } } })),
    done: 'The client was deleted; every token issued to it stopped working.',
    invalidates: [['oauth-clients']],
  });

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          OAuth clients
        </Title>
        <Button onClick={() => setCreating(true)}>Register a client</Button>
      </Group>
      <Text size="sm" c="gray.7" mb="md">
        Applications that let your people sign in with their account here and act on their behalf, within the scopes each person allows.
      </Text>
      <PagedTable
        list={clients}
        what="OAuth clients"
        empty="No OAuth clients yet. Register one for each application that signs your people in."
        label="OAuth clients"
        minWidth={800}
        rowKey={(client) => client.client_id}
        columns={[
          { header: 'Name', cell: (client) => client.name },
          { header: 'Client id', cell: (client) => <Code>{client.client_id}</Code> },
          { header: 'Kind', cell: (client) => (client.confidential ? 'Confidential' : 'Public (PKCE)') },
          {
            header: 'Redirect URIs',
            cell: (client) => (
              <Stack gap={2}>
                {client.redirect_uris.map((uri) => (
                  <Text key={uri} size="sm" style={{ wordBreak: 'break-all' }}>
                    {uri}
                  </Text>
                ))}
              </Stack>
            ),
          },
          {
            header: 'Scopes',
            cell: (client) => (
              <Group gap={4}>
                {client.scopes.map((scope) => (
                  <Badge key={scope} variant="light" size="sm">
                    {scope}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
        actions={(client) => (
          <Group gap="xs" wrap="nowrap">
            <Button variant="light" size="xs" aria-label={`Edit ${client.name}`} onClick={() => setEditing(client)}>
              Edit
            </Button>
            <ConfirmButton
              label="Delete"
              aria-label={`Delete ${client.name}`}
              title="Delete this OAuth client?"
              message={`"${client.name}" can no longer sign anyone in, and every token issued to it stops working at once. This cannot be undone.`}
              confirmLabel="Delete"
              onConfirm={() => remove.mutateAsync(client.client_id)}
            />
          </Group>
        )}
      />
      <ClientModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(created) => {
          setCreating(false);
          setShown(created as Created);
          void refresh();
        }}
      />
      <ClientModal
        key={editing?.client_id ?? 'none'}
        client={editing ?? undefined}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          notifyDone('Saved.');
          void refresh();
        }}
      />
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Your new OAuth client" centered>
        {shown && (
          <Stack>
            <Text size="sm">Client id</Text>
            <Code block data-testid="new-client-id">
              {shown.client_id}
            </Code>
            {shown.client_secret ? (
              <>
                <Alert color="yellow">Copy the secret now: it is shown this once and cannot be read again.</Alert>
                <Code block data-testid="new-client-secret">
                  {shown.client_secret}
                </Code>
              </>
            ) : (
              <Alert color="blue">A public client has no secret: it must use PKCE (S256).</Alert>
            )}
            <Group justify="flex-end">
              {shown.client_secret && <CopyButton value={shown.client_secret}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the secret'}</Button>}</CopyButton>}
              <Button variant="default" onClick={() => setShown(null)}>
                Done
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** Registers a client, or changes one (`client` given): whether it is confidential is fixed at registration. */
function ClientModal({ client, opened, onClose, onSaved }: { client?: Client; opened: boolean; onClose(): void; onSaved(saved: Client | Created): void }) {
  const [name, setName] = useState(client?.name ?? '');
  const [redirects, setRedirects] = useState((client?.redirect_uris ?? []).join('\n'));
  const [postLogout, setPostLogout] = useState((client?.post_logout_redirect_uris ?? []).join('\n'));
  const [logo, setLogo] = useState(client?.logo_url ?? '');
  const [confidential, setConfidential] = useState(client?.confidential ?? true);
  const [scopes, setScopes] = useState<string[]>(client?.scopes ?? DEFAULT_SCOPES);
  const save = useMutation({
    mutationFn: (): Promise<Client | Created> => {
      const fields = { name, redirect_uris: lines(redirects), post_logout_redirect_uris: lines(postLogout), logo_url: logo.trim() || null, scopes };
      return client
        ? call(api.PATCH('/api/v1/oauth-clients/{client_id}', { params: { path: { client_id: client.client_id } }, body: fields }))
        : call(api.POST('/api/v1/oauth-clients/', { body: { ...fields, confidential } }));
    },
    onSuccess: (saved) => {
      if (!client) {
        setName('');
        setRedirects('');
        setPostLogout('');
        setLogo('');
      }
      onSaved(saved);
    },
  });
  return (
    <FormModal
      title={client ? `Edit ${client.name}` : 'Register an OAuth client'}
      size="lg"
      opened={opened}
      onClose={onClose}
      onSubmit={() => save.mutate()}
      error={save.error}
      busy={save.isPending}
      submitLabel={client ? 'Save' : 'Register'}
    >
      <TextInput label="Name" description="Shown to people on the consent screen" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Textarea
        label="Redirect URIs"
        description="One a line, matched exactly: https, http on 127.0.0.1 or localhost, or an app scheme (com.example.app:/callback)"
        required
        autosize
        minRows={2}
        value={redirects}
        onChange={(e) => setRedirects(e.currentTarget.value)}
      />
      <Textarea label="Post-logout redirect URIs" description="Optional, one a line" autosize minRows={1} value={postLogout} onChange={(e) => setPostLogout(e.currentTarget.value)} />
      <TextInput label="Logo URL" description="Optional" value={logo} onChange={(e) => setLogo(e.currentTarget.value)} />
      <MultiSelect label="Scopes" description="What the application may ask for; openid is required" data={SCOPES} value={scopes} onChange={setScopes} required searchable />
      {client ? (
        <Text size="sm" c="gray.7">
          {client.confidential ? 'A confidential client (it keeps a secret).' : 'A public client (PKCE, no secret).'} This cannot be changed.
        </Text>
      ) : (
        <Switch
          label="Confidential"
          description="A server that keeps a secret; turn off for a browser or mobile app, which must use PKCE"
          checked={confidential}
          onChange={(e) => setConfidential(e.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
