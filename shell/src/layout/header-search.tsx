import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { HEADER_SEARCH, type HeaderSearchProps } from '@shop/routes';
import { ServerIsland } from '../federation/server-island';
import { openDocument } from '../navigation/open-document';

/**
 * How long a search sent before the search box's code arrived waits to be run (ms); then it goes
 * out as the server's GET form would without JavaScript (a document load of the all-products
 * listing with the query).
 */
export const SUBMIT_WAIT_MS = 3000;

/** The address the browser itself would load for a GET `form` (its action with the fields as the query). */
function addressOf(form: HTMLFormElement): string {
  const url = new URL(form.getAttribute('action') ?? '', window.location.href);
  url.search = new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, String(value)])).toString();
  return url.href;
}

/**
 * The catalog's search box in the header (spec §2, §9; @shop/routes HEADER_SEARCH), a ServerIsland:
 * the server's GET form until the shopper first reaches for it (a pointer over it, a touch, the
 * focus, a key, a submit; or the focus it got before the page was hydrated), then the live
 * combobox with suggestions, taking the typed text, the caret and the focus (HeaderSearchProps).
 * - A search sent in between (Enter, the button) is held (`aria-busy` on the box) and handed to
 *   the live box, which runs it as its own submit would (the same address, remembered as a recent
 *   search). It stays held until a navigation shows it ran; after SUBMIT_WAIT_MS, or at once when
 *   the code cannot be loaded, it goes out as the server's form would (so a live box that does not
 *   run it, such as an older release's, loses nothing). Leaving the page drops it. An empty search
 *   is not sent, as the live box sends none.
 * - A failed load leaves the server's form working natively; the next intent asks again.
 * A page's first load fetches none of its script (docs/performance.md 'The search box on first need').
 */
export function HeaderSearch() {
  const box = useRef<HTMLDivElement>(null);
  const [needed, setNeeded] = useState(false);
  const [holding, setHolding] = useState(false);
  const held = useRef<{ address: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const failed = useRef(false);
  // A held search went out as a document load: later submits wait for it instead of sending another.
  const leaving = useRef(false);
  const { key } = useLocation();

  const need = () => {
    failed.current = false;
    setNeeded(true);
  };
  const release = useRef(() => {
    if (held.current) clearTimeout(held.current.timer);
    held.current = null;
    setHolding(false);
  }).current;
  const sendHeld = () => {
    const address = held.current?.address;
    release();
    if (!address) return;
    leaving.current = true;
    openDocument(address);
  };

  // The field got the focus before the page was hydrated (a tap while the scripts loaded).
  useEffect(() => {
    if (box.current?.contains(document.activeElement)) setNeeded(true);
  }, []);
  // Any navigation (the live box running the held search, or the shopper going elsewhere) ends the hold.
  useEffect(() => release, [key, release]);
  useEffect(() => {
    window.addEventListener('pagehide', release);
    return () => window.removeEventListener('pagehide', release);
  }, [release]);

  const takeOver = (island: HTMLElement | null): HeaderSearchProps => {
    const field = island?.querySelector<HTMLInputElement>('input[name="search"]');
    const focused = Boolean(field && field === document.activeElement);
    return {
      defaultTerm: field?.value ?? '',
      autoFocus: focused,
      caret: focused ? (field?.selectionEnd ?? null) : null,
      submitted: held.current !== null,
    };
  };

  const hold = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target;
    // The live box sends its own (and has cancelled the event); so does the server's form put back
    // after the live box failed (the box is still marked live).
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || event.currentTarget.hasAttribute('data-hydrated')) return;
    if (leaving.current) return event.preventDefault();
    if (failed.current) return;
    event.preventDefault();
    need();
    const field = form.querySelector<HTMLInputElement>('input[name="search"]');
    if (held.current || !field?.value.trim()) return;
    held.current = { address: addressOf(form), timer: setTimeout(sendHeld, SUBMIT_WAIT_MS) };
    setHolding(true);
  };

  return (
    <ServerIsland
      module={HEADER_SEARCH}
      needed={needed}
      takeOver={takeOver}
      onFailed={() => {
        failed.current = true;
        setNeeded(false);
        sendHeld();
      }}
      boxRef={box}
      className="shell-site-header__search"
      testId="slot-search"
      aria-busy={holding || undefined}
      // The intent to search starts loading its code.
      onPointerEnter={need}
      onPointerDown={need}
      onFocus={need}
      onKeyDown={need}
      onInput={need}
      onSubmit={hold}
    />
  );
}
