import { useState } from 'react';
import { Alert, Badge, Button, CopyButton, Group, Modal, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { BodyOf } from '../api/types';
import { ConfirmButton } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { notifyDone } from '../components/notify';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';

const PAGE_SIZE = 20;
type Role = BodyOf<'/api/v1/users/invitations', 'post'>['role'];
const ROLES: Role[] = ['owner', 'admin', 'member', 'viewer'];

export function UsersPage() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Users
      </Title>
      <Tabs defaultValue="users">
        <Tabs.List mb="md">
          <Tabs.Tab value="users">People</Tabs.Tab>
          <Tabs.Tab value="invitations">Invitations</Tabs.Tab>
          <Tabs.Tab value="outbox">Outgoing mail</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <PeopleTab />
        </Tabs.Panel>
        <Tabs.Panel value="invitations">
          <InvitationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <OutboxTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function PeopleTab() {
  const [search, setSearch] = useState('');
  const users = usePagedQuery(['users', search], (range) => call(api.GET('/api/v1/users/', { params: { query: { ...range, search } } })), PAGE_SIZE);
  const patch = useAction({
    run: ({ id, body }: { id: string; body: BodyOf<'/api/v1/users/{id}', 'patch'> }) => call(api.PATCH('/api/v1/users/{id}', { params: { path: { id } }, body })),
    invalidates: [['users']],
  });
  return (
    <>
      <TextInput label="Search" placeholder="Name or e-mail" mb="sm" maw={320} value={search} onChange={(e) => { setSearch(e.currentTarget.value); users.setPage(1); }} />
      <PagedTable
        list={users}
        what="users"
        empty="Nobody matches."
        label="People"
        minWidth={700}
        rowKey={(user) => user.id}
        columns={[
          { header: 'Name', cell: (user) => user.name },
          { header: 'E-mail', cell: (user) => user.email },
          {
            header: 'Role',
            cell: (user) => (
              <Select
                aria-label={`Role of ${user.email}`}
                size="xs"
                w={120}
                data={ROLES}
                value={user.role}
                allowDeselect={false}
                onChange={(role) => role && patch.mutate({ id: user.id, body: { role: role as Role } })}
              />
            ),
          },
          { header: 'Status', cell: (user) => <Badge color={user.status === 'active' ? 'green' : 'gray'}>{user.status}</Badge> },
          { header: 'Last sign-in', cell: (user) => (user.last_login_at ? new Date(user.last_login_at).toLocaleString() : 'never') },
        ]}
        actions={(user) =>
          user.status === 'active' ? (
            <ConfirmButton
              label="Disable"
              aria-label={`Disable ${user.email}`}
              title="Disable this user?"
              message={`${user.email} is signed out everywhere and cannot sign in until enabled again.`}
              confirmLabel="Disable"
              onConfirm={() => patch.mutateAsync({ id: user.id, body: { status: 'disabled' } })}
            />
          ) : (
            <Button size="xs" variant="light" aria-label={`Enable ${user.email}`} onClick={() => patch.mutate({ id: user.id, body: { status: 'active' } })}>
              Enable
            </Button>
          )}
      />
    </>
  );
}

function InvitationsTab() {
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: ['invitations'] });
  const invitations = usePagedQuery(['invitations'], (query) => call(api.GET('/api/v1/users/invitations', { params: { query } })), PAGE_SIZE);
  const getLink = useAction({
    run: async (invitation: { id: string; email: string }) => ({
      email: invitation.email,
      url: (await call(api.POST('/api/v1/users/invitations/{id}/link', { params: { path: { id: invitation.id } } }))).url,
    }),
    then: setLink,
  });
  /** Mail that waits in the outbox reached nobody: say so and hand the admin the link instead of "sent". */
  const delivered = (invitation: { id: string; email: string; delivery?: 'queued' | 'outbox' }, sentMessage: string) => {
    if (invitation.delivery === 'outbox') getLink.mutate(invitation);
    else notifyDone(sentMessage);
    return refresh();
  };
  const resend = useAction({
    run: (id: string) => call(api.POST('/api/v1/users/invitations/{id}/resend', { params: { path: { id } } })),
    then: (invitation) => delivered(invitation, 'Sent again with a new link.'),
  });
  const revoke = useAction({
    run: (id: string) => call(api.DELETE('/api/v1/users/invitations/{id}', { params: { path: { id } } })),
    invalidates: [['invitations']],
  });
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setInviting(true)}>Invite someone</Button>
      </Group>
      <PagedTable
        list={invitations}
        what="invitations"
        empty="No invitations yet."
        label="Invitations"
        minWidth={700}
        rowKey={(invitation) => invitation.id}
        columns={[
          { header: 'E-mail', cell: (invitation) => invitation.email },
          { header: 'Role', cell: (invitation) => invitation.role },
          {
            header: 'Status',
            cell: (invitation) => (
              <Badge color={invitation.status === 'pending' ? 'blue' : invitation.status === 'accepted' ? 'green' : 'gray'}>{invitation.status}</Badge>
            ),
          },
          { header: 'Expires', cell: (invitation) => new Date(invitation.expires_at).toLocaleString() },
        ]}
        actions={(invitation) =>
            invitation.status !== 'accepted' && (
              <Group gap="xs">
                <Button size="xs" variant="light" aria-label={`Resend to ${invitation.email}`} loading={resend.isPending} onClick={() => resend.mutate(invitation.id)}>
                  Resend
                </Button>
                {invitation.status === 'pending' && (
                  <Button size="xs" variant="default" aria-label={`Get the link of ${invitation.email}`} loading={getLink.isPending} onClick={() => getLink.mutate(invitation)}>
                    Get link
                  </Button>
                )}
                {invitation.status === 'pending' && (
                  <ConfirmButton
                    label="Revoke"
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                    title="Revoke this invitation?"
                    message={`The link mailed to ${invitation.email} stops working.`}
                    confirmLabel="Revoke"
                    onConfirm={() => revoke.mutateAsync(invitation.id)}
                  />
                )}
              </Group>
            )}
      />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} onInvited={(invitation) => { setInviting(false); void delivered(invitation, 'Invitation mailed.'); }} />
      <LinkModal link={link} onClose={() => setLink(null)} />
    </>
  );
}

