import { useCallback, useState } from 'react';
import { ON_DEMAND_ACCEPT_MS, request, RequestNotAcceptedError } from '@shop/event-bus';
import { showToast } from './toast';

/**
 * Add to cart (spec §4): idle → busy ('Wird hinzugefügt...') → idle, for every slice that sells
 * (catalog cards and product page, the wishlist). The asker only asks the
 * cart slice (the 'cart:add' request of @shop/event-bus), which shows its own toasts and answers
 * whether the product was added; `onAdded` runs after a confirmed add (the detail page's toast).
 * A cart remote that is still loading (a guest's first add loads the cart's header widget) is asked
 * again; if none accepts within ON_DEMAND_ACCEPT_MS (its remote is down), the shopper is told so
 * instead of a false success.
 */
export function useAddToCart(onAdded?: () => void) {
  const [busy, setBusy] = useState(false);
  const add = useCallback(
    async (productId: string, quantity: number) => {
      setBusy(true);
      try {
        const { ok } = await request('cart:add', { productId, quantity }, { acceptTimeoutMs: ON_DEMAND_ACCEPT_MS });
        if (ok) onAdded?.();
      } catch (error) {
        if (error instanceof RequestNotAcceptedError) {
          showToast({
            title: 'Warenkorb nicht verfügbar',
            description: 'Der Warenkorb ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
            variant: 'destructive',
          });
        } else {
          // The cart slice accepted and failed or took too long: it has shown its own error toast.
          console.error('add to cart', error);
        }
      } finally {
        setBusy(false);
      }
    },
    [onAdded],
  );
  return { add, busy };
}
