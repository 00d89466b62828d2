import { useEffect, useLayoutEffect, useRef, useState, type HTMLAttributes, type PointerEvent, type Ref } from 'react';
import { flushSync } from 'react-dom';
import type { RemoteName } from '@shop/contracts';
import { SERVER_HTML } from '@shop/shell-api';
import { RemoteSlot } from './remote-component';
import { RemoteBoundary } from './remote-boundary';
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
  /** The module could not be loaded: the server's HTML stays, and the caller may act on it (a held submit). */
  onFailed?: () => void;
  boxRef?: Ref<HTMLDivElement>;
  testId?: string;
}

/**
 * A remote module the server renders into every page's first HTML and the browser mounts only
 * when it is needed (docs/performance.md 'The search box on first need'), so no page's first load
 * pays for its script. The box is a `<div>` with the rest of the props (class, event handlers).
 * - On the server it renders the module (a form that works before the JavaScript and without it).
 * - A browser hydrating that HTML leaves it as it is (SERVER_HTML) until `needed`. An island the
 *   server did not send (a page rendered in the browser only) loads at once.
 * - Once loaded, the live module takes the server HTML's place in one synchronous commit, with the
 *   props `takeOver` reads from that HTML right before it (what was typed, whether it had the
 *   focus), so no keystroke falls between the read and the replacement; the live module takes the
 *   focus in that same commit. Not while a pointer is pressed on the server's HTML: the click that
 *   ends the press would end on an element that is gone, and be lost.
 * - A module that fails to load leaves the server's HTML, which still works; `onFailed` is told.
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
  const loaded = useRef<RemoteComponent | null>(null);
  const pressed = useRef(false);
  const [notSent, setNotSent] = useState(false);
  const [live, setLive] = useState<{ Component: RemoteComponent; props: Record<string, unknown> } | null>(null);
  const wanted = needed || notSent;
  // Latest callbacks for the load's promise, without restarting the load when they change.
  const latest = useRef({ takeOver, onFailed });
  latest.current = { takeOver, onFailed };

  /** Puts the live module in place now, unless it is not there yet, a pointer is down or it already is. */
  const replace = useRef(() => {
    const Component = loaded.current;
    if (!Component || pressed.current) return;
    loaded.current = null;
    const props = { ...latest.current.takeOver(island.current) } as Record<string, unknown>;
    flushSync(() => setLive({ Component, props }));
  });

  useLayoutEffect(() => {
    if (island.current && !island.current.firstChild) setNotSent(true);
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

  const press = (event: PointerEvent<HTMLDivElement>) => {
    onPointerDown?.(event);
    if (live) return;
    pressed.current = true;
    // After the click that follows the lift (same task), not before it.
    const lift = () =>
      setTimeout(() => {
        pressed.current = false;
        replace.current();
      }, 0);
    window.addEventListener('pointerup', lift, { once: true });
    window.addEventListener('pointercancel', lift, { once: true });
  };

  const server = typeof window === 'undefined';
  return (
    <div ref={boxRef} data-testid={testId} data-hydrated={live ? '' : undefined} onPointerDown={press} {...box}>
      {server ? (
        <div>
          <RemoteSlot remote={module.remote} exposed={module.exposed} />
        </div>
      ) : live ? (
        <RemoteBoundary remote={module.remote} variant="slot">
          <live.Component {...live.props} />
        </RemoteBoundary>
      ) : (
        <div ref={island} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
      )}
    </div>
  );
}
