import { useCallback, useSyncExternalStore } from 'react';

/** Breakpoint from which listings and checkout show their side column (matches the 56rem rules in the remotes' CSS). */
export const WIDE_SCREEN_QUERY = '(min-width: 56rem)';

/**
 * Whether a CSS media query matches now, updated when it changes (rotation, window resize).
 * Used to open blocks that are collapsed on phones (filters, checkout summary) on wide screens.
 * On the server and while hydrating it is false (phones first: the server cannot know the
 * width), then the browser's answer follows in the next render, so the HTML hydrates cleanly.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
