import { useCallback, useState } from 'react';
import { emit, on } from '@shop/event-bus';
import { showToast } from '@shop/shell-api';

/** How long to wait for the cart slice to confirm an add (ms) before saying it is not available. */
const CART_ANSWER_TIMEOUT_MS = 2000;

/**
 * Add to cart (spec §4): idle → busy ('Wird hinzugefügt...') → idle. The catalog only asks the
 * cart slice through the 'cart:add' event; the cart slice answers with 'cart:add-result' and
 * shows its own toasts. `onAdded` runs after a confirmed add (the detail page's toast). If no
 * cart slice answers (its remote is down), the shopper is told so instead of a false success.
 */
export function useAddToCart(onAdded?: () => void) {
  const [busy, setBusy] = useState(false);
  const add = useCallback(async (productId: string, quantity: number) => {
    setBusy(true);
    try {
      const answered = new Promise<boolean | null>((resolve) => {
        const off = on('cart:add-result', (result) => {
          if (result.productId !== productId) return;
          off();
          resolve(result.ok);
        });
        setTimeout(() => {
          off();
          resolve(null);
        }, CART_ANSWER_TIMEOUT_MS);
      });
      emit('cart:add', { productId, quantity });
      const result = await answered;
      if (result === true) onAdded?.();
      if (result === null) {
        showToast({
          title: 'Warenkorb nicht verfügbar',
          description: 'Der Warenkorb ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  }, [onAdded]);
  return { add, busy };
}
