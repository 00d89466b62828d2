import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { refuseRequests, requestEventName } from '@shop/event-bus';
import { matchRoute, mountsWithPage, type HeaderWidget, type HeaderWidgetProps } from '@shop/routes';
import { isEmbedded } from '@shop/shell-api';
import { useHydrated } from '@shop/ui';
import { useEntry } from '../entry/entry-store';
import { RemoteBoundary, SlotFallback } from '../federation/remote-boundary';
import { useRemoteModules, type RemoteComponent } from '../federation/remote-modules';

/** The server link standing in for a personal widget: a page that does the widget's job without JavaScript. */
export interface StandInLink {
  to: string;
  /** Its accessible name (the link shows only `icon`). */
  label: string;
  icon: ReactNode;
  testId?: string;
  /**
   * A tap on the link once hydrated belongs to the widget (the cart button's side cart): the page
   * stays, the widget loads and gets the tap (HeaderWidgetProps.firstTap). Otherwise the link leads
   * to its page (the account's login), which mounts the widget itself.
   */
  takesTap?: boolean;
}

/**
 * Gives the widget's first control in `slot` the keyboard focus the replaced link had
 * (`linkFocused`), unless the focus has gone elsewhere meanwhile; leaves `linkFocused` set while
 * the widget has not rendered a control yet.
 */
function focusWidgetControl(slot: HTMLElement | null, linkFocused: RefObject<boolean>): void {
  if (!linkFocused.current) return;
  if (document.activeElement !== null && document.activeElement !== document.body) {
    linkFocused.current = false;
    return;
  }
  const control = slot?.querySelector<HTMLElement>('button, a[href], [tabindex]');
  if (!control) return;
  linkFocused.current = false;
  control.focus();
}

/**
 * A personal header widget of HEADER_WIDGETS (@shop/routes; docs/performance.md 'Personal
 * header widgets'). The server and the hydrating browser render its stand-in link, which works
 * without JavaScript. Once hydrated the widget is mounted at once for a visitor whose request
 * carried a session or cart cookie (EntryState.visitor), on its own remote's pages and inside an
 * embedded frame (no cookies there; the cart lives in local storage). For everyone else the link
 * stays until the widget is needed: one of the requests it answers is asked (a guest's first
 * 'cart:add'; the event bus asks again until it is mounted), an event it follows is announced
 * ('auth:changed'), the page comes back from the back-forward cache, or the shopper reaches for it
 * (pointer, touch, focus). From then on it stays for the page's lifetime.
 *
 * While the code loads the link stays the same element (`data-slot-fallback` says `hydrating`,
 * `waiting` or `loading`), and it is not replaced while a finger is on it: a tap that began on it
 * ends on it and is not lost. A keyboard focus on the link moves to the widget's control in the commit that
 * replaces the link, never resting on the page's body in between. If the code cannot be
 * loaded the slot shows the 'nicht verfügbar' marker, a tap the widget was to take leads to the
 * link's page instead, and the requests it answers are refused at once (the catalog's add says the
 * cart is not available without waiting out its accept time).
 */
