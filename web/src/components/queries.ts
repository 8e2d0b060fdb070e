import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notifyDone, notifyError } from './notify';

/**
 * One page of a list the API pages with skip/limit. `key` names the list and its filters (the page is added to it):
 * a change of filter is a new query, and invalidating the key's first element refreshes every page. The previous
 * page stays on screen while the next loads. `refetchEvery` (ms) keeps reloading the page while it answers a number
 * for the data shown (e.g. while some row is still in progress), and stops when it answers false.
 */
export function usePagedQuery<T>(
  key: QueryKey,
  fetchPage: (range: { skip: number; limit: number }) => Promise<T>,
  pageSize: number,
  refetchEvery?: (data: T | undefined) => number | false,
) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: () => fetchPage({ skip: (page - 1) * pageSize, limit: pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery ? (current) => refetchEvery(current.state.data) : false,
  });
  return { query, page, setPage, pageSize };
}

/**
 * A change the user asks for from a list (delete, revoke, toggle): a failure is notified, a success refreshes the
 * lists it touches (`invalidates`, query key prefixes), says `done` when given, then runs `then`. The success
 * waits for the refresh, so that a confirmation dialog closes on the list as it now is.
 */
export function useAction<V, R>({
  run,
  invalidates = [],
  done,
  then,
}: {
  run(variables: V): Promise<R>;
  invalidates?: QueryKey[];
  done?: string | ((result: R) => string);
  then?(result: R): unknown;
}) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      if (done) notifyDone(typeof done === 'string' ? done : done(result));
      await Promise.all(invalidates.map((queryKey) => queries.invalidateQueries({ queryKey })));
      await then?.(result);
    },
    onError: notifyError,
  });
}
