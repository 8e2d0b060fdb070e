import { useEffect, useRef, useState } from 'react';
import { Alert, Avatar, Button, Center, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api, call } from '../api/client';
import { session } from '../api/session';
import type { BodyOf, ResultOf } from '../api/types';

/**
 * The authorization page of "Sign in with our platform" (docs/oauth.md): the console is OAUTH_AUTHORIZATION_PAGE_URL.
 * It asks the service with the client's query and follows the answer; for a third-party client not yet allowed it
 * shows the consent screen. The service never redirects by itself, so every redirect here is its `redirect_to`.
 */
type Request = Omit<BodyOf<'/api/auth/authorize/consent', 'post'>, 'approve'>;
type Answer = ResultOf<'/api/auth/authorize', 'get'>;

const FIELDS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'nonce', 'user_id', 'tenant_id'] as const;

/** What each scope lets the application do, in the words of docs/oauth.md. */
const SCOPE_TEXT: Record<string, string> = {
  openid: 'Know who you are (your user id and workspace)',
  profile: 'See your name',
  email: 'See your e-mail address',
  offline_access: 'Stay signed in when you are away',
  'documents:read': 'Read documents',
  'documents:ingest': 'Upload documents',
  'knowledge_bases:read': 'Read memories and folders',
  'knowledge_bases:write': 'Change memories and folders',
  'chat:query': 'Ask questions and chat',
  'connectors:read': 'See connectors',
  'connectors:sync': 'Synchronise connectors',
  'feedback:read': 'Read feedback',
  'feedback:write': 'Give feedback',
  'llm:read': 'See the language models',
  'events:read': 'Read the log of what changed in the workspace',
  admin: 'Administer the workspace, within your own role',
};

function requestOf(search: string): Request | null {
  const params = new URLSearchParams(search);
  const request: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value !== null && value !== '') request[field] = value;
  }
  return request.client_id && request.redirect_uri ? (request as Request) : null;
}

/** The 400 of an untrusted client or redirect URI is `{error, error_description}` (RFC 6749), not `{detail}`. */
function oauthErrorText(error: unknown): string {
  const body = error as { error?: string; error_description?: string; detail?: unknown } | undefined;
  if (body?.error_description) return body.error_description;
  if (typeof body?.detail === 'string') return body.detail;
  return body?.error ?? 'The request could not be checked';
}

/** Where the answer goes: the origin of a web callback, the whole URI of an app's private-use scheme. */
function shownTarget(redirectUri: string): string {
  const origin = new URL(redirectUri).origin;
  return origin === 'null' ? redirectUri : origin;
}

async function ask(request: Request, approve?: boolean): Promise<Answer> {
  const { data, error } =
    approve === undefined
      ? await api.GET('/api/auth/authorize', { params: { query: request } })
      : await api.POST('/api/auth/authorize/consent', { body: { ...request, approve } });
  if (!data) throw new Error(oauthErrorText(error));
  return data;
}

export function AuthorizePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const request = requestOf(location.search);
  const [answering, setAnswering] = useState<'allow' | 'deny' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const leaving = useRef(false);

  const decision = useQuery({
    queryKey: ['authorize', location.search],
    queryFn: async () => {
      // The service trusts its session cookie before the bearer: make that cookie this console user's, so an
      // older cookie (another person's SSO sign-in on this browser) never decides who authorizes.
      await call(api.POST('/api/auth/session/create', { body: { access_token: session.accessToken() ?? '' } }));
      return ask(request!);
    },
    enabled: request !== null,
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    const answer = decision.data;
    if (answer && (answer.status === 'ok' || answer.status === 'error')) follow(answer.redirect_to);
  }, [decision.data]);

  function follow(url: string) {
    leaving.current = true;
    window.location.assign(url);
  }

  async function answer(approve: boolean) {
    setAnswering(approve ? 'allow' : 'deny');
    setFailure(null);
    try {
      const result = await ask(request!, approve);
      if (result.status === 'ok' || result.status === 'error') return follow(result.redirect_to);
      setFailure('The service asked again: reload the page and try once more.');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
    setAnswering(null);
  }

  function signInAgain() {
    session.signOut();
    navigate(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }

  let body;
  if (!request) {
    body = <Alert color="red" role="alert">This page needs the client_id and redirect_uri of an application.</Alert>;
  } else if (decision.error) {
    body = <Alert color="red" role="alert">{decision.error.message}</Alert>;
  } else if (decision.isPending || decision.data.status === 'ok' || decision.data.status === 'error' || leaving.current) {
    body = <Loader role="status" aria-label="Checking the request" />;
  } else if (decision.data.status === 'login_required') {
    body = (
      <>
        <Alert color="yellow">This application needs another account than the one signed in here (its workspace, or the user it names).</Alert>
        <Button onClick={signInAgain}>Sign in with another account</Button>
      </>
    );
  } else {
    const { client, scopes } = decision.data;
    body = (
      <>
        <Group wrap="nowrap">
          {/* The console's policy loads no image from other origins: the client's initials stand for its logo. */}
          <Avatar color="blue" radius="sm" size="lg" aria-hidden>
            {client.name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Text>
            <Text span fw={700}>
              {client.name}
            </Text>{' '}
            asks to act on your behalf. It will be able to:
          </Text>
        </Group>
        <List spacing={4} aria-label="What the application asks for">
          {scopes.map((scope) => (
            <List.Item key={scope}>
              {SCOPE_TEXT[scope] ?? scope}{' '}
              <Text span size="xs" c="gray.7">
                ({scope})
              </Text>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="gray.7">
          Your answer is sent to {shownTarget(request.redirect_uri)}.
        </Text>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" loading={answering === 'deny'} disabled={answering === 'allow'} onClick={() => void answer(false)}>
            Deny
          </Button>
          <Button loading={answering === 'allow'} disabled={answering === 'deny'} onClick={() => void answer(true)}>
            Allow
          </Button>
        </Group>
      </>
    );
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={480} maw="100%">
        <Stack>
          <Title order={1} size="h3">
            Allow access to your account
          </Title>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
