import type { ReactNode } from 'react';
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { allows, useMe } from '../api/me';

/**
 * Renders a section only for a user whose role holds its scopes. Anyone else gets a plain "not allowed" page,
 * and the section's component is never mounted: none of its (forbidden) requests is made.
 */
export function Allowed({ needs, children }: { needs: readonly string[]; children: ReactNode }) {
  const me = useMe();
  if (me.error) return <Alert color="red" role="alert">{me.error.message}</Alert>;
  if (!me.data) {
    return (
      <Center p="lg">
        <Loader role="status" aria-label="Loading your permissions" />
      </Center>
    );
  }
  if (!allows(me.data.permissions, needs)) {
    return (
      <Stack>
        <Title order={1} size="h2">Not allowed</Title>
        <Alert color="gray">Your role ({me.data.role}) does not open this section. An administrator of the workspace can change your role.</Alert>
      </Stack>
    );
  }
  return <>{children}</>;
}

/** An address inside the console that names no page. */
export function NotFound() {
  return (
    <Stack>
      <Title order={1} size="h2">Page not found</Title>
      <Alert color="gray">There is no page at this address. Choose a section in the navigation.</Alert>
    </Stack>
  );
}
