import { AddressForm, CHECKOUT_STEP_SCHEMAS, type PlaceOrderBody } from '@shop/contracts/checkout';
import type { DhlAgeCheckService, PaymentMethodId } from '@shop/contracts';

export { AddressForm };

const emptyAddress: AddressForm = { firstName: '', lastName: '', street: '', addressLine2: '', postalCode: '', city: '' };

/** All checkout fields (react-hook-form values); the country is always Germany. */
export interface CheckoutFormValues {
  email: string;
  billing: AddressForm;
  shippingSameAsBilling: boolean;
  shipping: AddressForm;
  birthDate: string;
  mrz1: string;
  mrz2: string;
  mrz3: string;
  acceptTerms: boolean;
  /** The payment step's choice: prepayment unless the shopper picks cash on delivery. */
  paymentMethod: PaymentMethodId;
}

/**
 * Checks of each checkout step: the contract's (CHECKOUT_STEP_SCHEMAS), which the cart service's
 * checkout form uses too, so shoppers see the same German messages before anything is sent.
 * Each step is validated when the shopper continues.
 */
export const STEP_SCHEMAS = CHECKOUT_STEP_SCHEMAS;
export type CheckoutStep = keyof typeof STEP_SCHEMAS;

export const CHECKOUT_DEFAULTS: CheckoutFormValues = {
  email: '',
  billing: emptyAddress,
  shippingSameAsBilling: true,
  shipping: emptyAddress,
  birthDate: '',
  mrz1: '',
  mrz2: '',
  mrz3: '',
  acceptTerms: false,
  paymentMethod: 'prepayment',
};

/** The address the parcel goes to (and whose name must match the ID card). */
export const deliveryAddress = (form: CheckoutFormValues): AddressForm => (form.shippingSameAsBilling ? form.billing : form.shipping);

export const mrzLines = (form: CheckoutFormValues) =>
  [form.mrz1, form.mrz2, form.mrz3].map((line) => line.replace(/\s/g, '').toUpperCase());

/**
 * The `POST /api/orders` body with the payment method chosen; `expectedTotal` is the total shown
 * on the review step (with the cash-on-delivery fee when that was chosen), `expectedAgeCheck` the
 * age check at the door it named (undefined when the page could not read it).
 */
export function toPlaceOrderBody(form: CheckoutFormValues, expectedTotal: string, expectedAgeCheck?: DhlAgeCheckService): PlaceOrderBody {
  return {
    email: form.email.trim(),
    billingAddress: { ...form.billing, country: 'DE' },
    shippingAddress: form.shippingSameAsBilling ? null : { ...form.shipping, country: 'DE' },
    birthDate: form.birthDate,
    ageVerification: { method: 'id-card-mrz', mrzLines: mrzLines(form) },
    shippingMethod: 'dhl-age-check',
    paymentMethod: form.paymentMethod,
    acceptTerms: true,
    expectedTotal,
    ...(expectedAgeCheck ? { expectedAgeCheck } : {}),
  };
}
