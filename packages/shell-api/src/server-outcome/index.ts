import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The outcome of a storefront form sent without JavaScript (docs/decisions/forms-first.md), which
 * the page's server render read as the visitor into the query `queryKey` (the remote's
 * exposes/prefetch.ts; the page's route is `sessionRendered`): taken over into the page's first
 * render, then dropped from the cache, so a later visit in this page view starts afresh. Never
 * fetched in the browser (`read` is only the query's declared source: a service forgets an
 * outcome once read). `queryKey` must be a stable (module-level) array.
 * @returns the carried state, or null when the server render had none.
 */
export function useServerOutcome<State>(queryKey: readonly unknown[], read: () => Promise<{ state: State | null }>): State | null {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey, queryFn: read, enabled: false, staleTime: Infinity });
  const [server] = useState(() => data?.state ?? null);
  useEffect(() => queryClient.removeQueries({ queryKey }), [queryClient, queryKey]);
  return server;
}
