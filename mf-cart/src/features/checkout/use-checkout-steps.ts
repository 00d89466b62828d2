import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type { CartResponse } from '@shop/contracts';
import type { CheckoutFormState } from '@shop/contracts/checkout';
import type { ErrorCode } from '@shop/contracts';
import { hasCode } from '@shop/api-client';
import { fieldErrorsOf } from '@shop/ui/form';
import { href } from '@shop/routes';
import { checkoutApi } from '../../api/checkout-api';
import { cartQueries } from '../../api/cart-queries';
import { cartCallText } from '../../lib/cart-errors';
import { useDoorCheck } from '../../lib/door-check';
import { paymentRefusal, totalsPaidBy, useCashOnDeliveryOffer } from '../../lib/payment-methods';
import { cartActions } from '../../api/cart-actions';
import { CHECKOUT_DEFAULTS, STEP_SCHEMAS, deliveryAddress, mrzLines, toPlaceOrderBody, type CheckoutFormValues } from './checkout-form';
import { AGE_STEP, PAYMENT_STEP, STEPS, hasSchema, resumeStep, type StepName } from './checkout-steps';
import { useCustomerPrefill } from './customer-prefill';
import { clearCheckoutDraft, readCheckoutDraft, readCheckoutStep, saveCheckoutStep, useCheckoutDraft } from './checkout-draft';

const DEFAULT_ERROR = 'Die Bestellung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.';
/** The fields the server's age check judged. */
const AGE_FIELDS = ['birthDate', 'mrz1', 'mrz2', 'mrz3'] as const;
const AGE_CHECK_UNAVAILABLE = 'Die Altersprüfung ist gerade nicht möglich. Bitte versuchen Sie es erneut.';
/** The order's 409 answers (services/cart orders.routes.ts): what the page showed is no longer so. */
const CHANGED_SINCE_SHOWN: readonly ErrorCode[] = ['CONFLICT', 'OUT_OF_STOCK', 'PAYMENT_METHOD_UNAVAILABLE'];

/**
 * The checkout's state and transitions: the form (checked by the current step's zod schema
 * through `@hookform/resolvers/zod`, so shoppers see the contract's German messages at the
 * fields), the active step (saved for a reload), the server's age check before the shipping
 * step, the payment choice (checked against the operator's cash-on-delivery offer before the
 * review; its fee is in the totals the review shows and the order expects), and placing the
 * order with one idempotency key per visit (a repeated click or a retry after a lost answer never
 * orders twice).
 *
 * `server` is the checkout as the cart service's forms left it (CHECKOUT_FORM_ACTIONS), read by
 * the page's server render: the first render shows its step, values and errors, as the server's
 * HTML did, and the payment method its payment step kept. Once a step went to the server as a
 * form (`started`: without JavaScript, or a tap before hydration), the page stays
 * `serverDriven`: its forms keep going to the server, which keeps the progress the order is
 * placed from (the age check passed there, the ID card lines are not in the page). Otherwise the
 * tab's draft is taken over once hydrated and the page checks and orders in place.
 */
