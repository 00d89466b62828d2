import { z } from 'zod';
import { DecimalAmount } from './catalog';
import { AppliedPromo, CartResponse, CartTotals } from './cart';
import { LegalVersions } from './pages';
import { CONTROL_CHARACTERS, CONTROL_MESSAGE, FREE_TEXT_LINK_MESSAGE, carriesLink, personName } from './person-name';
import { lazySchema } from './lazy-schema';
import { PAYMENT_METHOD_IDS, type PaymentMethodName } from './order-texts';

/**
 * Checkout and orders. The spec shows no checkout details (§2, §10); the rules here
 * come from German law for distance selling of nicotine products (research/legal-de.md §1, §4):
 * delivery only to adults in Germany, no Packstation or parcel shop, a real age check before
 * 'Zahlungspflichtig bestellen', DHL with the age check on delivery, prepayment or cash on delivery.
 */

/** Line breaks and other control characters have no place in an address (they would split e-mail and label lines). */
const noControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
const required = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .min(1, `Bitte geben Sie ${label} ein.`)
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine(noControlCharacters, CONTROL_MESSAGE);

/** A postal address in Germany (the only delivery country, legal-de.md §1.9). */
export const Address = lazySchema(() =>
  z
    .object({
      firstName: personName('Ihren Vornamen'),
      lastName: personName('Ihren Nachnamen'),
      street: required('Straße und Hausnummer', 120).regex(/\d/, 'Bitte geben Sie auch die Hausnummer an.'),
      addressLine2: z.string().trim().max(100, 'Höchstens 100 Zeichen.').refine(noControlCharacters, CONTROL_MESSAGE).default(''),
      postalCode: z
        .string()
        .trim()
        .regex(/^\d{5}$/, 'Bitte geben Sie eine fünfstellige Postleitzahl ein.'),
      city: required('den Ort'),
      country: z.literal('DE', { error: 'Wir liefern nur innerhalb Deutschlands.' }),
    })
    .strict(),
);
export type Address = z.infer<typeof Address>;

/** The built-in age check: the German ID card's machine-readable zone (three lines of 30 characters). */
export const IdCardAgeVerificationInput = lazySchema(() =>
  z
    .object({
      method: z.literal('id-card-mrz'),
      mrzLines: z.array(z.string().max(40)).length(3, 'Bitte geben Sie alle drei Zeilen ein.'),
    })
    .strict(),
);

/**
 * Only shipping method for age-restricted goods: DHL Paket with an age check at the door, Ident-Check
 * or Alterssichtprüfung 18+ as the operator chose (legal-de.md §1.6; the texts per check: delivery.ts).
 */
export const ShippingMethodId = lazySchema(() => z.literal('dhl-age-check'));
/**
 * Payment methods: 'prepayment' (Vorkasse, always offered: the free, common way to pay that
 * § 312a Abs. 4 Nr. 1 BGB requires beside a paid one) and 'cod' (Nachnahme: the buyer pays the DHL
 * courier in cash; offered when the operator switches it on in the shipping settings).
 */
export const PaymentMethodId = lazySchema(() => z.enum(PAYMENT_METHOD_IDS));
export type PaymentMethodId = PaymentMethodName;

/** 'YYYY-MM-DD' that is a real calendar date. */
export const IsoDate = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, 'Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).'),
);

/** `POST /api/checkout/age-verification`: checks the ID card before the review step (the order checks again). */
export const AgeVerificationBody = lazySchema(() =>
  z
    .object({
      birthDate: IsoDate,
      firstName: personName('Ihren Vornamen'),
      lastName: personName('Ihren Nachnamen'),
      ageVerification: IdCardAgeVerificationInput,
    })
    .strict(),
);
export const AgeVerificationResponse = lazySchema(() =>
  z.object({ verified: z.literal(true), method: z.string(), checkedAt: z.string() }).strict(),
);

