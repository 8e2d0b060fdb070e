import { useState } from 'react';
import { Alert, Badge, Button, CopyButton, Group, Modal, Select, Stack, Table, Tabs, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { BodyOf } from '../api/types';
import { ConfirmButton } from '../components/Confirm';
import { Paged } from '../components/Paged';
import { QueryState } from '../components/States';
import { notifyDone, notifyError } from '../components/notify';
import { ScrollTable } from '../components/ScrollTable';

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
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const queries = useQueryClient();
  const users = useQuery({
    queryKey: ['users', page, search],
    queryFn: () => call(api.GET('/api/v1/users/', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, search } } })),
    placeholderData: keepPreviousData,
  });
  const patch = useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'/api/v1/users/{id}', 'patch'> }) =>
      call(api.PATCH('/api/v1/users/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['users'] }),
    onError: notifyError,
  });
  return (
    <>
      <TextInput label="Search" placeholder="Name or e-mail" mb="sm" maw={320} value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} />
      <QueryState query={users} what="users" empty="Nobody matches.">
        {(data) => (
          <>
            <ScrollTable minWidth={700} label="People">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last sign-in</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>{user.name}</Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Role of ${user.email}`}
                          size="xs"
                          w={120}
                          data={ROLES}
                          value={user.role}
                          allowDeselect={false}
                          onChange={(role) => role && patch.mutate({ id: user.id, body: { role: role as Role } })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Badge color={user.status === 'active' ? 'green' : 'gray'}>{user.status}</Badge>
                      </Table.Td>
                      <Table.Td>{user.last_login_at ? new Date(user.last_login_at).toLocaleString() : 'never'}</Table.Td>
                      <Table.Td>
                        {user.status === 'active' ? (
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
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Paged total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}

function InvitationsTab() {
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: ['invitations'] });
  const invitations = useQuery({
    queryKey: ['invitations', page],
    queryFn: () => call(api.GET('/api/v1/users/invitations', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
  const getLink = useMutation({
    mutationFn: async (invitation: { id: string; email: string }) => ({
      email: invitation.email,
      url: (await call(api.POST('/api/v1/users/invitations/{id}/link', { params: { path: { id: invitation.id } } }))).url,
    }),
    onSuccess: setLink,
    onError: notifyError,
  });
  /** Mail that waits in the outbox reached nobody: say so and hand the admin the link instead of "sent". */
  const delivered = (invitation: { id: string; email: string; delivery?: 'queued' | 'outbox' }, sentMessage: string) => {
    if (invitation.delivery === 'outbox') getLink.mutate(invitation);
    else notifyDone(sentMessage);
    return refresh();
  };
  const resend = useMutation({
    mutationFn: (id: string) => call(api.POST('/api/v1/users/invitations/{id}/resend', { params: { path: { id } } })),
    onSuccess: (invitation) => delivered(invitation, 'Sent again with a new link.'),
    onError: notifyError,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/v1/users/invitations/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
    onError: notifyError,
  });
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setInviting(true)}>Invite someone</Button>
      </Group>
      <QueryState query={invitations} what="invitations" empty="No invitations yet.">
        {(data) => (
          <>
            <ScrollTable minWidth={700} label="Invitations">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Expires</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((invitation) => (
                    <Table.Tr key={invitation.id}>
                      <Table.Td>{invitation.email}</Table.Td>
                      <Table.Td>{invitation.role}</Table.Td>
                      <Table.Td>
                        <Badge color={invitation.status === 'pending' ? 'blue' : invitation.status === 'accepted' ? 'green' : 'gray'}>{invitation.status}</Badge>
                      </Table.Td>
                      <Table.Td>{new Date(invitation.expires_at).toLocaleString()}</Table.Td>
                      <Table.Td>
                        {invitation.status !== 'accepted' && (
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
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Paged total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
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
  const [page, setPage] = useState(1);
  const mail = useQuery({
    queryKey: ['mail-outbox', page],
    queryFn: () => call(api.GET('/api/v1/mail/outbox', { params: { query: { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryState query={mail} what="outgoing mail" empty="No mail yet.">
      {(data) => (
        <>
          {data.items.some((m) => m.status === 'outbox') && (
            <Alert color="yellow" mb="sm">
              Mail is not configured (SMTP_URL): messages marked outbox were not sent. For an invitation, get its link on the Invitations tab.
            </Alert>
          )}
          <ScrollTable minWidth={700} label="Outgoing mail">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.to}</Table.Td>
                    <Table.Td>{m.subject}</Table.Td>
                    <Table.Td>
                      <Badge color={m.status === 'sent' ? 'green' : m.status === 'failed' ? 'red' : m.status === 'outbox' ? 'yellow' : 'blue'}>{m.status}</Badge>
                    </Table.Td>
                    <Table.Td>{new Date(m.created_at).toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Paged total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </QueryState>
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
    <Modal opened={opened} onClose={onClose} title="Invite someone" centered>
      <Stack component="form" onSubmit={(event) => { event.preventDefault(); invite.mutate(); }}>
        {invite.error && <Alert color="red" role="alert">{invite.error.message}</Alert>}
        <TextInput label="E-mail" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Select label="Role" data={ROLES} value={role} allowDeselect={false} onChange={(value) => value && setRole(value as Role)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send the invitation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
