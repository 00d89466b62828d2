import { create } from 'zustand';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isUnauthenticated } from '@shop/api-client';
import type { User } from '@shop/contracts';
import { emit } from '@shop/event-bus';
import { shopQueryClient } from './query-client';

/**
 * The shopper's session as every remote sees it (spec §4 'Session'): one React
 * Query query (GET /api/auth/me, parsed with the User contract) in the page's shopQueryClient,
 * fresh for 5 minutes; login and registration set it, logout clears it. The account slice writes
 * it, others read it (checkout prefill, wishlist hearts) through `useSession` without importing
 * the account remote. Every change of user is announced as 'auth:changed', so slices drop data of
 * the previous user.
 */
export interface SessionState {
  status: 'unknown' | 'anonymous' | 'authenticated';
  user: User | null;
  /**
   * How the last session on this page ended: 'signed-out' when the shopper ended it (logout,
   * account deletion: protected pages then lead home), 'expired' when the server no longer knew
   * it (protected pages lead to the login and back); null while none ended here.
   */
  ended: 'signed-out' | 'expired' | null;
}

/** Spec §9: the session is fresh for 5 minutes. */
const FRESH_MS = 5 * 60 * 1000;

/**
 * The session query: the user, or null when nobody is logged in. Spec §8: no retry on 401, up to
 * 2 retries otherwise; spec §9: fresh 5 min, no refetch on focus.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: async ({ signal }): Promise<User | null> => {
    const body = await apiRequest<unknown>('GET', '/api/auth/me', undefined, { on401: 'returnNull', signal });
    if (body === null) return null;
    // The schema (and zod) come with the first answer to parse, not with the page (docs/performance.md
    // 'zod off the first load'). A failed import fails the read as a failed request does (retried).
    const { User } = await import('@shop/contracts');
    return User.parse(body);
  },
  staleTime: FRESH_MS,
  retry: (failureCount, error) => !isUnauthenticated(error) && failureCount < 2,
});

/** Client state beside the query: how the last session on this page ended. */
const useEnding = create<{ ended: SessionState['ended'] }>(() => ({ ended: null }));

let lastUserId: string | null | undefined;
/**
 * Records a change of user: how a session ended, and the 'auth:changed' announcement (not for
 * the first answer of the page). Called at once by setSessionUser and clearSession, and for
 * fetched answers by the cache subscription below (React Query notifies asynchronously; by then
 * a change made here is already recorded and the call does nothing).
 */
function track(user: User | null, how: 'signed-out' | 'expired'): void {
  const userId = user?.id ?? null;
  if (userId === lastUserId) return;
  const before = lastUserId;
  lastUserId = userId;
  if (userId) useEnding.setState({ ended: null });
  else if (before) useEnding.setState({ ended: how });
  if (before !== undefined) emit('auth:changed', { authenticated: userId !== null });
}

shopQueryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated') return;
  if (event.query.queryHash !== JSON.stringify(sessionQuery.queryKey)) {
    // Any read of the page answered 'not signed in': the session ended on the server.
    if (event.action.type === 'error') endSessionOn(event.action.error);
    return;
  }
  const { data, status } = event.query.state;
  if (status !== 'pending') track((data as User | null | undefined) ?? null, 'expired');
});
shopQueryClient.getMutationCache().subscribe((event) => {
  if (event.type === 'updated' && event.action.type === 'error') endSessionOn(event.action.error);
});

/**
 * Reads the current user unless a fresh answer exists (`force` reads anew). A read that failed
 * after its retries counts as logged out. @returns the user or null.
 */
export async function loadSession(force = false): Promise<User | null> {
  try {
    return await shopQueryClient.fetchQuery({ ...sessionQuery, staleTime: force ? 0 : FRESH_MS });
  } catch {
    clearSession();
    return null;
  }
}

/** After login or a profile change: the user the server answered with. */
export function setSessionUser(user: User): void {
  track(user, 'expired');
  shopQueryClient.setQueryData(sessionQuery.queryKey, user);
}

/**
 * Nobody is logged in any more: `'signed-out'` after the shopper's own logout or account
 * deletion, `'expired'` (default) after a 401 on a protected call.
 */
export function clearSession(how: 'signed-out' | 'expired' = 'expired'): void {
  track(null, how);
  shopQueryClient.setQueryData(sessionQuery.queryKey, null);
}

/** Spec §8 'Auth 401' on a call of a signed-in shopper: the session ended on the server. */
export const SESSION_ENDED_TEXT = 'Sitzung abgelaufen. Bitte melden Sie sich erneut an.';

/**
 * The browser's one handler of 'not signed in' (spec §8 'Auth 401'): when `error` is an answer
 * with the code UNAUTHENTICATED, the session ends in this page ('expired': protected pages lead
 * to the login and back) and the result is true; anything else is left to the caller (false).
 * Failed queries and mutations of the page's shopQueryClient pass through here on their own;
 * calls made outside React Query call it in their `catch`.
 */
export function endSessionOn(error: unknown): boolean {
  if (!isUnauthenticated(error)) return false;
  clearSession();
  return true;
}

/**
 * At the page's start, for a visitor whose request carried no session cookie (EntryState.visitor
 * of @shop/contracts): nobody is logged in, known without asking the server; fresh as any answer.
 */
export function startAnonymous(): void {
  clearSession();
}

function toState(data: User | null | undefined, failed: boolean, ended: SessionState['ended']): SessionState {
  if (data === undefined && !failed) return { status: 'unknown', user: null, ended };
  return data ? { status: 'authenticated', user: data, ended } : { status: 'anonymous', user: null, ended };
}

/** The session now, outside components. */
export const sessionState = (): SessionState => {
  const query = shopQueryClient.getQueryState(sessionQuery.queryKey);
  return toState(query?.data, query?.status === 'error', useEnding.getState().ended);
};

/** The session, for components (reads, and on first use fetches, the session query; re-renders on change). */
export const useSession = (): SessionState => {
  const { data, isError } = useQuery(sessionQuery, shopQueryClient);
  const ended = useEnding((state) => state.ended);
  return toState(data, isError, ended);
};
