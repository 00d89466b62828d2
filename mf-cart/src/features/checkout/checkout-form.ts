import { z } from 'zod';
import { Address, IsoDate } from '@shop/contracts';
import { PARCEL_LOCKER_MESSAGE, isParcelLockerAddress, type PlaceOrderBody } from '@shop/contracts/checkout';

/** Address fields as the form has them (the country is always Germany). */
export const AddressForm = Address.omit({ country: true });
export type AddressForm = z.infer<typeof AddressForm>;

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
}

/**
 * Checks of each checkout step (the spec shows no checkout, legal-de.md §1 and §4 set
 * the rules), built from the contract schemas the server uses, so shoppers see the same German
 * messages before anything is sent. Each step is validated when the shopper continues.
 */
export const STEP_SCHEMAS = {
  contact: z.object({
    email: z.string().trim().min(1, 'Bitte geben Sie Ihre E-Mail-Adresse ein.').email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
  }),
  address: z.object({ billing: AddressForm, shippingSameAsBilling: z.boolean(), shipping: z.unknown() }).superRefine((form, ctx) => {
    let delivery: AddressForm = form.billing;
    if (!form.shippingSameAsBilling) {
      const parsed = AddressForm.safeParse(form.shipping);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['shipping', ...issue.path], message: issue.message });
        return;
      }
      delivery = parsed.data;
    }
    if (isParcelLockerAddress(delivery.firstName, delivery.lastName, delivery.street, delivery.addressLine2, delivery.city)) {
      ctx.addIssue({
        code: 'custom',
        path: [form.shippingSameAsBilling ? 'billing' : 'shipping', 'street'],
        message: PARCEL_LOCKER_MESSAGE,
      });
    }
  }),
  age: z.object({
    birthDate: IsoDate.refine(
      (value) => value <= new Date().toISOString().slice(0, 10),
      'Das Geburtsdatum darf nicht in der Zukunft liegen.',
    ),
    ...Object.fromEntries(
      (['mrz1', 'mrz2', 'mrz3'] as const).map((line, index) => [
        line,
        z
          .string()
          .trim()
          .min(1, `Bitte geben Sie Zeile ${index + 1} ein.`)
          .refine((value) => value.replace(/\s/g, '').length === 30, 'Jede Zeile hat genau 30 Zeichen (die Zeichen „<“ mitzählen).'),
      ]),
    ),
  }),
  review: z.object({ acceptTerms: z.literal(true, { error: 'Bitte bestätigen Sie die AGB und die Widerrufsbelehrung.' }) }),
} as const;
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
};

/** The address the parcel goes to (and whose name must match the ID card). */
export const deliveryAddress = (form: CheckoutFormValues): AddressForm => (form.shippingSameAsBilling ? form.billing : form.shipping);

export const mrzLines = (form: CheckoutFormValues) =>
  [form.mrz1, form.mrz2, form.mrz3].map((line) => line.replace(/\s/g, '').toUpperCase());

/** The `POST /api/orders` body; `expectedTotal` is the total shown on the review step. */
export function toPlaceOrderBody(form: CheckoutFormValues, expectedTotal: string): PlaceOrderBody {
  return {
    email: form.email.trim(),
    billingAddress: { ...form.billing, country: 'DE' },
    shippingAddress: form.shippingSameAsBilling ? null : { ...form.shipping, country: 'DE' },
    birthDate: form.birthDate,
    ageVerification: { method: 'id-card-mrz', mrzLines: mrzLines(form) },
    shippingMethod: 'dhl-age-check',
    paymentMethod: 'prepayment',
    acceptTerms: true,
    expectedTotal,
  };
}
