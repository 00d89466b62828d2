import { DELIVERY_PROMISE, FREE_SHIPPING_MIN_ITEMS } from '@shop/contracts';

/**
 * The strip above the header (spec §2 'Header'): free shipping from 4 products and, where there
 * is room, the shop's one delivery promise (DELIVERY_PROMISE, counted from the receipt of payment).
 */
export function TopStrip() {
  return (
    <p className="shell-top-strip">
      {`Kostenloser Versand ab ${FREE_SHIPPING_MIN_ITEMS} Produkten`}
      <span className="shell-top-strip__more">{` · ${DELIVERY_PROMISE}`}</span>
    </p>
  );
}
