import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, type CartTotals } from '@shop/contracts';
import { cashOnDeliveryText } from '@shop/cart-rules';
import type { CheckoutFormValues } from '../checkout-form';
import { FieldError } from '../components/field-error';
import {
  codFeeText,
  paymentChoices,
  totalsPaidBy,
  useCashOnDeliveryOffer,
  type CashOnDeliveryOffer,
  type PaymentChoice,
} from '../../../lib/payment-methods';

/** What a payment method means for the buyer, under its name. */
function ChoiceDetails({ choice, totals, offer }: { choice: PaymentChoice; totals: CartTotals; offer: CashOnDeliveryOffer | null }) {
  if (choice.id === 'prepayment') {
    return (
      <>
        Nach der Bestellung erhalten Sie unsere Bankverbindung (auf der Bestätigungsseite und per E-Mail). Wir versenden, sobald Ihre
        Zahlung eingegangen ist.
      </>
    );
  }
  return (
    <>
      <strong>{offer && codFeeText(offer)}</strong>
      <br />
      {choice.refusal ?? cashOnDeliveryText(totalsPaidBy(totals, 'cod', offer).total)}
    </>
  );
}

/**
 * Step 5: the payment method, a radio choice (field `paymentMethod`, sent as a form to the cart
 * service without JavaScript): prepayment always, cash on delivery when the operator offers it,
 * with its fee named (§ 312a Abs. 4 BGB) and what is paid at the door. Above the offer's highest
 * total it is shown but cannot be chosen, with the reason. The choice is the form's value (the
 * server's kept choice once its payment step was sent), checked in the server's HTML too.
 */
export function PaymentStep({ totals }: { totals: CartTotals }) {
  const { register, getValues, clearErrors, formState } = useFormContext<CheckoutFormValues>();
  const offer = useCashOnDeliveryOffer();
  const id = useId();
  const error = formState.errors.paymentMethod?.message;
  return (
    <fieldset className="cart-checkout-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Zahlungsart</legend>
      {paymentChoices(totals, offer).map((choice) => (
        <label key={choice.id} className={`cart-checkout-option${choice.refusal ? ' cart-checkout-option--unavailable' : ''}`}>
          <input
            type="radio"
            value={choice.id}
            disabled={choice.refusal !== null}
            aria-describedby={`${id}-${choice.id}`}
            defaultChecked={getValues('paymentMethod') === choice.id}
            {...register('paymentMethod', { onChange: () => clearErrors('paymentMethod') })}
          />
          <span>
            <strong>{choice.label}</strong>
            <br />
            <span id={`${id}-${choice.id}`}>
              <ChoiceDetails choice={choice} totals={totals} offer={offer} />
            </span>
          </span>
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** The finished payment step: the method chosen, with the cash-on-delivery fee. */
export function PaymentSummary() {
  const method = useFormContext<CheckoutFormValues>().watch('paymentMethod');
  const offer = useCashOnDeliveryOffer();
  return (
    <p>
      {PAYMENT_METHOD_LABELS[method]}
      {method === 'cod' && offer && `, ${codFeeText(offer)}`}
    </p>
  );
}
