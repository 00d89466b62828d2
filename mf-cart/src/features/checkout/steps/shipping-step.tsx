import { DELIVERY_PROMISE, SHIPPING_METHOD_LABEL, type CartResponse } from '@shop/contracts';
import { formatEurDecimal } from '@shop/format';
import { SingleOption } from '../components/single-option';

/** Step 4: DHL with the age check on delivery, the only shipping method for these goods (legal-de.md §1.6). */
export function ShippingStep({ totals }: { totals: CartResponse['totals'] }) {
  const freeShipping = totals.shipping === '0.00';
  return (
    <SingleOption
      legend="Versandart"
      name="shippingMethod"
      value="dhl-age-check"
      label={`${SHIPPING_METHOD_LABEL} – ${freeShipping ? 'kostenlos' : formatEurDecimal(totals.shipping)}`}
    >
      {DELIVERY_PROMISE}. DHL übergibt das Paket nur an eine volljährige Person (Alterssichtprüfung 18+), nicht an Nachbarn und nicht an
      eine Packstation.
      {!freeShipping && ' Ab 4 Produkten versandkostenfrei.'}
    </SingleOption>
  );
}

export function ShippingSummary() {
  return <p>{SHIPPING_METHOD_LABEL}</p>;
}
