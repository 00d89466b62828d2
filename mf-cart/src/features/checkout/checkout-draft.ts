import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CHECKOUT_DEFAULTS, type CheckoutFormValues } from './checkout-form';

/**
 * Keeps what a shopper typed into checkout for this browser tab (session storage), so a reload
 * or a look at the cart does not empty the form. Only contact and addresses are kept: the birth
 * date, the ID card lines and the terms checkbox are never stored (legal-de.md §1.10).
 */
const DRAFT_KEY = 'checkout:draft';
/** The step the shopper was on (index into the checkout's steps), for the same tab. */
const STEP_KEY = 'checkout:step';
type Draft = Pick<CheckoutFormValues, 'email' | 'billing' | 'shippingSameAsBilling' | 'shipping'>;

/** The draft this tab kept, over the defaults; null when there is none (or it is unreadable). */
export function readCheckoutDraft(): CheckoutFormValues | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (!draft) return null;
    return {
      ...CHECKOUT_DEFAULTS,
      email: typeof draft.email === 'string' ? draft.email : '',
      billing: { ...CHECKOUT_DEFAULTS.billing, ...draft.billing },
      shippingSameAsBilling: draft.shippingSameAsBilling !== false,
      shipping: { ...CHECKOUT_DEFAULTS.shipping, ...draft.shipping },
    };
  } catch {
    return null;
  }
}

/** Saves the draft on every change of the form. */
export function useCheckoutDraft(form: UseFormReturn<CheckoutFormValues>): void {
  useEffect(() => {
    const subscription = form.watch((values) => {
      const draft: Partial<Draft> = {
        email: values.email,
        billing: values.billing as Draft['billing'],
        shippingSameAsBilling: values.shippingSameAsBilling,
        shipping: values.shipping as Draft['shipping'],
      };
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    });
    return () => subscription.unsubscribe();
  }, [form]);
}

/** The saved step index, or 0. */
export function readCheckoutStep(): number {
  const saved = Number(sessionStorage.getItem(STEP_KEY));
  return Number.isInteger(saved) && saved > 0 ? saved : 0;
}

export const saveCheckoutStep = (index: number) => sessionStorage.setItem(STEP_KEY, String(index));

/** Forgets the draft and the step (after the order is placed). */
export function clearCheckoutDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY);
  sessionStorage.removeItem(STEP_KEY);
}
