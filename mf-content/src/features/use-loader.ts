import { useCallback, useEffect, useState } from 'react';

/** The state of one read: loading, its data, or the error (with a way to try again). */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown; retry: () => void };

/**
 * Runs `load` when `key` changes and keeps the latest answer only (a slow answer for an earlier
 * key never replaces a newer one).
 */
export function useLoader<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: { status: 'loading' } });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    setState({ key, loaded: { status: 'loading' } });
    load().then(
      (data) => current && setState({ key, loaded: { status: 'ready', data } }),
      (error: unknown) => current && setState({ key, loaded: { status: 'error', error, retry } }),
    );
    return () => {
      current = false;
    };
    // `load` closes over `key`: a new function each render must not load again.
  }, [key, attempt]);
  return state.key === key ? state.loaded : { status: 'loading' };
}
