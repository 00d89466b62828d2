import { deliveryPromiseFor, PAYMENT_METHOD_LABELS, type CartResponse, type CartTotals, type PaymentMethodId } from '@shop/contracts';
import { Button, LegalGuaranteeNotice } from '@shop/ui';
import { OrderSummary } from '../../../components/order-summary';
import { DeliveryRestrictions } from '../../../components/delivery-restrictions';
import { OrderLines, type OrderLine } from '../../../components/order-lines';
import { TermsCheckbox } from '../components/terms-checkbox';
import { StepError } from './step-actions';
import { useDoorCheck } from '../../../lib/door-check';

/**
 * Step 6: every line with its essential characteristics, the totals (`totals`: with the
 * cash-on-delivery fee when that is the payment chosen), delivery and payment, the
 * EU notice on the legal guarantee (legal-de.md §4.16), the AGB/Widerruf checkbox and the button
 * 'Zahlungspflichtig bestellen' (§ 312j (3) BGB; legal-de.md §4.5).
 */
export function ReviewStep(props: {
  cart: CartResponse;
  totals: CartTotals & { paymentFee?: string };
  paymentMethod: PaymentMethodId;
  lines: OrderLine[];
  busy: boolean;
  error: string | null;
  onOrder: () => void;
}) {
  const doorCheck = useDoorCheck();
  return (
    <>
      <OrderLines lines={props.lines} />
      <OrderSummary totals={props.totals} promo={props.cart.promo} />
      <p>
        Lieferung: {doorCheck.shippingMethod}, {deliveryPromiseFor(props.paymentMethod)} · Zahlung:{' '}
        {PAYMENT_METHOD_LABELS[props.paymentMethod]}
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
