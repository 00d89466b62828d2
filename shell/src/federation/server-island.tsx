import { Suspense, useEffect, useLayoutEffect, useRef, useState, type HTMLAttributes, type PointerEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { ErrorBoundary } from 'react-error-boundary';
import type { RemoteName } from '@shop/contracts';
import { SERVER_HTML } from '@shop/shell-api';
import { RemoteSlot } from './remote-component';
import { useRemoteModules, type RemoteComponent } from './remote-modules';

/** A module a remote exposes into the shell's chrome (@shop/routes HEADER_SEARCH, FOOTER_NEWSLETTER). */
export interface IslandModule {
  remote: RemoteName;
  exposed: string;
}

export interface ServerIslandProps<P extends object> extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  module: IslandModule;
  /** The caller's signal that the module is needed now (the footer came near, the shopper reached for the search). */
  needed: boolean;
  /** The props for the live module, read from the server's HTML at the moment it is replaced. */
  takeOver: (island: HTMLElement | null) => P;
  /** The module could not be loaded: the server's HTML stays, and the caller may act on it (a held submit, a later retry). */
  onFailed?: () => void;
  boxRef?: RefObject<HTMLDivElement | null>;
  testId?: string;
}

/** What can hold the keyboard focus inside an island. */
const FOCUSABLE = 'input, button, select, textarea, a[href], [tabindex]';

/**
 * A remote module the server renders into every page's first HTML and the browser mounts only
 * when it is needed (docs/performance.md 'The search box on first need'), so no page's first load
 * pays for its script. Made for a form that works without JavaScript (the header's search, the
 * footer's sign-up). The box is a `<div>` with the rest of the props (class, event handlers).
 * - On the server it renders the module.
 * - A browser hydrating that HTML leaves it as it is (SERVER_HTML) until `needed`. An island
 *   without the module's form (a page rendered in the browser only, or one whose server render
 *   went without the module) loads at once.
 * - Once loaded, the live module takes the server HTML's place in one synchronous commit, with the
 *   props `takeOver` reads from that HTML right before it (what was typed, whether it had the
 *   focus), so no keystroke falls between the read and the replacement. The control that had the
 *   keyboard focus hands it to the live module's control in the same place, unless the module
 *   took it itself. Not while a pointer is pressed on the server's HTML: the click that ends the
 *   press would end on an element that is gone, and be lost.
 * - A module that fails to load leaves the server's HTML, which still works; `onFailed` is told,
 *   and the caller may ask again (`needed` false, then true). One that fails while rendering
 *   gives way to the server's HTML as it was when it was replaced.
 * - `data-hydrated` on the box says the live module is there.
 */
export function ServerIsland<P extends object>({
  module,
  needed,
  takeOver,
  onFailed,
  boxRef,
  testId,
  onPointerDown,
  ...box
}: ServerIslandProps<P>) {
  const source = useRemoteModules();
  const island = useRef<HTMLDivElement>(null);
  const ownBox = useRef<HTMLDivElement>(null);
  const outer = boxRef ?? ownBox;
  const loaded = useRef<RemoteComponent | null>(null);
  const pressed = useRef<AbortController | null>(null);
  const [notSent, setNotSent] = useState(false);
  const [live, setLive] = useState<{ Component: RemoteComponent; props: Record<string, unknown>; serverHtml: string } | null>(null);
  const wanted = needed || notSent;
  // The latest callbacks for the load's promise, without restarting the load when they change.
  const latest = useRef({ takeOver, onFailed });
  useLayoutEffect(() => {
    latest.current = { takeOver, onFailed };
  });

  /** Puts the live module in place now, unless it is not there yet, a pointer is down or it already is. */
  const replace = useRef(() => {
    const Component = loaded.current;
    const html = island.current;
    if (!Component || pressed.current || !html) return;
    loaded.current = null;
    const focusables = [...html.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const focused = focusables.findIndex((element) => element === document.activeElement);
    const props = { ...latest.current.takeOver(html) } as Record<string, unknown>;
    const serverHtml = html.innerHTML;
    flushSync(() => setLive({ Component, props, serverHtml }));
    // The focus was on a control of the server's HTML that is gone now: the control in its place.
    if (focused >= 0 && (document.activeElement === null || document.activeElement === document.body))
      outer.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[focused]?.focus();
  });

  useLayoutEffect(() => {
    if (island.current && !island.current.querySelector('form')) setNotSent(true);
  }, []);

  useEffect(() => {
    if (!wanted) return;
    let active = true;
    source(module.remote, module.exposed).then(
      (Component) => {
        if (!active) return;
        loaded.current = Component;
        replace.current();
      },
      (error: unknown) => {
        console.error(`shell: remote '${module.remote}' failed; the server's ${module.exposed} stays`, error);
        if (active) latest.current.onFailed?.();
      },
    );
    return () => {
      active = false;
    };
  }, [wanted, source, module.remote, module.exposed]);

  // A press still held when the island goes away.
  useEffect(() => () => pressed.current?.abort(), []);

  const press = (event: PointerEvent<HTMLDivElement>) => {
    onPointerDown?.(event);
    if (live || pressed.current) return;
    const press = new AbortController();
    pressed.current = press;
    // After the click that follows the lift (same task), not before it. Whatever ends the press
    // first (the lift, a cancelled touch, a context menu, the window losing the focus) ends it.
    const lift = () => {
      press.abort();
      setTimeout(() => {
        if (pressed.current === press) pressed.current = null;
        replace.current();
      }, 0);
    };
    for (const type of ['pointerup', 'pointercancel', 'contextmenu', 'blur'])
      window.addEventListener(type, lift, { once: true, signal: press.signal });
  };

  const server = typeof window === 'undefined';
  return (
    <div ref={outer} data-testid={testId} data-hydrated={live ? '' : undefined} onPointerDown={press} {...box}>
      {server ? (
        <div>
          <RemoteSlot remote={module.remote} exposed={module.exposed} />
        </div>
      ) : live ? (
        <ErrorBoundary
          // The server's form as it was: it still works without the module.
          fallback={<div dangerouslySetInnerHTML={{ __html: live.serverHtml }} />}
          onError={(error) => console.error(`shell: remote '${module.remote}' failed; the server's ${module.exposed} is back`, error)}
        >
          <Suspense fallback={<div dangerouslySetInnerHTML={{ __html: live.serverHtml }} />}>
            <live.Component {...live.props} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <div ref={island} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
      )}
    </div>
  );
}
