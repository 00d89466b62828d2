import { DELIVERY_PROMISE, type CartResponse } from '@shop/contracts';
import { formatEurDecimal } from '@shop/format';
import { SingleOption } from '../components/single-option';
import { useDoorCheck } from '../../../lib/door-check';

/** Step 4: DHL with the age check on delivery, the only shipping method for these goods (legal-de.md §1.6). */
export function ShippingStep({ totals }: { totals: CartResponse['totals'] }) {
  const freeShipping = totals.shipping === '0.00';
  const doorCheck = useDoorCheck();
  return (
    <SingleOption
      legend="Versandart"
      name="shippingMethod"
      value="dhl-age-check"
      label={`${doorCheck.shippingMethod} – ${freeShipping ? 'kostenlos' : formatEurDecimal(totals.shipping)}`}
    >
      {DELIVERY_PROMISE}. {doorCheck.atTheDoor}
      {!freeShipping && ' Ab 4 Produkten versandkostenfrei.'}
    </SingleOption>
  );
}

export function ShippingSummary() {
  return <p>{useDoorCheck().shippingMethod}</p>;
}
