import { useRef, useState, type FormEvent } from 'react';
import { HEADER_SEARCH, type HeaderSearchProps } from '@shop/routes';
import { ServerIsland } from '../federation/server-island';

/**
 * How long a search sent before the search box's code arrived waits for it (ms); then the server's
 * form goes out as it would without JavaScript (a GET to the all-products listing).
 */
export const SUBMIT_WAIT_MS = 3000;

/**
 * The catalog's search box in the header (spec §2, §9; @shop/routes HEADER_SEARCH), a ServerIsland:
 * the server's GET form until the shopper first reaches for it (a pointer over it, a touch, the
 * focus), then the live combobox with suggestions, with what was typed and the focus carried over.
 * A search sent in between (Enter, the button) is held and handed to the live box, which runs it as
 * its own submit would (the same address, the search remembered); if the code does not come within
 * SUBMIT_WAIT_MS, or cannot be loaded, the server's form goes out as it is. A page's first load
 * fetches none of its script (docs/performance.md 'The search box on first need').
 */
export function HeaderSearch() {
  const [needed, setNeeded] = useState(false);
  const held = useRef<{ form: HTMLFormElement; timer: ReturnType<typeof setTimeout> } | null>(null);
  const failed = useRef(false);
  const need = () => setNeeded(true);

  /** Sends the held search the way the browser would without JavaScript (submit() fires no submit event). */
  const sendHeld = () => {
    const form = held.current?.form;
    if (!form) return;
    clearTimeout(held.current!.timer);
    held.current = null;
    form.submit();
  };

  const takeOver = (island: HTMLElement | null): HeaderSearchProps => {
    const field = island?.querySelector<HTMLInputElement>('input[name="search"]');
    const submitted = held.current !== null;
    if (held.current) clearTimeout(held.current.timer);
    held.current = null;
    return { defaultTerm: field?.value ?? '', autoFocus: Boolean(field && field === document.activeElement), submitted };
  };

  const hold = (event: FormEvent<HTMLDivElement>) => {
    // Only the server's form, only while its code is on the way: the live box handles its own
    // submit (and has cancelled it by the time it bubbles here).
    const form = event.target;
    if (failed.current || event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    if (held.current) return;
    held.current = { form, timer: setTimeout(sendHeld, SUBMIT_WAIT_MS) };
    setNeeded(true);
  };

  return (
    <ServerIsland
      module={HEADER_SEARCH}
      needed={needed}
      takeOver={takeOver}
      onFailed={() => {
        failed.current = true;
        sendHeld();
      }}
      className="shell-site-header__search"
      testId="slot-search"
      // The intent to search starts loading its code: a pointer over it, a finger or a focus on it.
      onPointerEnter={need}
      onPointerDown={need}
      onTouchStart={need}
      onFocus={need}
      onSubmit={hold}
    />
  );
}
