import { useEffect, useState } from 'react';
import { TOAST_DEFAULT_DURATION_MS, type ShopEventDetail } from '@shop/contracts';
import { on } from '@shop/event-bus';

type Toast = ShopEventDetail<'shell:toast'> & { id: number };

/**
 * Shows toasts sent by any slice ('shell:toast'), one at a time: a new toast replaces the
 * current one (spec §9 'Toasts'); each closes after its duration (default 5 s) or by its button.
 */
export function ToastHost() {
  const [toast, setToast] = useState<Toast | null>(null);

  useEffect(() => on('shell:toast', (detail) => setToast({ ...detail, id: Date.now() })), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs ?? TOAST_DEFAULT_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toast-region" aria-live="polite" role="status">
      {toast && (
        <div key={toast.id} className={`toast toast--${toast.variant}`} data-testid="toast">
          <div>
            <strong>{toast.title}</strong>
            {toast.description && <p>{toast.description}</p>}
          </div>
          <button type="button" className="toast__close" aria-label="Meldung schließen" onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
