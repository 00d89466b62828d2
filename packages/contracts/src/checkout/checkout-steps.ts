import { z } from 'zod';
import { Address, IsoDate, PaymentMethodId } from '../orders';
import { lazySchema } from '../lazy-schema';
import { PARCEL_LOCKER_MESSAGE, isParcelLockerAddress } from './parcel-locker';

/**
 * The checkout's steps in order (the spec shows no checkout; legal-de.md §1.4–1.9, §4.4–4.5):
 * the names are also the `schritt` values of the checkout form without JavaScript.
 */
export const CHECKOUT_STEPS = [
  { name: 'contact', title: 'Kontakt' },
  { name: 'address', title: 'Adresse' },
  { name: 'age', title: 'Altersprüfung' },
  { name: 'shipping', title: 'Versand' },
  { name: 'payment', title: 'Zahlung' },
  { name: 'review', title: 'Prüfen und bestellen' },
] as const;
export type CheckoutStepName = (typeof CHECKOUT_STEPS)[number]['name'];
export const CHECKOUT_STEP_NAMES = CHECKOUT_STEPS.map((step) => step.name) as [CheckoutStepName, ...CheckoutStepName[]];

/** Address fields as the checkout form has them (the country is always Germany). */
export const AddressForm = lazySchema(() => Address.omit({ country: true }));
export type AddressForm = z.infer<typeof AddressForm>;

/**
 * The checks of each checkout step with fields, built from the contract schemas of
 * `POST /api/orders`, so the checkout in the browser and the checkout form the cart service
 * answers without JavaScript give the same German messages at the same fields. Shipping and
 * payment offer one fixed option and have no schema.
 */
export const CHECKOUT_STEP_SCHEMAS = {
  contact: lazySchema(() =>
    z.object({
      email: z
        .string()
        .trim()
        .min(1, 'Bitte geben Sie Ihre E-Mail-Adresse ein.')
        .email('Bitte geben Sie eine gültige E-Mail-Adresse ein.')
        .max(200, 'Höchstens 200 Zeichen.'),
    }),
  ),
  address: lazySchema(() =>
    z.object({ billing: AddressForm, shippingSameAsBilling: z.boolean(), shipping: z.unknown() }).superRefine((form, ctx) => {
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
  ),
  age: lazySchema(() =>
    z.object({
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
  ),
  review: lazySchema(() =>
    z.object({ acceptTerms: z.literal(true, { error: 'Bitte bestätigen Sie die AGB und die Widerrufsbelehrung.' }) }),
  ),
} as const;
export type CheckoutStepWithFields = keyof typeof CHECKOUT_STEP_SCHEMAS;

/** An address as typed (any text; checked by the address step's schema). */
const typedAddress = () =>
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    street: z.string(),
    addressLine2: z.string(),
    postalCode: z.string(),
    city: z.string(),
  });

/**
 * The checkout of this browser's cart as the cart service keeps it for the checkout form
 * without JavaScript (`GET` CHECKOUT_FORM_ACTIONS.state, read by the page's server render):
 * - `step`: the step whose form is open;
 * - `values`: contact and addresses as kept, or as typed when the last entry was refused (the
 *   birth date and the ID card lines are never kept: legal-de.md §1.10);
 * - `birthDate`: the birth date of a refused age check as typed ('YYYY-MM-DD' or what was typed),
 *   carried in the visitor's own signed cookie, not kept by the shop; else null;
 * - `errors`: the German message per field of a refused entry, by the field's name in the form
 *   ('email', 'billing.street', 'mrz1', 'acceptTerms'; 'form' for the step as a whole);
 * - `ageCheckedAt`: when the age check passed for the current delivery name (ISO time), or null;
 * - `orderKey`: the idempotency key the review's 'Zahlungspflichtig bestellen' carries (bound to
 *   this cart, made when the review step opened), else null;
 * - `paymentMethod`: the payment method confirmed at the payment step, or null before;
 * - `started`: whether a step of this checkout was sent as a form (the page then goes on through
 *   the server: what it keeps is what the order gets).
 */
export const CheckoutFormState = lazySchema(() =>
  z
    .object({
      step: z.enum(CHECKOUT_STEP_NAMES),
      values: z
        .object({
          email: z.string(),
          billing: typedAddress(),
          shippingSameAsBilling: z.boolean(),
          shipping: typedAddress(),
        })
        .strict(),
      errors: z.record(z.string(), z.string()),
      birthDate: z.string().nullable(),
      ageCheckedAt: z.string().nullable(),
      orderKey: z.string().nullable(),
      paymentMethod: PaymentMethodId.nullable(),
      started: z.boolean(),
    })
    .strict(),
);
export type CheckoutFormState = z.infer<typeof CheckoutFormState>;

/** The answer of `GET` CHECKOUT_FORM_ACTIONS.state: null without a cart. */
export const CheckoutFormOutcome = lazySchema(() => z.object({ state: CheckoutFormState.nullable() }).strict());
export type CheckoutFormOutcome = z.infer<typeof CheckoutFormOutcome>;
