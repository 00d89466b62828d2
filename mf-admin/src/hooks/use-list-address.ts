import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A 'YYYY-MM-DD' from the address, or undefined when it is missing or malformed. */
export const isoDateParam = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/**
 * The address as the state of an admin list: `page` from 'seite', `submitFilters` puts the named
 * fields of a filter form into the address (empty values and each key's default left out, back
 * to page 1), `goTo` changes the page. Filtered views can be reloaded, bookmarked and shared.
 */
export function useListAddress(filterKeys: readonly string[], defaults: Readonly<Record<string, string>> = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('seite') ?? '1', 10) || 1);
  const submitFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of filterKeys) {
      const value = String(data.get(key) ?? '').trim();
      if (value && value !== defaults[key]) next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('seite', String(target));
    else next.delete('seite');
    setParams(next, { replace: true });
  };
  return { params, page, submitFilters, goTo };
}
