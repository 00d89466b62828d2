import { useEffect, useRef, useState } from 'react';
import { TOAST_DEFAULT_DURATION_MS, type ShopEventDetail } from '@shop/contracts';
import { on } from '@shop/event-bus';

type Toast = ShopEventDetail<'shell:toast'> & { id: number };

/**
 * Shows toasts sent by any slice ('shell:toast'), one at a time: a new toast replaces the
 * current one (spec §9 'Toasts'); each closes after its duration (default 5 s) or by its button.
 * The region is a manual popover, shown anew for every toast: that puts it in the top layer
 * above whatever modal dialog is open (side cart, drawer), where a z-index cannot reach. It sits
 * at the bottom of the viewport so it never covers the header's cart and account buttons.
 */
export function ToastHost() {
  const [toast, setToast] = useState<Toast | null>(null);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (toast) element.showPopover();
  }, [toast]);

  useEffect(() => on('shell:toast', (detail) => setToast({ ...detail, id: Date.now() })), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs ?? TOAST_DEFAULT_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <>
      {/* Always in the page, so screen readers announce each new text (a popover is display:none until shown). */}
      <div className="shop-visually-hidden" role="status" aria-live="polite">
        {toast ? `${toast.title}${toast.description ? `: ${toast.description}` : ''}` : ''}
      </div>
      <div ref={region} popover="manual" className="shell-toast-region">
        {toast && (
          <div key={toast.id} className={`shell-toast shell-toast--${toast.variant}`} data-testid="toast">
            <div>
              <strong>{toast.title}</strong>
              {toast.description && <p>{toast.description}</p>}
            </div>
            <button type="button" className="shell-toast__close" aria-label="Meldung schließen" onClick={() => setToast(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </>
  );
}
