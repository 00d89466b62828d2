import { useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { PAYMENT_METHOD_LABEL, SHIPPING_METHOD_LABEL, type CartResponse } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { centsToDecimal, decimalToCents, formatEurDecimal } from '@shop/format';
import { Button, Notice, useMediaQuery, WIDE_SCREEN_QUERY } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { checkoutApi } from '../../api/checkout-api';
import { cartActions, useCartMode } from '../cart/cart-store';
import { readLocalCart, takeOverUrl } from '../cart/local-cart';
import { CartLoadGate } from '../cart/components/cart-load-gate';
import { OrderSummary } from '../cart/components/order-summary';
import { DeliveryRestrictions } from '../cart/components/delivery-restrictions';
import {
  STEP_SCHEMAS,
  deliveryAddress,
  mrzLines,
  toPlaceOrderBody,
  type CheckoutFormValues,
  type CheckoutStep as StepName,
} from './checkout-form';
import { CheckoutStep } from './components/checkout-step';
import { checkoutDefaults, clearCheckoutDraft, readCheckoutStep, saveCheckoutStep, useCheckoutDraft } from './checkout-draft';
import { TextField } from '../../components/text-field';
import { AddressFields } from './components/address-fields';
import { AgeCheckFields } from './components/age-check-fields';
import { AddressBlock } from './components/address-block';
import { OrderLines } from './components/order-lines';
import { TermsCheckbox } from './components/terms-checkbox';
import { SingleOption } from './components/single-option';
import '../../styles/checkout.css';

const STEPS = [
  { name: 'contact', title: 'Kontakt' },
  { name: 'address', title: 'Adresse' },
  { name: 'age', title: 'Altersprüfung' },
  { name: 'shipping', title: 'Versand' },
  { name: 'payment', title: 'Zahlung' },
  { name: 'review', title: 'Prüfen und bestellen' },
] as const;

/** Essential characteristics of a product for the review step: liquid volume and nicotine content. */
const productEssentials = (product: CartResponse['items'][number]['product']) =>
  [
    product.liquidVolumeMl ? `${product.liquidVolumeMl.toLocaleString('de-DE')} ml Liquid` : null,
    `Nikotin ${product.nicotineMgPerMl.toLocaleString('de-DE')} mg/ml`,
  ]
    .filter(Boolean)
    .join(' · ');

const AGE_STEP = STEPS.findIndex((step) => step.name === 'age');

/**
 * Where a reloaded checkout continues: the saved step, but never past the age check (the ID-card
 * lines are deliberately not stored, so they must be typed again) and never past a step whose
 * saved fields no longer pass their schema.
 */
export function resumeStep(saved: number, values: CheckoutFormValues): number {
  const target = Math.min(saved, AGE_STEP, STEPS.length - 1);
  for (let index = 0; index < target; index++) {
    const step = STEPS[index]!.name;
    if (step in STEP_SCHEMAS && !STEP_SCHEMAS[step as StepName].safeParse(values).success) return index;
  }
  return target;
}

const DEFAULT_ERROR = 'Die Bestellung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.';

/**
 * Checkout `/kasse` and `/checkout` (issue #4; spec §2 shows no details, the steps follow German
 * law: legal-de.md §1.4–1.9, §4.4–4.5). Steps: contact, address (Germany only, no Packstation),
 * age check with the ID card (server-side), DHL with the age check on delivery, prepayment,
 * review with the AGB/Widerruf checkbox and 'Zahlungspflichtig bestellen'. One idempotency key
 * per visit, so a repeated click or a retry after a lost answer never orders twice.
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
  const form = useForm<CheckoutFormValues>({ defaultValues: checkoutDefaults() });
  useCheckoutDraft(form);
  const [stepIndex, setStepIndexState] = useState(() => resumeStep(readCheckoutStep(), form.getValues()));
  const [resumedBeforeAge] = useState(() => readCheckoutStep() > AGE_STEP);
  const setStepIndex = (index: number) => {
    saveCheckoutStep(index);
    setStepIndexState(index);
  };
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [busy, setBusy] = useState(false);
  const [summaryToggled, setSummaryToggled] = useState<boolean | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const navigate = useNavigate();

  if (!cart.items.length) {
    return (
      <section className="shop-page cart-empty">
        <h1>Kasse</h1>
        <p>Ihr Warenkorb ist leer</p>
        <Link className="shop-button shop-button--primary" to="/">
          Weiter einkaufen
        </Link>
      </section>
    );
  }

  /** Checks the fields of one step with the shared schemas; marks and focuses the first error. */
  const validate = (step: StepName) => {
    form.clearErrors();
    const result = STEP_SCHEMAS[step].safeParse(form.getValues());
    if (result.success) return true;
    const marked = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (marked.has(path)) continue; // the first problem of a field is the one to fix first
      marked.add(path);
      form.setError(path as FieldPath<CheckoutFormValues>, { message: issue.message });
    }
    form.setFocus(result.error.issues[0]!.path.join('.') as FieldPath<CheckoutFormValues>);
    return false;
  };

  const next = async () => {
    const step = STEPS[stepIndex]!.name;
    setStepError(null);
    if (step !== 'shipping' && step !== 'payment' && !validate(step)) return;
    if (step === 'age') {
      const values = form.getValues();
      const holder = deliveryAddress(values);
      setBusy(true);
      try {
        await checkoutApi.verifyAge({
          birthDate: values.birthDate,
          firstName: holder.firstName,
          lastName: holder.lastName,
          mrzLines: mrzLines(values),
        });
      } catch (error) {
        setStepError(
          error instanceof ApiError ? error.serverMessage : 'Die Altersprüfung ist gerade nicht möglich. Bitte versuchen Sie es erneut.',
        );
        return;
      } finally {
        setBusy(false);
      }
    }
    setStepIndex(stepIndex + 1);
  };

  const placeOrder = async () => {
    setStepError(null);
    if (!validate('review')) return;
    setBusy(true);
    try {
      const order = await checkoutApi.placeOrder(toPlaceOrderBody(form.getValues(), cart.totals.total), idempotencyKey.current);
      clearCheckoutDraft();
      navigate(`/danke/${order.id}`);
      void cartActions.load();
    } catch (error) {
      setBusy(false);
      setStepError(error instanceof ApiError ? error.serverMessage || DEFAULT_ERROR : DEFAULT_ERROR);
      // Prices, stock or the promo code changed: show the cart as it is now.
      if (error instanceof ApiError && error.status === 409) void cartActions.load();
    }
  };

  const values = form.getValues();
  const orderLines = cart.items.map((item) => ({
    key: item.id,
    name: item.product.name,
    quantity: item.quantity,
    lineTotal: centsToDecimal(decimalToCents(item.price) * item.quantity),
    details: productEssentials(item.product),
  }));
  const freeShipping = cart.totals.shipping === '0.00';
  const stateOf = (index: number) => (index < stepIndex ? 'done' : index === stepIndex ? 'active' : 'upcoming');
  const summaries: Partial<Record<(typeof STEPS)[number]['name'], ReactNode>> = {
    contact: <p>{values.email}</p>,
    address: (
      <div className="checkout-addresses">
        <div>
          <strong>Rechnungsadresse</strong>
          <AddressBlock address={values.billing} />
        </div>
        <div>
          <strong>Lieferadresse</strong>
          {values.shippingSameAsBilling ? <p>wie Rechnungsadresse</p> : <AddressBlock address={values.shipping} />}
        </div>
      </div>
    ),
    age: <p className="checkout-verified">✓ Alter mit Personalausweis bestätigt</p>,
    shipping: <p>{SHIPPING_METHOD_LABEL}</p>,
    payment: <p>{PAYMENT_METHOD_LABEL}</p>,
  };
  const continueButton = (
    <Button onClick={() => void next()} disabled={busy} aria-busy={busy}>
      {busy ? 'Wird geprüft…' : 'Weiter'}
    </Button>
  );
  const errorBox = stepError && (
    <Notice tone="warning" role="alert">
      {stepError}
    </Notice>
  );

  return (
    <section className="shop-page checkout-page">
      <h1>Kasse</h1>
      <DeliveryRestrictions />
      <FormProvider {...form}>
        <form className="checkout-layout" noValidate onSubmit={(event) => event.preventDefault()}>
          <div className="checkout-steps">
            {STEPS.map((step, index) => (
              <CheckoutStep
                key={step.name}
                number={index + 1}
                title={step.title}
                state={stateOf(index)}
                summary={summaries[step.name]}
                onEdit={() => {
                  setStepError(null);
                  setStepIndex(index);
                }}
              >
                {step.name === 'contact' && (
                  <>
                    <TextField
                      name="email"
                      label="E-Mail-Adresse"
                      type="email"
                      autoComplete="email"
                      hint="Hierhin senden wir die Bestellbestätigung."
                      required
                    />
                    {continueButton}
                  </>
                )}
                {step.name === 'address' && (
                  <>
                    <AddressFields prefix="billing" legend="Rechnungsadresse" />
                    <label className="checkout-checkbox">
                      <input type="checkbox" {...form.register('shippingSameAsBilling')} />
                      Lieferung an die Rechnungsadresse
                    </label>
                    {!form.watch('shippingSameAsBilling') && <AddressFields prefix="shipping" legend="Lieferadresse" />}
                    <p className="checkout-field__hint">
                      Keine Lieferung an Packstationen, Postfilialen oder Paketshops: DHL übergibt nur persönlich an Erwachsene.
                    </p>
                    {continueButton}
                  </>
                )}
                {step.name === 'age' && (
                  <>
                    {resumedBeforeAge && (
                      <Notice tone="warning">
                        Zum Schutz Ihrer Daten speichern wir die Angaben Ihres Ausweises nicht. Bitte geben Sie sie nach dem Neuladen erneut
                        ein.
                      </Notice>
                    )}
                    <AgeCheckFields />
                    {errorBox}
                    {continueButton}
                  </>
                )}
                {step.name === 'shipping' && (
                  <>
                    <SingleOption
                      legend="Versandart"
                      name="shippingMethod"
                      value="dhl-age-check"
                      label={`${SHIPPING_METHOD_LABEL} – ${freeShipping ? 'kostenlos' : formatEurDecimal(cart.totals.shipping)}`}
                    >
                      Lieferzeit 1–3 Werktage nach Zahlungseingang. Übergabe nur an Sie persönlich nach Alterskontrolle, nicht an Nachbarn
                      oder eine Packstation.
                      {!freeShipping && ' Ab 4 Produkten versandkostenfrei.'}
                    </SingleOption>
                    {continueButton}
                  </>
                )}
                {step.name === 'payment' && (
                  <>
                    <SingleOption legend="Zahlungsart" name="paymentMethod" value="prepayment" label={PAYMENT_METHOD_LABEL}>
                      Nach der Bestellung erhalten Sie unsere Bankverbindung (auf der Bestätigungsseite und per E-Mail). Wir versenden,
                      sobald Ihre Zahlung eingegangen ist.
                    </SingleOption>
                    {continueButton}
                  </>
                )}
                {step.name === 'review' && (
                  <>
                    <OrderLines lines={orderLines} />
                    <OrderSummary totals={cart.totals} promo={cart.promo} />
                    <p>
                      Lieferung: {SHIPPING_METHOD_LABEL}, 1–3 Werktage nach Zahlungseingang · Zahlung: {PAYMENT_METHOD_LABEL}
                    </p>
                    <DeliveryRestrictions />
                    <TermsCheckbox />
                    {errorBox}
                    <Button className="checkout-submit" onClick={() => void placeOrder()} disabled={busy} aria-busy={busy}>
                      {busy ? 'Bestellung wird gesendet…' : 'Zahlungspflichtig bestellen'}
                    </Button>
                  </>
                )}
              </CheckoutStep>
            ))}
          </div>
          <aside className="cart-aside checkout-aside" aria-label="Bestellübersicht">
            {/* Items and totals from the first step; collapsed on phones above the steps. */}
            <details
              className="checkout-summary"
              open={summaryToggled ?? wide}
              onToggle={(event) => event.currentTarget.open !== (summaryToggled ?? wide) && setSummaryToggled(event.currentTarget.open)}
            >
              <summary>
                Bestellübersicht: {cart.totals.itemCount} Artikel · {formatEurDecimal(cart.totals.total)}
              </summary>
              <OrderLines lines={orderLines} />
              <OrderSummary totals={cart.totals} promo={cart.promo} />
              <Link to="/warenkorb">Warenkorb bearbeiten</Link>
            </details>
          </aside>
        </form>
      </FormProvider>
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
      <a className="shop-button shop-button--primary" href={takeOverUrl(readLocalCart())} target="_blank" rel="noopener">
        Kasse in neuem Fenster öffnen
      </a>
    </section>
  );
}
