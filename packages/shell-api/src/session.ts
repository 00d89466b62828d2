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
  /**
   * How the last session on this page ended: 'signed-out' when the shopper ended it (logout,
   * account deletion: protected pages then lead home), 'expired' when the server no longer knew
   * it (protected pages lead to the login and back); null while none ended here.
   */
  ended: 'signed-out' | 'expired' | null;
}

const useSessionStore = create<SessionState & { checkedAt: number }>(() => ({ status: 'unknown', user: null, ended: null, checkedAt: 0 }));

/** Spec §7: GET /api/auth/me is fresh for 5 minutes. */
const FRESH_MS = 5 * 60 * 1000;
let loading: Promise<User | null> | null = null;

function store(user: User | null, ended: SessionState['ended'] = 'expired'): void {
  const before = useSessionStore.getState();
  useSessionStore.setState({
    status: user ? 'authenticated' : 'anonymous',
    user,
    ended: user ? null : before.user ? ended : before.ended,
    checkedAt: Date.now(),
  });
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
        const unauthenticated = error instanceof ApiError && (error.status === 401 || error.code === 'UNAUTHENTICATED');
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
/**
 * Nobody is logged in any more: `'signed-out'` after the shopper's own logout or account
 * deletion, `'expired'` (default) after a 401 on a protected call.
 */
export const clearSession = (how: 'signed-out' | 'expired' = 'expired'): void => store(null, how);

/** The session now, outside components. */
export const sessionState = (): SessionState => {
  const { status, user, ended } = useSessionStore.getState();
  return { status, user, ended };
};

/** The session, for components (re-renders on change). */
export const useSession = (): SessionState => {
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const ended = useSessionStore((state) => state.ended);
  return { status, user, ended };
};