function LinkModal({ link, onClose }: { link: { email: string; url: string } | null; onClose(): void }) {
  return (
    <Modal opened={link !== null} onClose={onClose} title="Invitation link" centered>
      {link && (
        <Stack>
          <Alert color="yellow" role="status">
            Mail is not configured: the invitation waits in the outbox. Copy the link and send it yourself.
          </Alert>
          <Text size="sm">
            Send it to {link.email} only: whoever opens it joins the workspace. A new link replaces this one.
          </Text>
          <TextInput label="Link" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
          <Group justify="flex-end">
            <CopyButton value={link.url}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the link'}</Button>}</CopyButton>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The workspace's outgoing mail: what was sent, and what waits because mail is not configured (never the bodies). */
function OutboxTab() {
  const mail = usePagedQuery(['mail-outbox'], (query) => call(api.GET('/api/v1/mail/outbox', { params: { query } })), PAGE_SIZE);
  return (
    <PagedTable
      list={mail}
      what="outgoing mail"
      empty="No mail yet."
      above={(data) =>
        data.items.some((m) => m.status === 'outbox') && (
          <Alert color="yellow" mb="sm">
            Mail is not configured (SMTP_URL): messages marked outbox were not sent. For an invitation, get its link on the Invitations tab.
          </Alert>
        )
      }
      label="Outgoing mail"
      minWidth={700}
      rowKey={(m) => m.id}
      columns={[
        { header: 'To', cell: (m) => m.to },
        { header: 'Subject', cell: (m) => m.subject },
        {
          header: 'Status',
          cell: (m) => <Badge color={m.status === 'sent' ? 'green' : m.status === 'failed' ? 'red' : m.status === 'outbox' ? 'yellow' : 'blue'}>{m.status}</Badge>,
        },
        { header: 'Created', cell: (m) => new Date(m.created_at).toLocaleString() },
      ]}
    />
  );
}

type Invited = { id: string; email: string; delivery?: 'queued' | 'outbox' };

function InviteModal({ opened, onClose, onInvited }: { opened: boolean; onClose(): void; onInvited(invitation: Invited): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const invite = useMutation({
    mutationFn: () => call(api.POST('/api/v1/users/invitations', { body: { email, role } })),
    onSuccess: (invitation) => {
      setEmail('');
      onInvited(invitation);
    },
  });
  return (
    <FormModal title="Invite someone" opened={opened} onClose={onClose} onSubmit={() => invite.mutate()} error={invite.error} busy={invite.isPending} submitLabel="Send the invitation">
      <TextInput label="E-mail" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <Select label="Role" data={ROLES} value={role} allowDeselect={false} onChange={(value) => value && setRole(value as Role)} />
    </FormModal>
  );
}
