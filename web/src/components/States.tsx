import type { ReactNode } from 'react';
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';

/** Loading, error and empty states of a list, the same on every page; `children` renders the data. */
export function QueryState<T>({
  query,
  what,
  empty,
  isEmpty = (data) => (data as { items?: unknown[] }).items?.length === 0,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  empty: ReactNode;
  /** A list is empty without items; a report says when it has nothing to show. */
  isEmpty?: (data: T) => boolean;
  children(data: T): ReactNode;
}) {
  if (query.error) return <Alert color="red" role="alert">{query.error.message}</Alert>;
  if (query.isPending) {
    return (
      <Center p="lg">
        <Loader role="status" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (isEmpty(query.data)) return <Alert color="gray">{empty}</Alert>;
  return <>{children(query.data)}</>;
}

/** The way back from one thing's page to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      ← {label}
    </Anchor>
  );
}

/** One thing's page before it has its data: the error under the way back, or a loader. */
export function ItemPending({ query, back, what }: { query: UseQueryResult<unknown>; back: ReactNode; what: string }) {
  if (query.error) {
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      </Stack>
    );
  }
  return <Loader role="status" aria-label={`Loading ${what}`} />;
}
