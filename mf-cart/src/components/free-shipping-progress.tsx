import { FREE_SHIPPING_MIN_ITEMS } from '@shop/contracts';

/** 'Noch {n} Produkt(e) für kostenlosen Versand!' with a progress bar of items/4 (spec §9). */
export function FreeShippingProgress({ itemCount, remaining }: { itemCount: number; remaining: number }) {
  const percent = Math.min(100, Math.round((itemCount / FREE_SHIPPING_MIN_ITEMS) * 100));
  return (
    <div className="cart-free-shipping" data-testid="free-shipping">
      <p>{remaining > 0 ? `Noch ${remaining} Produkt(e) für kostenlosen Versand!` : 'Kostenloser Versand!'}</p>
      <div
        className="cart-free-shipping__bar"
        role="progressbar"
        aria-label="Fortschritt bis zum kostenlosen Versand"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