/** The client's idempotency key for `POST /api/orders` (8–100 of A–Z a–z 0–9 _ -), in IDEMPOTENCY_KEY_HEADER (order-texts.ts). */
export const IdempotencyKey = lazySchema(() =>
  z
    .string({ error: 'Der Header Idempotency-Key fehlt.' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key: 8 bis 100 Zeichen aus A–Z, a–z, 0–9, _ und -'),
);

/**
 * An order's fulfillment. Prepayment: awaiting_payment → paid → shipped → delivered; cash on
 * delivery: ready_to_ship → shipped → delivered (paid at the door). Cancelled before shipping.
 */
export const OrderStatus = lazySchema(() => z.enum(['awaiting_payment', 'paid', 'ready_to_ship', 'shipped', 'delivered', 'cancelled']));
export type OrderStatus = z.infer<typeof OrderStatus>;

/** A bought line, priced when the order was placed (EUR strings, spec §9). */
export const OrderLineItem = lazySchema(() =>
  z
    .object({
      productId: z.string(),
      name: z.string(),
      slug: z.string(),
      image: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: DecimalAmount,
      regularPrice: DecimalAmount,
      lineTotal: DecimalAmount,
      /** The producer's durability guarantee in years when the order was placed (Product.durabilityGuaranteeYears; null: none, or an order from before the shop recorded it). */
      durabilityGuaranteeYears: z.number().int().min(3).max(30).nullable(),
    })
    .strict(),
);

export const BankDetails = lazySchema(() =>
  z.object({ accountHolder: z.string(), iban: z.string(), bic: z.string(), bankName: z.string() }).strict(),
);

/**
 * An invoice or cancellation invoice of an order, as listed on the order: the
 * sequential number ('RE-000042'), its kind, when it was issued (ISO time) and where its PDF is
 * (`GET /api/orders/{id}/invoices/{number}` for the buyer, `/api/admin/orders/{id}/invoices/{number}` for staff).
 */
export const InvoiceRef = lazySchema(() =>
  z.object({ number: z.string(), kind: z.enum(['invoice', 'cancellation']), issuedAt: z.string() }).strict(),
);
export type InvoiceRef = z.infer<typeof InvoiceRef>;

/** The invoice numbers the shop issues: 'RE-' and 6 or more digits, counted without gaps (§ 14 Abs. 4 Nr. 4 UStG). */
export const InvoiceNumber = lazySchema(() => z.string().regex(/^RE-\d{6,}$/, 'Rechnungsnummer wie RE-000042'));

/**
 * A withdrawal declared for an order (§ 356a BGB), as its buyer sees it on the order page: when it
 * was received (ISO time), which items in the buyer's words ('' = the whole order) and where it
 * stands: `received` (the refund of money received is still to come), `refunded` (booked, on
 * `refundedOn`, 'YYYY-MM-DD'), `cancelled` (withdrawn before payment: the order is cancelled and
 * nothing is owed).
 */
export const OrderWithdrawal = lazySchema(() =>
  z
    .object({
      receivedAt: z.string(),
      items: z.string(),
      status: z.enum(['received', 'refunded', 'cancelled']),
      refundedOn: IsoDate.nullable(),
    })
    .strict(),
);
export type OrderWithdrawal = z.infer<typeof OrderWithdrawal>;

/**
 * How an order is paid, by method:
 * - `prepayment`: the transfer details; `reference` is the Verwendungszweck (the order number),
 *   `dueDays` the days to pay from the order date, `dueDate` the last day ('YYYY-MM-DD' in Germany,
 *   computed once by the service);
 * - `cod`: the cash the DHL courier collects at the door (`amount`, the order total, EUR) and the
 *   cash-on-delivery fee it contains (`fee`, EUR: DHL's surcharge, § 312a Abs. 4 Nr. 2 BGB).
 */
export const OrderPayment = lazySchema(() =>
  z.discriminatedUnion('method', [
    z
      .object({
        method: z.literal('prepayment'),
        label: z.string(),
        bankDetails: BankDetails,
        reference: z.string(),
        dueDays: z.number().int(),
        dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      })
      .strict(),
    z.object({ method: z.literal('cod'), label: z.string(), amount: DecimalAmount, fee: DecimalAmount }).strict(),
  ]),
);
export type OrderPayment = z.infer<typeof OrderPayment>;

/** An order as the buyer sees it (thank-you page, account order list). */
export const Order = lazySchema(() =>
  z
    .object({
      id: z.string(),
      orderNumber: z.string(),
      status: OrderStatus,
      createdAt: z.string(),
      email: z.string(),
      billingAddress: Address,
      shippingAddress: Address,
      items: z.array(OrderLineItem),
      /** The cart's totals at placement; `paymentFee` (the cash-on-delivery fee, '0.00' for prepayment) is in `total` and `vatIncluded`. */
      totals: CartTotals.omit({ freeShippingRemainingItems: true }).extend({ paymentFee: DecimalAmount }),
      promo: AppliedPromo.nullable(),
      shipping: z.object({ method: ShippingMethodId, label: z.string() }).strict(),
      payment: OrderPayment,
      ageVerification: z.object({ method: z.string(), verified: z.literal(true), checkedAt: z.string() }).strict(),
      /** The versions of terms, withdrawal text and privacy policy the order was placed under; null when they could not be read. */
      legalVersions: LegalVersions.nullable(),
      /** The parcel once shipped: DHL tracking number and link, ISO times; null before. */
      shipment: z
        .object({
          carrier: z.literal('DHL'),
          trackingNumber: z.string(),
          trackingUrl: z.string(),
          shippedAt: z.string(),
          deliveredAt: z.string().nullable(),
        })
        .strict()
        .nullable(),
      /** Its invoices, oldest first: issued when the order is shipped; a correction adds a cancellation invoice. */
      invoices: z.array(InvoiceRef),
      /** The withdrawal declared for it (one per order), or null. */
      withdrawal: OrderWithdrawal.nullable(),
    })
    .strict(),
);
export type Order = z.infer<typeof Order>;

export const OrderListResponse = lazySchema(() => z.object({ orders: z.array(Order) }).strict());

/**
 * `POST /api/orders/{id}/reorder` ('Erneut bestellen'): the order's products go into
 * the cart again at today's prices. `added` are the lines put in (`quantity` may be less than
 * `ordered` when the stock or the line limit is lower); `unavailable` the ones that could not be
 * added, with the German reason. `cart` is the priced cart afterwards.
 */
export const ReorderResponse = lazySchema(() =>
  z
    .object({
      cart: CartResponse,
      added: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), ordered: z.number().int() }).strict()),
      unavailable: z.array(z.object({ productId: z.string(), name: z.string(), reason: z.string() }).strict()),
    })
    .strict(),
);
export type ReorderResponse = z.infer<typeof ReorderResponse>;

