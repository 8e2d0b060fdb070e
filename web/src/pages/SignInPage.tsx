import { useState } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { api, errorText } from '../api/client';
import { session } from '../api/session';

/** Only a path inside the console may follow sign-in: never another origin (no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/documents';
}

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [tenant, setTenant] = useState(params.get('tenant') ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error: failure } = await api.POST('/api/auth/login', { body: { tenant_id: tenant, email, password } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    session.signIn(data);
    navigate(safeNext(params.get('next')), { replace: true });
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={380} maw="100%" component="form" onSubmit={submit}>
        <Stack>
          <Title order={1} size="h3">
            Sign in
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Workspace" description="Your company's workspace id" required value={tenant} onChange={(e) => setTenant(e.currentTarget.value)} />
          <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label="Password" visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
