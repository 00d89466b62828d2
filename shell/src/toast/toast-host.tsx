import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_DEFAULT_DURATION_MS, type ShopEventDetail } from '@shop/contracts';
import { on } from '@shop/event-bus';
import { Announcement } from './announcement';
import { toastPlace, type ToastPlace } from './toast-place';

type Toast = ShopEventDetail<'shell:toast'> & { id: number };

/**
 * Shows toasts sent by any slice ('shell:toast'), one at a time: a new toast replaces the
 * current one (spec §9 'Toasts'); each closes after its duration (default 5 s) or by its button.
 * While the toast holds the keyboard focus it stays (WCAG 2.2.1: a shopper who reached its close
 * button with Tab does not lose it, and the focus does not fall to the page's start); its full
 * duration starts again when the focus leaves it.
 *
 * Where (on a phone the toast covered the side cart's buttons, and while a modal
 * dialog was open it could neither be closed nor heard, as the dialog makes the page inert):
 * - a modal dialog is open: the toast goes inside it, so it is not inert. A dialog with a
 *   `[data-toast-slot]` element (the side cart, under its heading) shows it there in the flow,
 *   where it covers nothing; any other dialog shows it as a popover above its content.
 * - otherwise: a manual popover at the bottom of the viewport (the top layer, above the page),
 *   never over the header's cart and account buttons, and lifted above a bar that a page keeps at
 *   the bottom of the screen (`[data-shop-bottom-bar]`, the phone cart page's 'Zur Kasse').
 * The text is announced by a polite live region in the same place.
 */
export function ToastHost() {
  const [toast, setToast] = useState<Toast | null>(null);
  const [place, setPlace] = useState<ToastPlace>({ kind: 'page', bottomOffsetPx: 0 });
  const region = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);

  useEffect(
    () =>
      on('shell:toast', (detail) => {
        setPlace(toastPlace(document));
        setToast({ ...detail, id: Date.now() });
      }),
    [],
  );

  useEffect(() => {
    if (!toast || focused) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs ?? TOAST_DEFAULT_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, focused]);
  // A toast that goes (closed, replaced) holds the focus no more.
  useEffect(() => setFocused(false), [toast?.id]);

  // A dialog that opens or closes while a toast shows takes it or gives it back (the side cart
  // opens just after its 'Hinzugefügt!' toast was sent).
  useEffect(() => {
    if (!toast) return;
    const observer = new MutationObserver(() => setPlace(toastPlace(document)));
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [toast]);

  // A popover is shown anew for every toast, which puts it on top of the top layer.
  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (toast) element.showPopover();
  }, [toast, place]);

  const text = toast ? `${toast.title}${toast.description ? `: ${toast.description}` : ''}` : '';
  const card = toast && (
    <div
      key={toast.id}
      className={`shell-toast shell-toast--${toast.variant}`}
      data-testid="toast"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div>
        <strong>{toast.title}</strong>
        {toast.description && <p>{toast.description}</p>}
      </div>
      <button type="button" className="shell-toast__close" aria-label="Meldung schließen" onClick={() => setToast(null)}>
        ×
      </button>
    </div>
  );

  if (place.kind === 'dialog' && place.slot) {
    return createPortal(
      <div className="shell-toast-slot">
        <Announcement text={text} />
        {card}
      </div>,
      place.slot,
    );
  }
  const popover = (
    <div
      ref={region}
      popover="manual"
      className="shell-toast-region"
      style={place.kind === 'page' && place.bottomOffsetPx ? { bottom: `calc(${place.bottomOffsetPx}px + 0.5rem)` } : undefined}
    >
      {card}
    </div>
  );
  if (place.kind === 'dialog') return createPortal(withAnnouncement(text, popover), place.dialog);
  // In the page (and the server-rendered HTML): the live region is always there, so every new
  // text is announced (a popover is display:none until shown).
  return withAnnouncement(text, popover);
}

function withAnnouncement(text: string, children: ReactNode) {
  return (
    <>
      <Announcement text={text} />
      {children}
    </>
  );
}