export function PersonalWidget({ widget, link }: { widget: HeaderWidget; link: StandInLink }) {
  const hydrated = useHydrated();
  const visitor = useEntry((state) => state.visitor);
  const pageRemote = matchRoute(useLocation().pathname)?.route.remote;
  const navigate = useNavigate();
  const source = useRemoteModules();
  const [needed, setNeeded] = useState(false);
  const [firstTap, setFirstTap] = useState(false);
  const [loaded, setLoaded] = useState<{ Component: RemoteComponent } | 'failed' | null>(null);
  // A finger or button held on the link (only the link sets it, so never once the widget shows):
  // the widget waits until it is lifted and the click has reached the link, else the click would
  // end on the widget that replaced it and be lost.
  const [pressed, setPressed] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  const linkFocused = useRef(false);
  const atOnce = hydrated && (mountsWithPage(widget, visitor, pageRemote) || isEmbedded());
  const wanted = needed || atOnce;

  // Mounted once, mounted for good (leaving the cart page keeps the cart button).
  useEffect(() => {
    if (atOnce) setNeeded(true);
  }, [atOnce]);
  useEffect(() => {
    if (!hydrated || wanted) return;
    const need = () => setNeeded(true);
    const names = [...(widget.answers ?? []).map(requestEventName), ...(widget.follows ?? [])];
    for (const name of names) window.addEventListener(name, need);
    // Back to this page from the browser's back-forward cache: the visitor may have a cart or a
    // session by now (the widget reads them).
    const restored = (event: PageTransitionEvent) => event.persisted && need();
    window.addEventListener('pageshow', restored);
    return () => {
      for (const name of names) window.removeEventListener(name, need);
      window.removeEventListener('pageshow', restored);
    };
  }, [hydrated, wanted, widget]);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    source(widget.remote, widget.exposed).then(
      (Component) => active && setLoaded({ Component }),
      (error: unknown) => {
        console.error(`shell: remote '${widget.remote}' failed`, error);
        if (active) setLoaded('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [wanted, source, widget]);
  useEffect(() => {
    if (loaded === 'failed' && firstTap) navigate(link.to);
  }, [loaded, firstTap, navigate, link.to]);
  // Nobody will answer its requests now: the askers hear it at once instead of after their accept time.
  useEffect(() => {
    if (loaded !== 'failed') return;
    const stops = (widget.answers ?? []).map((name) => refuseRequests(name));
    return () => stops.forEach((stop) => stop());
  }, [loaded, widget]);

  const shown = loaded !== null && !pressed;
  // The link had the keyboard focus when the widget replaced it: the widget's control gets it, in
  // the commit that removed the link (a layout effect), so no moment passes with the focus on the
  // page's body (a Tab pressed then would start again at the top). The effect after paint tries
  // once more, for a control the widget's own effects render after that commit.
  useLayoutEffect(() => {
    if (shown) focusWidgetControl(slot.current, linkFocused);
  }, [shown]);
  useEffect(() => {
    if (!shown) return;
    focusWidgetControl(slot.current, linkFocused);
    linkFocused.current = false;
  }, [shown]);

  const need = () => hydrated && setNeeded(true);
  const press = () => {
    if (!hydrated) return;
    setNeeded(true);
    setPressed(true);
    // After the click that follows the lift (same task), not before it.
    const lift = () => setTimeout(() => setPressed(false), 0);
    window.addEventListener('pointerup', lift, { once: true });
    window.addEventListener('pointercancel', lift, { once: true });
  };
  const takeTap = (event: MouseEvent) => {
    // A click meant for a new tab or window keeps the link's own way.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setFirstTap(true);
    setNeeded(true);
  };
  const props: HeaderWidgetProps = { firstTap };
  let content: ReactNode;
  if (shown && loaded === 'failed') content = <SlotFallback />;
  else if (shown && loaded !== 'failed')
    content = (
      <RemoteBoundary remote={widget.remote} variant="slot">
        <loaded.Component {...props} />
      </RemoteBoundary>
    );
  else
    content = (
      <Link
        to={link.to}
        className="shop-icon-button"
        aria-label={link.label}
        data-testid={link.testId}
        data-slot-fallback={!hydrated ? 'hydrating' : wanted ? 'loading' : 'waiting'}
        onClick={link.takesTap ? takeTap : undefined}
        onPointerDown={press}
        onFocus={() => (linkFocused.current = true)}
        onBlur={() => (linkFocused.current = false)}
      >
        {link.icon}
      </Link>
    );
  return (
    // The intent to use it (a pointer over it, a finger or a focus on it) starts loading its code.
    <div ref={slot} data-testid={`slot-${widget.slot}`} onPointerEnter={need} onPointerDown={need} onFocus={need}>
      {content}
    </div>
  );
}
