import { useState } from 'react';
import { Alert, Button, Center, Divider, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { api, call, errorText } from '../api/client';
import { session } from '../api/session';
import { destination, startSso } from './sign-in-flow';

type Pair = { access_token: string; refresh_token: string; expires_in: number };

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [tenant, setTenant] = useState(params.get('tenant') ?? '');
  const [error, setError] = useState<string | null>(null);

  const done = async (pair: Pair) => {
    await session.start(pair);
    navigate(destination(params), { replace: true });
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={400} maw="100%">
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
          <Tabs defaultValue="password" keepMounted={false} onChange={() => setError(null)}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="password">With a password</Tabs.Tab>
              <Tabs.Tab value="code">With a one-time code</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="password">
              <PasswordForm tenant={tenant} onError={setError} onSignedIn={done} />
            </Tabs.Panel>
            <Tabs.Panel value="code">
              <CodeForm tenant={tenant} onError={setError} onSignedIn={done} />
            </Tabs.Panel>
          </Tabs>
          <SsoButtons tenant={tenant} next={destination(params)} onError={setError} />
        </Stack>
      </Paper>
    </Center>
  );
}

interface FormProps {
  tenant: string;
  onError(message: string | null): void;
  onSignedIn(pair: Pair): void;
}

function PasswordForm({ tenant, onError, onSignedIn }: FormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    onError(null);
    const { data, error } = await api.POST('/api/auth/login', { body: { tenant_id: tenant, email, password } });
    setBusy(false);
    if (!data) return onError(errorText(error));
    onSignedIn(data);
  }

  return (
    <Stack component="form" onSubmit={submit}>
      <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <PasswordInput label="Password" visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
      <Button type="submit" loading={busy}>
        Sign in
      </Button>
    </Stack>
  );
}

/** Sign-in by a 6-digit code sent by e-mail: first ask for the code, then enter it. */
function CodeForm({ tenant, onError, onSignedIn }: FormProps) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function request(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    onError(null);
    const { data, error } = await api.POST('/api/auth/otp/request', { body: { tenant_id: tenant, email } });
    setBusy(false);
    if (!data) return onError(errorText(error));
    setSent(data.detail);
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    onError(null);
    const { data, error } = await api.POST('/api/auth/otp/verify', { body: { tenant_id: tenant, email, code: code.trim() } });
    setBusy(false);
    if (!data) return onError(errorText(error));
    onSignedIn(data);
  }

  if (sent === null) {
    return (
      <Stack component="form" onSubmit={request}>
        <TextInput label="E-mail" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Button type="submit" loading={busy}>
          Email me a code
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" onSubmit={verify}>
      <Alert color="blue">{sent}</Alert>
      <TextInput
        label="Code"
        description={`The 6 digits sent to ${email}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
      />
      <Button type="submit" loading={busy}>
        Sign in with the code
      </Button>
      <Button variant="subtle" onClick={() => { setSent(null); setCode(''); }}>
        Use another address or send a new code
      </Button>
    </Stack>
  );
}

/** One button per enabled SSO provider of the workspace typed above (the list is public). */
function SsoButtons({ tenant, next, onError }: { tenant: string; next: string; onError(message: string | null): void }) {
  const [slug] = useDebouncedValue(tenant.trim(), 300);
  const [starting, setStarting] = useState<string | null>(null);
  const providers = useQuery({
    queryKey: ['sso-providers', slug],
    queryFn: () => call(api.GET('/api/auth/sso/providers/{tenant_id}', { params: { path: { tenant_id: slug } } })),
    enabled: slug !== '',
    retry: false,
  });
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;

  async function start(providerId: string) {
    setStarting(providerId);
    onError(null);
    try {
      await startSso(providerId, slug, next);
    } catch (error) {
      onError(errorText(error));
      setStarting(null);
    }
  }

  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Text size="sm" c="gray.7">
        Sign in with your company account
      </Text>
      {list.map((provider) => (
        <Button key={provider.provider_id} variant="default" loading={starting === provider.provider_id} onClick={() => void start(provider.provider_id)}>
          Sign in with {provider.name}
        </Button>
      ))}
    </>
  );
}
