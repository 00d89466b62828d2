import { create } from 'zustand';
import { ApiError, apiRequest } from '@shop/api-client';
import type { User } from '@shop/contracts';
import { emit } from '@shop/event-bus';

/**
 * The shopper's session as every remote sees it (spec §4 'Session'; issue #11): the current user
 * is fetched on load and kept fresh for 5 minutes; login and registration set it, logout clears
 * it. The account slice writes it, others read it (checkout prefill, wishlist hearts) without
 * importing the account remote: this package is one shared module on the page. Every change is
 * announced as 'auth:changed', so slices drop data of the previous user.
 */
export interface SessionState {
  status: 'unknown' | 'anonymous' | 'authenticated';
  user: User | null;
}

const useSessionStore = create<SessionState & { checkedAt: number }>(() => ({ status: 'unknown', user: null, checkedAt: 0 }));

/** Spec §7: GET /api/auth/me is fresh for 5 minutes. */
const FRESH_MS = 5 * 60 * 1000;
let loading: Promise<User | null> | null = null;

function store(user: User | null): void {
  const before = useSessionStore.getState();
  useSessionStore.setState({ status: user ? 'authenticated' : 'anonymous', user, checkedAt: Date.now() });
  if (before.status !== 'unknown' && (before.user?.id ?? null) !== (user?.id ?? null))
    emit('auth:changed', { authenticated: user !== null });
}

/**
 * Reads the current user (GET /api/auth/me) unless a fresh answer exists. Spec §8: no retry on
 * 401 ('Nicht authentifiziert'), up to 2 retries otherwise; a failed read leaves the user unknown
 * as anonymous. @returns the user or null.
 */
export function loadSession(force = false): Promise<User | null> {
  const state = useSessionStore.getState();
  if (!force && state.status !== 'unknown' && Date.now() - state.checkedAt < FRESH_MS) return Promise.resolve(state.user);
  loading ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        const user = await apiRequest<User>('GET', '/api/auth/me', undefined, { on401: 'returnNull' });
        store(user);
        return user;
      } catch (error) {
        const unauthenticated = error instanceof ApiError && (error.status === 401 || /Nicht authentifiziert/.test(error.message));
        if (unauthenticated || attempt >= 2) {
          store(null);
          return null;
        }
      }
    }
  })().finally(() => (loading = null));
  return loading;
}

/** After login or a profile change: the user the server answered with. */
export const setSessionUser = (user: User): void => store(user);
/** After logout (or a 401 on a protected call): nobody is logged in. */
export const clearSession = (): void => store(null);

/** The session, for components (re-renders on change). */
export const useSession = (): SessionState => {
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  return { status, user };
};