export function useCheckoutSteps(cart: CartResponse, server: CheckoutFormState | null = null) {
  const serverDriven = server?.started === true;
  const queryClient = useQueryClient();
  const doorCheck = useDoorCheck();
  const codOffer = useCashOnDeliveryOffer();
  const current = useRef<StepName>('contact');
  // Only the active step's fields are checked; steps without fields pass.
  const resolver: Resolver<CheckoutFormValues> = (values, context, options) => {
    const step = current.current;
    if (!hasSchema(step)) return { values, errors: {} };
    return (zodResolver(STEP_SCHEMAS[step]) as unknown as Resolver<CheckoutFormValues>)(values, context, options);
  };
  const [serverErrors] = useState(() => fieldErrorsOf<CheckoutFormValues>(server?.errors));
  const form = useForm<CheckoutFormValues>({
    defaultValues: server
      ? {
          ...CHECKOUT_DEFAULTS,
          ...server.values,
          birthDate: server.birthDate ?? '',
          paymentMethod: server.paymentMethod ?? CHECKOUT_DEFAULTS.paymentMethod,
        }
      : CHECKOUT_DEFAULTS,
    errors: serverErrors,
    resolver,
  });
  const [stepIndex, setStepIndexState] = useState(() => (server ? STEPS.findIndex((step) => step.name === server.step) : 0));
  current.current = STEPS[stepIndex]!.name;
  const [resumedBeforeAge, setResumedBeforeAge] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stepError, setStepError] = useState<string | null>(server?.errors.form ?? null);
  const paymentMethod = form.watch('paymentMethod');
  // What the review shows and the order expects: the cart paid with the method chosen.
  const totals = totalsPaidBy(cart.totals, paymentMethod, codOffer);
  // The tab's draft and step (session storage, read once hydrated so the first render is the
  // server's), before the account's prefill, which fills only what the draft left empty.
  useEffect(() => {
    if (serverDriven) return;
    const draft = readCheckoutDraft();
    if (draft) form.reset(draft);
    const saved = readCheckoutStep();
    setResumedBeforeAge(saved > AGE_STEP);
    if (saved) setStepIndexState(resumeStep(saved, form.getValues()));
  }, [form, serverDriven]);
  useCheckoutDraft(form);
  useCustomerPrefill(form);
  // The review's key when the server made one (a tap sent natively and one sent here are one order).
  const idempotencyKey = useRef(server?.orderKey ?? crypto.randomUUID());
  const navigate = useNavigate();
  // The server's answer to the age check was about the lines and birth date it was given: once
  // the shopper changes them, it no longer applies (beside a green 'Prüfziffern stimmen' it misled).
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name && (AGE_FIELDS as readonly string[]).includes(name) && current.current === 'age') setStepError(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const goTo = (index: number) => {
    saveCheckoutStep(index);
    setStepError(null);
    setStepIndexState(index);
  };

  /** Checks the active step's fields; marks them and focuses the first error. */
  const validate = () => form.trigger(undefined, { shouldFocus: true });

  /**
   * 'Weiter': checks the step (the age step also with the server, the payment step against the
   * cash-on-delivery offer) and opens the next one.
   */
  const next = async () => {
    setStepError(null);
    if (!(await validate())) return;
    if (current.current === 'payment') {
      const refusal = paymentRefusal(form.getValues('paymentMethod'), cart.totals, codOffer);
      if (refusal) {
        form.setError('paymentMethod', { message: refusal }, { shouldFocus: true });
        return;
      }
    }
    if (current.current === 'age') {
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
        setStepError(cartCallText(error, AGE_CHECK_UNAVAILABLE));
        return;
      } finally {
        setBusy(false);
      }
    }
    goTo(stepIndex + 1);
  };

  /** 'Zahlungspflichtig bestellen': places the order for the total shown and opens the thank-you page. */
  const placeOrder = async () => {
    setStepError(null);
    if (!(await validate())) return;
    // Cash on delivery no longer offered as the page knows it (switched off, the limit, the offer not
    // readable): the total shown would not be the one placed, so back to the choice with the reason.
    const refusal = paymentRefusal(form.getValues('paymentMethod'), cart.totals, codOffer);
    if (refusal) {
      goTo(PAYMENT_STEP);
      form.setError('paymentMethod', { message: refusal }, { shouldFocus: true });
      return;
    }
    setBusy(true);
    try {
      const order = await checkoutApi.placeOrder(
        toPlaceOrderBody(form.getValues(), totals.total, doorCheck.ageCheck ?? undefined),
        idempotencyKey.current,
      );
      clearCheckoutDraft();
      navigate(href('/danke/:orderId', { orderId: order.id }));
      void cartActions.load();
    } catch (error) {
      setBusy(false);
      if (hasCode(error, 'PAYMENT_METHOD_UNAVAILABLE')) {
        // Cash on delivery no longer applies (switched off, or the total above its limit): back to the choice, the reason at it.
        goTo(PAYMENT_STEP);
        form.setError('paymentMethod', { message: cartCallText(error, DEFAULT_ERROR) });
      } else setStepError(cartCallText(error, DEFAULT_ERROR));
      // Prices, stock, the promo code, the check at the door or the cash-on-delivery offer changed: show them as they are now.
      if (hasCode(error, ...CHANGED_SINCE_SHOWN)) {
        void cartActions.load();
        void queryClient.invalidateQueries({ queryKey: cartQueries.delivery().queryKey });
      }
    }
  };

  return {
    form,
    stepIndex,
    stateOf: (index: number) =>
      (index < stepIndex ? 'done' : index === stepIndex ? 'active' : 'upcoming') as 'done' | 'active' | 'upcoming',
    edit: goTo,
    next,
    placeOrder,
    busy,
    stepError,
    resumedBeforeAge,
    serverDriven,
    /** The payment method chosen, and the cart's totals paid so (with the cash-on-delivery fee): what the review shows and the order expects. */
    paymentMethod,
    totals,
    /** The idempotency key 'Zahlungspflichtig bestellen' carries (the form's `orderKey`). */
    orderKey: idempotencyKey.current,
    /** The age check at the door the page names, sent with the order (the form's `expectedAgeCheck`); null while unknown. */
    expectedAgeCheck: doorCheck.ageCheck,
  };
}
