import { CHECKOUT_STEPS, type CheckoutStepName } from '@shop/contracts/checkout';
import { STEP_SCHEMAS, type CheckoutFormValues } from './checkout-form';

/** The checkout's steps in order (the contract's: the checkout form without JavaScript has the same). */
export const STEPS = CHECKOUT_STEPS;
export type StepName = CheckoutStepName;

export const AGE_STEP = STEPS.findIndex((step) => step.name === 'age');
export const PAYMENT_STEP = STEPS.findIndex((step) => step.name === 'payment');

/** Whether a step has fields checked by a schema (shipping offers one fixed option; the payment choice is checked against the offer in `useCheckoutSteps`). */
export const hasSchema = (step: StepName): step is keyof typeof STEP_SCHEMAS => step in STEP_SCHEMAS;

/**
 * Where a reloaded checkout continues: the saved step, but never past the age check (the ID-card
 * lines are deliberately not stored, so they must be typed again) and never past a step whose
 * saved fields no longer pass their schema.
 */
export function resumeStep(saved: number, values: CheckoutFormValues): number {
  const target = Math.min(saved, AGE_STEP, STEPS.length - 1);
  for (let index = 0; index < target; index++) {
    const step = STEPS[index]!.name;
    if (hasSchema(step) && !STEP_SCHEMAS[step].safeParse(values).success) return index;
  }
  return target;
}
