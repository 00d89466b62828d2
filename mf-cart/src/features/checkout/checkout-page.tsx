import { useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { CHECKOUT_FORM_ACTIONS, type CartResponse } from '@shop/contracts';
import type { CheckoutFormState } from '@shop/contracts/checkout';
import { centsToDecimal, decimalToCents, formatEurDecimal } from '@shop/format';
import { Notice, useMediaQuery, WIDE_SCREEN_QUERY, buttonClass } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { useServerOutcome } from '@shop/shell-api/server-outcome';
import { useCartMode } from '../../stores/cart-ui-store';
import { readLocalCart, takeOverUrl } from '../../lib/local-cart';
import { checkoutFormApi, checkoutFormKey } from '../../api/checkout-form-api';
import { CartLoadGate } from '../../components/cart-load-gate';
import { OrderSummary } from '../../components/order-summary';
import { DeliveryRestrictions } from '../../components/delivery-restrictions';
import { STEPS, type StepName } from './checkout-steps';
import { useCheckoutSteps } from './use-checkout-steps';
import { CheckoutStep } from './components/checkout-step';
import { OrderLines, type OrderLine } from '../../components/order-lines';
import { ContactStep, ContactSummary } from './steps/contact-step';
import { AddressStep, AddressSummary } from './steps/address-step';
import { AgeStep, AgeSummary } from './steps/age-step';
import { ShippingStep, ShippingSummary } from './steps/shipping-step';
import { PaymentStep, PaymentSummary } from './steps/payment-step';
import { ReviewStep } from './steps/review-step';
import { ContinueButton, StepError } from './steps/step-actions';

/** Essential characteristics of a product for the review step: liquid volume and nicotine content. */
const productEssentials = (product: CartResponse['items'][number]['product']) =>
  [
    product.liquidVolumeMl ? `${product.liquidVolumeMl.toLocaleString('de-DE')} ml Liquid` : null,
    `Nikotin ${product.nicotineMgPerMl.toLocaleString('de-DE')} mg/ml`,
  ]
    .filter(Boolean)
    .join(' · ');

/** The form the finished steps' 'Ändern' buttons belong to (forms do not nest: it stands after the checkout's form). */
const EDIT_FORM_ID = 'cart-checkout-edit';

/** What a finished step shows instead of its form. */
const SUMMARIES: Record<Exclude<StepName, 'review'>, () => ReactNode> = {
  contact: ContactSummary,
  address: AddressSummary,
  age: AgeSummary,
  shipping: ShippingSummary,
  payment: PaymentSummary,
};

/**
 * Checkout `/kasse` and `/checkout` (spec §2 shows no details, the steps follow German
 * law: legal-de.md §1.4–1.9, §4.4–4.5). Steps: contact, address (Germany only, no Packstation),
 * age check with the ID card (server-side), DHL with the age check on delivery, prepayment or
 * cash on delivery (when the operator offers it), review with the AGB/Widerruf checkbox and
 * 'Zahlungspflichtig bestellen'. The state and its transitions are `useCheckoutSteps`; each
 * step's form and summary is a component in `steps/`.
 * Forms first (docs/decisions/forms-first.md): the page is rendered on the server with the cart
 * and the open step, and every step is a real form the cart service answers
 * (CHECKOUT_FORM_ACTIONS: 'Weiter', 'Ändern', 'Zahlungspflichtig bestellen' with the review's
 * idempotency key and total), for browsers without JavaScript and taps before hydration; once
 * hydrated, the page checks and orders in place unless the checkout already went to the server.
 */
export function CheckoutPage() {
  useSeo({ title: 'Kasse', robots: 'noindex, nofollow' });
  const mode = useCartMode();
  return (
    <CartLoadGate title="Kasse" loadingLabel="Kasse wird geladen…">
      {(cart) => (mode === 'local' ? <LocalCartHandOff /> : <Checkout cart={cart} />)}
    </CartLoadGate>
  );
}

function Checkout({ cart }: { cart: CartResponse }) {
  // The checkout as the cart service's forms left it, read by the server render as the visitor.
  const server = useServerOutcome<CheckoutFormState>(checkoutFormKey, () => checkoutFormApi.state());
  const checkout = useCheckoutSteps(cart, server);
  /** Once hydrated, a form is handled here unless the checkout goes on through the server. */
  const handleHere = (event: FormEvent<HTMLFormElement>) => {
    if (!checkout.serverDriven) event.preventDefault();
  };
  const here = (action: () => void) => () => {
    if (!checkout.serverDriven) action();
  };
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [summaryToggled, setSummaryToggled] = useState<boolean | null>(null);

  if (!cart.items.length) {
    return (
      <section className="shop-page cart-empty">
        <h1>Kasse</h1>
        <p>Ihr Warenkorb ist leer</p>
        <Link className={buttonClass('primary')} to="/">
          Weiter einkaufen
        </Link>
      </section>
    );
  }

  const orderLines: OrderLine[] = cart.items.map((item) => ({
    key: item.id,
    name: item.product.name,
    quantity: item.quantity,
    lineTotal: centsToDecimal(decimalToCents(item.price) * item.quantity),
    details: productEssentials(item.product),
    durabilityGuaranteeYears: item.product.durabilityGuaranteeYears,
  }));
  const continueButton = (step: StepName) => (
    <ContinueButton step={step} busy={checkout.busy} onContinue={here(() => void checkout.next())} />
  );
  const body = (step: StepName): ReactNode => {
    switch (step) {
      case 'contact':
        return <ContactStep />;
      case 'address':
        return <AddressStep />;
      case 'age':
        return (
          <>
            <AgeStep resumed={checkout.resumedBeforeAge} />
            <StepError message={checkout.stepError} />
          </>
        );
      case 'shipping':
        return <ShippingStep totals={cart.totals} />;
      case 'payment':
        return <PaymentStep totals={cart.totals} />;
      case 'review':
        return (
          <>
            {/* What the form sends to the server: the review's idempotency key, the total (with the payment's fee) and the check at the door it showed. */}
            <input type="hidden" name="orderKey" value={checkout.orderKey} />
            <input type="hidden" name="expectedTotal" value={checkout.totals.total} />
            {checkout.expectedAgeCheck && <input type="hidden" name="expectedAgeCheck" value={checkout.expectedAgeCheck} />}
            <ReviewStep
              cart={cart}
              totals={checkout.totals}
              paymentMethod={checkout.paymentMethod}
              lines={orderLines}
              busy={checkout.busy}
              error={checkout.stepError}
              onOrder={here(() => void checkout.placeOrder())}
            />
          </>
        );
    }
  };

  return (
    <section className="shop-page checkout-page">
      <h1>Kasse</h1>
      <DeliveryRestrictions />
      <FormProvider {...checkout.form}>
        <form className="cart-checkout-layout" method="post" action={CHECKOUT_FORM_ACTIONS.step} noValidate onSubmit={handleHere}>
          <div className="cart-checkout-steps">
            {STEPS.map((step, index) => {
              const Summary = step.name === 'review' ? null : SUMMARIES[step.name];
              return (
                <CheckoutStep
                  key={step.name}
                  number={index + 1}
                  title={step.title}
                  state={checkout.stateOf(index)}
                  summary={Summary && <Summary />}
                  name={step.name}
                  editForm={EDIT_FORM_ID}
                  onEdit={here(() => checkout.edit(index))}
                >
                  {body(step.name)}
                  {step.name !== 'review' && continueButton(step.name)}
                </CheckoutStep>
              );
            })}
          </div>
          <aside className="cart-aside cart-checkout-aside" aria-label="Bestellübersicht">
            {/* Items and totals from the first step (with the payment's fee once chosen, as the review); collapsed on phones above the steps. */}
            <details
              className="cart-checkout-summary"
              open={summaryToggled ?? wide}
              onToggle={(event) => event.currentTarget.open !== (summaryToggled ?? wide) && setSummaryToggled(event.currentTarget.open)}
            >
              <summary>
                Bestellübersicht: {cart.totals.itemCount} Artikel · {formatEurDecimal(checkout.totals.total)}
              </summary>
              <OrderLines lines={orderLines} />
              <OrderSummary totals={checkout.totals} promo={cart.promo} />
              <Link to="/warenkorb">Warenkorb bearbeiten</Link>
            </details>
          </aside>
        </form>
      </FormProvider>
      <form id={EDIT_FORM_ID} method="post" action={CHECKOUT_FORM_ACTIONS.step} onSubmit={handleHere} />
    </section>
  );
}

/**
 * Checkout from a local cart (embedded frame without cookies, spec §4): ordering needs the cart
 * and order cookies, so the checkout opens in a new window that takes the cart over.
 */
function LocalCartHandOff() {
  return (
    <section className="shop-page checkout-page">
      <h1>Kasse</h1>
      <Notice>
        In dieser eingebetteten Ansicht ist keine Bestellung möglich, weil Ihr Browser hier keine Cookies erlaubt. Öffnen Sie die Kasse in
        einem neuen Fenster – Ihr Warenkorb wird dorthin übernommen.
      </Notice>
      <a className={buttonClass('primary')} href={takeOverUrl(readLocalCart())} target="_blank" rel="noopener">
        Kasse in neuem Fenster öffnen
      </a>
    </section>
  );
}
