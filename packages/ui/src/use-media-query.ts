import { useEffect, useState } from 'react';

/** Breakpoint from which listings and checkout show their side column (matches the 56rem rules in the remotes' CSS). */
export const WIDE_SCREEN_QUERY = '(min-width: 56rem)';

/**
 * Whether a CSS media query matches now, updated when it changes (rotation, window resize).
 * Used to open blocks that are collapsed on phones (filters, checkout summary) on wide screens.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
