import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@shop/api-client';
import { showToast } from '@shop/shell-api';
import { cartApi } from '../../api/cart-api';
import { cartActions } from '../cart/cart-store';
import { isEmbedded, parseTakeOver } from '../cart/local-cart';

/**
 * Takes a local cart over into the server cart (`/warenkorb?uebernehmen=<id>:<qty>,…&gutschein=`,
 * opened from an embedded frame's checkout in a new top-level window, where cookies work). Each
 * line is added through the cart service, which prices and checks it; lines it refuses are named
 * in a toast. The parameters are removed afterwards, so a reload does not add twice.
 */
export function useTakeOver() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const lines = parseTakeOver(params.get('uebernehmen'));
  const code = params.get('gutschein');
  useEffect(() => {
    if (started.current || !lines.length || isEmbedded()) return;
    started.current = true;
    void (async () => {
      const refused: string[] = [];
      for (const line of lines) {
        try {
          await cartApi.add(line.productId, line.quantity);
        } catch (error) {
          refused.push(error instanceof ApiError ? error.serverMessage : 'Ein Artikel konnte nicht übernommen werden.');
        }
      }
      if (code) await cartApi.applyPromo(code).catch(() => refused.push(`Gutscheincode ${code} konnte nicht übernommen werden.`));
      await cartActions.load();
      navigate('/warenkorb', { replace: true });
      showToast(
        refused.length
          ? { title: 'Warenkorb teilweise übernommen', description: refused.join(' '), variant: 'destructive' }
          : { title: 'Warenkorb übernommen', description: 'Sie können jetzt zur Kasse gehen.', variant: 'success', durationMs: 4000 },
      );
    })();
  });
}
