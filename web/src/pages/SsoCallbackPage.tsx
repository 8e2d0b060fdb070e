import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, call, errorText } from '../api/client';
import { session } from '../api/session';
import { BASE, safeNext, SSO_STATE_KEY } from './sign-in-flow';

/** Where the IdP sends the browser back: passes its answer on to the service, then keeps the tokens. */
export function SsoCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const once = useRef(false);

  useEffect(() => {
    // The state works once: a second run (a re-render, React's development double effects) must not spend it again.
    if (once.current) return;
    once.current = true;
    const state = params.get('state') ?? '';
    const expected = sessionStorage.getItem(SSO_STATE_KEY);
    sessionStorage.removeItem(SSO_STATE_KEY);
    // A callback this tab did not start could sign it into someone else's account: refused before any request.
    if (!state || state !== expected) {
      setError('This sign-in was not started in this tab. Start it again from the sign-in page.');
      return;
    }
    const query: { state: string; code?: string; iss?: string; error?: string; error_description?: string } = { state };
    for (const name of ['code', 'iss', 'error', 'error_description'] as const) {
      const value = params.get(name);
      if (value !== null) query[name] = value;
    }
    call(api.GET('/api/auth/sso/idp/callback', { params: { query } })).then(
      (pair) => {
        session.signIn(pair);
        const next = pair.next_url.startsWith(`${BASE}/`) ? pair.next_url.slice(BASE.length) : null;
        navigate(safeNext(next), { replace: true });
      },
      (failure: unknown) => setError(errorText(failure)),
    );
  }, [params, navigate]);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={400} maw="100%">
        <Stack>
          <Title order={1} size="h3">
            Single sign-on
          </Title>
          {error ? (
            <>
              <Alert color="red" role="alert">
                {error}
              </Alert>
              <Button component={Link} to="/sign-in">
                Back to sign-in
              </Button>
            </>
          ) : (
            <Loader role="status" aria-label="Signing in" />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
