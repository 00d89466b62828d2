import { useCallback, useState } from 'react';
import { emit, on } from '@shop/event-bus';
import { showToast } from '@shop/shell-api';

/** How long to wait for the cart slice to confirm an add (ms) before saying it is not available. */
const CART_ANSWER_TIMEOUT_MS = 2000;

/**
 * Add to cart (spec §4): idle → busy ('Wird hinzugefügt...') → idle. The catalog only asks the
 * cart slice through the 'cart:add' event; the cart slice answers with 'cart:changed' and shows
 * its own toasts. Until the cart slice exists nothing answers, and the shopper is told so
 * honestly instead of a success that did not happen.
 */
export function useAddToCart() {
  const [busy, setBusy] = useState(false);
  const add = useCallback(async (productId: string, quantity: number) => {
    setBusy(true);
    try {
      const answered = new Promise<boolean>((resolve) => {
        const off = on('cart:changed', () => {
          off();
          resolve(true);
        });
        setTimeout(() => {
          off();
          resolve(false);
        }, CART_ANSWER_TIMEOUT_MS);
      });
      emit('cart:add', { productId, quantity });
      if (!(await answered)) {
        showToast({
          title: 'Warenkorb noch nicht verfügbar',
          description: 'Der Warenkorb wird gerade aufgebaut. Bestellungen sind bald möglich.',
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  }, []);
  return { add, busy };
}
