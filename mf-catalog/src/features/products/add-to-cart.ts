import { useCallback, useState } from 'react';
import { emit, on } from '@shop/event-bus';
import { showToast } from '@shop/shell-api';

/** How long to wait for the cart slice to accept an add (ms) before saying it is not available. */
const CART_ACCEPT_TIMEOUT_MS = 2000;
/** Upper bound for the cart slice's result once it accepted (ms); it shows its own error toasts. */
const CART_RESULT_TIMEOUT_MS = 30_000;
/** Pause between asks while the cart remote is still loading (ms). */
const CART_RETRY_MS = 200;

/**
 * Add to cart (spec §4): idle → busy ('Wird hinzugefügt...') → idle. The catalog only asks the
 * cart slice through the 'cart:add' event; the cart slice accepts it at once ('cart:add-accepted'),
 * answers with 'cart:add-result' and shows its own toasts. `onAdded` runs after a confirmed add
 * (the detail page's toast). A cart remote that is still loading is asked again; if none
 * accepts within 2 s (its remote is down), the shopper is told so instead of a false success;
 * a slow add is simply waited for.
 */
export function useAddToCart(onAdded?: () => void) {
  const [busy, setBusy] = useState(false);
  const add = useCallback(
    async (productId: string, quantity: number) => {
      setBusy(true);
      let accepted = false;
      let settle: (ok: boolean | 'no-result') => void = () => undefined;
      const result = new Promise<boolean | 'no-result'>((resolve) => (settle = resolve));
      // Events are dispatched synchronously: right after emit() it is known whether the cart took it.
      const offAccepted = on('cart:add-accepted', (event) => {
        if (event.productId === productId) accepted = true;
      });
      const offResult = on('cart:add-result', (event) => {
        if (event.productId === productId) settle(event.ok);
      });
      const resultTimer = setTimeout(() => settle('no-result'), CART_RESULT_TIMEOUT_MS);
      try {
        // The cart remote may still be loading (its header widget mounts after the page): ask again
        // until it accepts or the time is up. Nothing is added twice: an unheard add is not accepted.
        const deadline = Date.now() + CART_ACCEPT_TIMEOUT_MS;
        emit('cart:add', { productId, quantity });
        while (!accepted && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, CART_RETRY_MS));
          if (!accepted) emit('cart:add', { productId, quantity });
        }
        if (!accepted) {
          showToast({
            title: 'Warenkorb nicht verfügbar',
            description: 'Der Warenkorb ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
            variant: 'destructive',
          });
          return;
        }
        if ((await result) === true) onAdded?.();
      } finally {
        offAccepted();
        offResult();
        clearTimeout(resultTimer);
        setBusy(false);
      }
    },
    [onAdded],
  );
  return { add, busy };
}
