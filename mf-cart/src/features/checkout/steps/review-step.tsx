import { DELIVERY_PROMISE, PAYMENT_METHOD_LABEL, type CartResponse } from '@shop/contracts';
import { Button, LegalGuaranteeNotice } from '@shop/ui';
import { OrderSummary } from '../../../components/order-summary';
import { DeliveryRestrictions } from '../../../components/delivery-restrictions';
import { OrderLines, type OrderLine } from '../../../components/order-lines';
import { TermsCheckbox } from '../components/terms-checkbox';
import { StepError } from './step-actions';
import { useDoorCheck } from '../../../lib/door-check';

/**
 * Step 6: every line with its essential characteristics, the totals, delivery and payment, the
 * EU notice on the legal guarantee (legal-de.md §4.16), the AGB/Widerruf checkbox and the button
 * 'Zahlungspflichtig bestellen' (§ 312j (3) BGB; legal-de.md §4.5).
 */
export function ReviewStep(props: { cart: CartResponse; lines: OrderLine[]; busy: boolean; error: string | null; onOrder: () => void }) {
  const doorCheck = useDoorCheck();
  return (
    <>
      <OrderLines lines={props.lines} />
      <OrderSummary totals={props.cart.totals} promo={props.cart.promo} />
      <p>
        Lieferung: {doorCheck.shippingMethod} ({DELIVERY_PROMISE}) · Zahlung: {PAYMENT_METHOD_LABEL}
      </p>
      <DeliveryRestrictions />
      <LegalGuaranteeNotice headingLevel={3} />
      <TermsCheckbox />
      <StepError message={props.error} />
      <Button
        className="cart-checkout-submit"
        type="submit"
        name="schritt"
        value="review"
        onClick={props.onOrder}
        disabled={props.busy}
        aria-busy={props.busy}
      >
        {props.busy ? 'Bestellung wird gesendet…' : 'Zahlungspflichtig bestellen'}
      </Button>
    </>
  );
}
