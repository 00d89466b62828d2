import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { withChallenge } from '@shop/api-client/proof-of-work';
import { showToast } from '@shop/shell-api';
import { useHydrated } from '@shop/ui';
import { cartApi } from '../../api/cart-api';
import { cartActions } from '../../api/cart-actions';
import { cartCallText } from '../../lib/cart-errors';
import { isEmbedded, parseTakeOver } from '../../lib/local-cart';

export interface TakeOverOffer {
  lines: Array<{ productId: string; quantity: number }>;
  /** Promo code of the local cart, if any. */
  code: string | null;
  /** Total number of items offered. */
  itemCount: number;
}

/**
 * A local cart offered for take-over into the server cart (`/warenkorb?uebernehmen=<id>:<qty>,…&gutschein=`,
 * opened from an embedded frame's checkout in a new top-level window, where cookies work).
 * Nothing happens until the shopper confirms (any link could fill a cart and replace
 * its promo code): `accept` adds each line through the cart service, which prices and checks it,
 * names refused lines in a toast, and applies the code; `decline` drops the offer. Either way the
 * parameters are removed, so a reload offers nothing again.
 */
export function useTakeOver(): { offer: TakeOverOffer | null; busy: boolean; accept: () => Promise<void>; decline: () => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Whether this is an embedded frame is known in the browser only: no offer before hydration.
  const hydrated = useHydrated();
  const lines = parseTakeOver(params.get('uebernehmen'));
  const code = params.get('gutschein');
  const offer =
    hydrated && lines.length && !isEmbedded() ? { lines, code, itemCount: lines.reduce((sum, line) => sum + line.quantity, 0) } : null;
  const clearParams = () => navigate('/warenkorb', { replace: true });

  async function accept() {
    if (!offer || busy) return;
    setBusy(true);
    const refused: string[] = [];
    for (const line of offer.lines) {
      try {
        await cartApi.add(line.productId, line.quantity);
      } catch (error) {
        refused.push(cartCallText(error, 'Ein Artikel konnte nicht übernommen werden.'));
      }
    }
    const { code } = offer;
    // Behind a tripped per-IP backstop the code needs a solved proof-of-work, as in the promo box.
    if (code)
      await withChallenge((headers) => cartApi.applyPromo(code, headers)).catch(() =>
        refused.push(`Gutscheincode ${code} konnte nicht übernommen werden.`),
      );
    await cartActions.load();
    clearParams();
    setBusy(false);
    showToast(
      refused.length
        ? { title: 'Warenkorb teilweise übernommen', description: refused.join(' '), variant: 'destructive' }
        : { title: 'Warenkorb übernommen', description: 'Sie können jetzt zur Kasse gehen.', variant: 'success', durationMs: 4000 },
    );
  }

  return { offer, busy, accept, decline: clearParams };
}
