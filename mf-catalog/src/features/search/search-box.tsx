import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { productLink, splitProductName } from '@shop/catalog-rules';
import type { HeaderSearchProps } from '@shop/routes';
import { useFactualMode } from '@shop/shell-api';
import { fetchProducts } from '../../api/catalog-api';
import { useDebouncedValue } from './use-debounced-value';
import { RECENT_SEARCHES_SHOWN, useRecentSearches, useRememberSearch } from './recent-searches-store';

/** Search constants of spec §9. */
export const SUGGESTION_LIMIT = 5;
export const MIN_SEARCH_LENGTH = 2;
export const DEBOUNCE_MS = 300;
const POPULAR_SEARCHES = ['Tornado 40000', 'Blueberry', 'Ice', 'Strawberry', 'Mango'];
const POPULAR_SHOWN = 4;

type Option =
  | { kind: 'product'; id: string; label: [string, string]; href: string }
  | { kind: 'term'; id: string; term: string; group: 'recent' | 'popular' };

/**
 * Header search box (spec §2, §4, §5, §9) as an ARIA combobox: opens on focus or typing;
 * after 300 ms and at least 2 trimmed characters it shows up to 5 product suggestions (name
 * split after the model number); below 2 characters, recent (3 of 5 stored) and popular (4 of
 * 5) searches. Arrow keys move, Enter selects or submits, Escape and outside clicks close.
 * Submitting goes to the all-products page with the query. In the factual presentation mode
 * (§ 19 TabakerzG) the fixed terms are offered as 'Beispiel', not as 'Beliebt'.
 *
 * Mounted by the shell in place of the server's form (HeaderSearchProps): it starts with what was
 * typed there, takes the focus with the caret where it was if the form had it, and runs a search
 * the shopper sent meanwhile (an empty one, as its own submit, runs nothing and keeps the focus).
 */
export function SearchBox({ defaultTerm = '', autoFocus = false, caret = null, submitted = false }: Partial<HeaderSearchProps>) {
  const popularLabel = useFactualMode() ? 'Beispiel' : 'Beliebt';
  const runsSent = submitted && defaultTerm.trim() !== '';
  const [term, setTerm] = useState(defaultTerm);
  const [open, setOpen] = useState(autoFocus && !runsSent);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const recent = useRecentSearches();
  const remember = useRememberSearch();
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;

  const trimmed = term.trim();
  const debounced = useDebouncedValue(trimmed, DEBOUNCE_MS);
  const searching = debounced.length >= MIN_SEARCH_LENGTH;
  const { data, isFetching, isError } = useQuery({
    queryKey: ['suggestions', debounced],
    queryFn: () => fetchProducts({ search: debounced, limit: SUGGESTION_LIMIT }),
    enabled: open && searching,
    staleTime: 30_000,
  });

  const options: Option[] = searching
    ? (data?.products ?? []).map((product) => ({
        kind: 'product',
        id: `${id}-p-${product.id}`,
        label: splitProductName(product.name),
        href: productLink(product),
      }))
    : [
        ...recent
          .slice(0, RECENT_SEARCHES_SHOWN)
          .map((t, i) => ({ kind: 'term' as const, id: `${id}-r-${i}`, term: t, group: 'recent' as const })),
        ...POPULAR_SEARCHES.slice(0, POPULAR_SHOWN).map((t, i) => ({
          kind: 'term' as const,
          id: `${id}-q-${i}`,
          term: t,
          group: 'popular' as const,
        })),
      ];

  useEffect(() => setActive(-1), [debounced, open]);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    // The focus the server's form had, in the commit that replaced it, with the caret where it was.
    if (autoFocus && !runsSent) {
      input.focus();
      const at = Math.min(caret ?? input.value.length, input.value.length);
      input.setSelectionRange(at, at);
      return;
    }
    // A host that hydrates the server's box instead (a shell release before the box loaded on first
    // intent): React keeps the text typed before hydration on screen but starts from the server's
    // empty value, and its next render would wipe it. Taken over before the first paint.
    if (input.value && !defaultTerm) {
      setTerm(input.value);
      if (document.activeElement === input) setOpen(true);
    }
    // Mount only: the props describe the moment the box took the form's place.
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const searchFor = (value: string) => {
    const text = value.trim();
    if (!text) return;
    remember(text);
    setOpen(false);
    setTerm(text);
    navigate(`/randm-tornado-vape-alle-produkte?search=${encodeURIComponent(text)}`);
  };

  // A search sent from the server's form while this code was on its way: run as this box's submit
  // (once, also when React runs the effect twice in development).
  const sent = useRef(runsSent);
  useEffect(() => {
    if (!sent.current) return;
    sent.current = false;
    searchFor(defaultTerm);
  }, []);

  const choose = (option: Option) => {
    if (option.kind === 'term') return searchFor(option.term);
    remember(trimmed);
    setOpen(false);
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (options.length ? (index + 1) % options.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (options.length ? (index <= 0 ? options.length - 1 : index - 1) : -1));
    } else if (event.key === 'Escape' && open) {
      // Close the popup only; without this the browser also clears a type=search field.
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    }
  };

  /** Searches for what the box shows, as the browser's own submit would. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    searchFor(String(new FormData(event.currentTarget).get('search') ?? ''));
  };

  const waiting = searching && (isFetching || trimmed !== debounced) && !data;
  const noResults = searching && !isFetching && !isError && data && data.products.length === 0;
  const showPanel = open && (options.length > 0 || waiting || noResults || isError);

  return (
    // action and name: before the page has hydrated, the browser itself sends the search to the
    // all-products listing; afterwards onSubmit does, with the recent searches.
    <form role="search" className="catalog-search-box" action="/randm-tornado-vape-alle-produkte" onSubmit={onSubmit} ref={rootRef}>
      <label htmlFor={`${id}-input`} className="shop-visually-hidden">
        Produkte suchen
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        name="search"
        type="search"
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && options[active] ? options[active].id : undefined}
        className="catalog-search-box__input"
        placeholder="Geschmack oder Modell"
        value={term}
        maxLength={100}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="catalog-search-box__submit">
        Suchen
      </button>
      <div className="catalog-search-box__panel" hidden={!showPanel}>
        {waiting && (
          <p className="catalog-search-box__status" role="status">
            Suche läuft...
          </p>
        )}
        {noResults && (
          <p className="catalog-search-box__status" role="status">
            Keine Produkte gefunden für "{debounced}". Versuchen Sie es mit: {POPULAR_SEARCHES.slice(0, POPULAR_SHOWN).join(', ')}
          </p>
        )}
        {isError && (
          <p className="catalog-search-box__status" role="alert">
            Die Suche ist gerade nicht verfügbar.
          </p>
        )}
        <ul id={listId} role="listbox" aria-label={searching ? 'Produktvorschläge' : 'Suchvorschläge'}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={index === active}
              className={`catalog-search-box__option${index === active ? ' catalog-search-box__option--active' : ''}`}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.kind === 'product' ? (
                <>
                  <span className="catalog-search-box__model">{option.label[0]}</span>{' '}
                  <span className="catalog-search-box__variant">{option.label[1]}</span>
                </>
              ) : (
                <>
                  <span className="catalog-search-box__group">{option.group === 'recent' ? 'Zuletzt gesucht' : popularLabel}:</span>{' '}
                  {option.term}
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