/** The characters of order numbers (Crockford's base 32: no I, L, O, U). */
export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters after 'RT-{year}-' (40 bits: not guessable). */
export const ORDER_NUMBER_LENGTH = 8;

/**
 * A readable order number as printed on the order: 'RT-2026-K7M2QX9P' (random),
 * or 'RT-2026-000042' (older orders, numbered in sequence). Input is trimmed and uppercased, and the characters
 * Crockford's base 32 leaves out are read as the ones they look like (O → 0, I and L → 1), so a
 * number typed from a printout still matches.
 */
export const OrderNumber = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .transform((value) => {
      const match = /^RT-(\d{4})-([0-9A-Z]{8})$/.exec(value);
      return match ? `RT-${match[1]}-${match[2]!.replace(/O/g, '0').replace(/[IL]/g, '1')}` : value;
    })
    .pipe(
      z
        .string()
        .regex(
          /^RT-\d{4}-(\d{6}|[0-9A-HJKMNP-TV-Z]{8})$/,
          'Bitte geben Sie Ihre Bestellnummer wie in der Bestellbestätigung ein (z. B. RT-2026-K7M2QX9P).',
        ),
    ),
);

/**
 * `POST /api/withdrawals`: the withdrawal function of § 356a BGB (from 19.06.2026; legal-de.md
 * §4.8): only name, the contract (order number) and e-mail; which items is optional (empty =
 * the whole order). No login needed.
 */
export const WithdrawalBody = lazySchema(() =>
  z
    .object({
      name: personName('Ihren Namen', 200).refine((value) => value.length >= 2, 'Bitte geben Sie Ihren Namen ein.'),
      orderNumber: OrderNumber,
      email: z.string().trim().toLowerCase().email('Bitte geben Sie eine gültige E-Mail-Adresse ein.').max(200),
      /** Which items, when not the whole order; e-mailed back to the given address, so no links (carriesLink). */
      items: z
        .string()
        .trim()
        .max(1000, 'Höchstens 1000 Zeichen.')
        .refine((value) => !carriesLink(value), FREE_TEXT_LINK_MESSAGE)
        .default(''),
    })
    .strict(),
);
export type WithdrawalBody = z.input<typeof WithdrawalBody>;

/**
 * The navigation state with which the account's order page opens /vertrag-widerrufen,
 * so the form comes filled in; never in the address (no e-mail in URLs, logs or a shared cache).
 */
export interface WithdrawalNavigationState {
  withdrawalPrefill: { name: string; orderNumber: string; email: string };
}

/**
 * The receipt of a withdrawal: when it was received (ISO time), where the confirmation went, and
 * who declared it (`name`, as typed in the declaration). `name` is left out of the answer to a
 * repeated declaration (the first one's receipt), which anyone knowing order number and e-mail
 * address can send: it would hand them the first declarant's name.
 */
export const WithdrawalReceipt = lazySchema(() =>
  z
    .object({
      withdrawalId: z.string(),
      orderNumber: z.string(),
      receivedAt: z.string(),
      email: z.string(),
      items: z.string(),
      name: z.string().optional(),
    })
    .strict(),
);
export type WithdrawalReceipt = z.infer<typeof WithdrawalReceipt>;

/**
 * The outcome of the withdrawal form sent without JavaScript (WITHDRAWAL_FORM_ACTIONS), with
 * which the server renders /vertrag-widerrufen once: `form` with the entries and the German
 * errors by field (`form` for one about the whole declaration: no such order, too many
 * attempts), `review` with the checked entries to confirm, or `received` with the receipt.
 */
export const WithdrawalFormState = lazySchema(() =>
  z
    .object({
      step: z.enum(['form', 'review', 'received']),
      values: z.object({ name: z.string(), orderNumber: z.string(), email: z.string(), items: z.string() }).strict(),
      errors: z.partialRecord(z.enum(['name', 'orderNumber', 'email', 'items', 'form']), z.string()),
      receipt: WithdrawalReceipt.nullable(),
    })
    .strict(),
);
export type WithdrawalFormState = z.infer<typeof WithdrawalFormState>;

/** `GET /api/withdrawals/form/outcome`: the form's outcome for this browser, or null. */
export const WithdrawalFormOutcome = lazySchema(() => z.object({ state: WithdrawalFormState.nullable() }).strict());
export type WithdrawalFormOutcome = z.infer<typeof WithdrawalFormOutcome>;
