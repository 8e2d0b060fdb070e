import { useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, call, errorText } from '../api/client';
import { session } from '../api/session';

/** The pages the service's mails link to (PUBLIC_BASE_URL/accept-invitation, /reset-password): no sign-in needed. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={420} maw="100%">
        <Stack>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

const passwordToggle = { 'aria-label': 'Show or hide the password' };

export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const info = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => call(api.GET('/api/auth/invitation/info', { params: { query: { token } } })),
    enabled: token !== '',
    retry: false,
  });

  async function accept(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const { data, error: failure } = await api.POST('/api/auth/accept-invitation', { body: { token, name, password } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    await session.start(data);
    navigate('/', { replace: true });
  }

  if (!token || info.error) {
    return (
      <Card title="Invitation">
        <Alert color="red" role="alert">
          {info.error?.message ?? 'This link has no invitation token.'}
        </Alert>
      </Card>
    );
  }
  if (info.isPending) return <Card title="Invitation"><Loader role="status" aria-label="Loading the invitation" /></Card>;
  return (
    <Card title={`Join ${info.data.tenant_name}`}>
      <Text>
        {info.data.inviter_name} invited {info.data.email} as {info.data.role}.
      </Text>
      <Stack component="form" onSubmit={accept}>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <TextInput label="Your name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <PasswordInput label="Choose a password" autoComplete="new-password" required visibilityToggleButtonProps={passwordToggle} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <Button type="submit" loading={busy}>
          Accept and sign in
        </Button>
      </Stack>
    </Card>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const { data, error } = await api.POST('/api/auth/password-reset/confirm', { body: { token, new_password: password } });
    setBusy(false);
    setResult(data ? { ok: true, text: data.detail } : { ok: false, text: errorText(error) });
  }

  return (
    <Card title="Choose a new password">
      {result?.ok ? (
        <>
          <Alert color="green">{result.text}</Alert>
          <Button component={Link} to="/sign-in">
            Sign in
          </Button>
        </>
      ) : (
        <Stack component="form" onSubmit={confirm}>
          {result && <Alert color="red" role="alert">{result.text}</Alert>}
          <PasswordInput label="New password" autoComplete="new-password" required visibilityToggleButtonProps={passwordToggle} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy} disabled={!token}>
            Set the password
          </Button>
        </Stack>
      )}
    </Card>
  );
}
