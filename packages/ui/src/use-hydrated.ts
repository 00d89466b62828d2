import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and while it hydrates that HTML in the browser, true
 * afterwards (and always for a page rendered only in the browser). Parts that depend on the
 * visitor (storage, cookies, the session) render their neutral state until it is true, so
 * server and browser agree on the first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
