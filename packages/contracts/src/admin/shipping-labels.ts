import { z } from 'zod';
import { DecimalAmount, MAX_PARCEL_WEIGHT_GRAMS } from '../catalog';
import { lazySchema } from '../lazy-schema';
import { DHL_COD_MAX_CENTS, DhlAgeCheckService } from '../delivery';
import { PaymentMethodId } from '../orders';
import { DhlTrackingNumber } from './admin-orders';

/**
 * DHL labels booked by the shop (cart service, Parcel DE Shipping API v2; services/cart/README.md
 * 'Shipping with DHL'). Reading, booking, cancelling and the close-out need `orders:write` (as
 * every order endpoint: staff have no read-only order permission), changing the shipping settings
 * `settings:write`.
 */

/** The age check at the door (defined with the storefront contracts: the cart and checkout tell shoppers about it). */
export { DhlAgeCheckService };

/** The label print media staff can choose (DHL's `printFormat`); null: the DHL account's own setting. */
export const DHL_LABEL_PRINT_FORMATS = [
  'A4',
  '910-300-700',
  '910-300-700-oz',
  '910-300-710',
  '910-300-600',
  '910-300-610',
  '910-300-400',
  '910-300-410',
  '100x70mm',
] as const;
export const DhlLabelPrintFormat = lazySchema(() => z.enum(DHL_LABEL_PRINT_FORMATS));

const Grams = () => z.number().int().min(1).max(MAX_PARCEL_WEIGHT_GRAMS);

/**
 * Cash on delivery (Nachnahme) as the operator offers it:
 * - `enabled`: shoppers may choose it at checkout (prepayment stays offered, § 312a Abs. 4 Nr. 1 BGB);
 * - `fee` (EUR): what the buyer pays for it, exactly DHL's Nachnahme surcharge under the operator's
 *   contract (§ 312a Abs. 4 Nr. 2 BGB: no more than the cost the method causes);
 * - `maxTotal` (EUR): the highest order total it is offered for, at most 3,500.00 (DHL's limit);
 * - `accountReference`: the bank account reference kept in DHL's business customer portal
 *   (Versenden → Einstellungen → Nachnahme) that DHL pays the collected cash to; '' = the shop's
 *   bank account from its configuration (sending an account needs DHL's approval).
 * DHL pays the cash out with the order number as the transfer note, which the statement import matches.
 */
export const CashOnDeliverySettings = lazySchema(() =>
  z
    .object({
      enabled: z.boolean(),
      fee: DecimalAmount,
      maxTotal: DecimalAmount.refine(
        (value) => Math.round(Number(value) * 100) <= DHL_COD_MAX_CENTS,
        'DHL zieht per Nachnahme höchstens 3.500,00 € ein.',
      ),
      accountReference: z.string().trim().max(35, 'Höchstens 35 Zeichen.'),
    })
    .strict(),
);
export type CashOnDeliverySettings = z.infer<typeof CashOnDeliverySettings>;

/**
 * `GET /api/admin/shipping/settings`: how labels are booked. Parcel weight = packaging +
 * Σ quantity × (the line's own weight at placement, else its category's default, else
 * `defaultItemGrams`), all in whole grams. `shipper` is the operator's address from the legal
 * settings (content service, the same as on invoices), read-only here; null when the content
 * service does not answer. `dhl` says whether label booking through DHL's API is configured
 * (services/cart/src/config.ts `DHL_*`) and, if not, why.
 */
export const ShippingSettings = lazySchema(() =>
  z
    .object({
      ageCheck: DhlAgeCheckService,
      /** Packaging (box, filling) added to every parcel, g. */
      packagingGrams: z.number().int().min(0).max(MAX_PARCEL_WEIGHT_GRAMS),
      /** Weight of one piece whose product and category have none, g; null: such an order needs a weight typed in. */
      defaultItemGrams: Grams().nullable(),
      /** Weight of one piece per category (the category's slug), for products without a weight of their own, g. */
      categoryItemGrams: z.array(z.object({ category: z.string().min(1).max(64), grams: Grams() }).strict()).max(100),
      printFormat: DhlLabelPrintFormat.nullable(),
      cashOnDelivery: CashOnDeliverySettings,
      version: z.number().int().min(0),
      updatedAt: z.string().nullable(),
      shipper: z
        .object({ name: z.string(), street: z.string(), postalCode: z.string(), city: z.string(), email: z.string() })
        .strict()
        .nullable(),
      dhl: z.object({ configured: z.boolean(), reason: z.string().nullable() }).strict(),
    })
    .strict(),
);
export type ShippingSettings = z.infer<typeof ShippingSettings>;

/** `PUT /api/admin/shipping/settings`: a change made on `version` (409 STALE_VERSION when outdated). */
export const ShippingSettingsChange = lazySchema(() =>
  z
    .object({
      version: z.number().int().min(0),
      ageCheck: DhlAgeCheckService,
      packagingGrams: z.number().int().min(0).max(MAX_PARCEL_WEIGHT_GRAMS),
      defaultItemGrams: Grams().nullable(),
      categoryItemGrams: z.array(z.object({ category: z.string().trim().min(1).max(64), grams: Grams() }).strict()).max(100),
      printFormat: DhlLabelPrintFormat.nullable(),
      cashOnDelivery: CashOnDeliverySettings,
    })
    .strict(),
);
export type ShippingSettingsChange = z.infer<typeof ShippingSettingsChange>;

/** A message DHL gave for a shipment: the field it concerns in the shop's terms (null: the whole shipment) and its German text. */
export const DhlMessage = lazySchema(() =>
  z
    .object({
      /** The shop's field ('weightGrams', 'shippingAddress.street', 'shipper.postalCode', …) or null. */
      field: z.string().nullable(),
      message: z.string(),
      severity: z.enum(['error', 'warning']),
    })
    .strict(),
);
export type DhlMessage = z.infer<typeof DhlMessage>;

/**
 * The state of an order's label:
 * - `booked`: DHL booked it; the PDF is stored (`GET …/shipping-label.pdf`);
 * - `outcome-unknown`: the booking was sent but its answer was lost (timeout, a process that
 *   stopped, an unusable answer); DHL may have booked it. Staff look the order number up in DHL's
 *   business customer portal and resolve it (the v2 API cannot search by reference); never booked again before;
 * - `cancelled`: cancelled at DHL before the close-out; a new label can be booked.
 */
export const ShippingLabelState = lazySchema(() => z.enum(['booked', 'outcome-unknown', 'cancelled']));
export type ShippingLabelState = z.infer<typeof ShippingLabelState>;

/** An order's DHL label. Times are ISO strings. */
export const ShippingLabel = lazySchema(() =>
  z
    .object({
      orderId: z.string(),
      orderNumber: z.string(),
      state: ShippingLabelState,
      /** DHL's shipment number (the tracking number); null while the outcome is unknown and not resolved. */
      shipmentNumber: z.string().nullable(),
      ageCheck: DhlAgeCheckService,
      weightGrams: z.number().int(),
      /** Warnings DHL gave though it booked (e.g. an address it could not route), kept with the order. */
      warnings: z.array(DhlMessage),
      /** Whether a PDF is stored (false for a label resolved by hand after an unknown outcome). */
      hasPdf: z.boolean(),
      bookedAt: z.string().nullable(),
      cancelledAt: z.string().nullable(),
      /** When the day's close-out included it (no cancel after that); null before. */
      closedOutAt: z.string().nullable(),
    })
    .strict(),
);
export type ShippingLabel = z.infer<typeof ShippingLabel>;

/**
 * `GET /api/admin/orders/{id}/shipping-label`: the order's label (null: none yet) and what a new
 * booking would send: the weight worked out from the settings (null with `missingWeights` naming
 * the products that have none), the age check, and whether the order can get a label now
 * (`blockedReason` in German when not: not paid, already labelled, DHL not configured, …).
 */
export const ShippingLabelView = lazySchema(() =>
  z
    .object({
      label: ShippingLabel.nullable(),
      proposal: z
        .object({
          weightGrams: z.number().int().nullable(),
          missingWeights: z.array(z.string()),
          ageCheck: DhlAgeCheckService,
          blockedReason: z.string().nullable(),
        })
        .strict(),
    })
    .strict(),
);
export type ShippingLabelView = z.infer<typeof ShippingLabelView>;

/**
 * `POST /api/admin/orders/{id}/shipping-label`: book the label (DHL validates first, then books).
 * `weightGrams` overrides the worked-out weight. Answers 201 with the view; 400 VALIDATION_ERROR
 * with DHL's messages at the shop's fields (`issues[].path` 'body/' + the DhlMessage field with
 * '/' for '.', e.g. 'body/shippingAddress/street', 'body/weightGrams'; 'body' for the whole
 * shipment); 409 CONFLICT when the order is not paid, has a label, is being booked or has an
 * unknown outcome to resolve first; 503 UPSTREAM_UNAVAILABLE when DHL cannot be reached (nothing
 * booked, or the label is `outcome-unknown` when the booking itself went unanswered),
 * DHL_NOT_CONFIGURED (the message names why), SELLER_DETAILS_UNAVAILABLE (no shipper).
 */
export const ShippingLabelRequest = lazySchema(() => z.object({ weightGrams: Grams().optional() }).strict());
export type ShippingLabelRequest = z.infer<typeof ShippingLabelRequest>;

/**
 * `POST /api/admin/orders/{id}/shipping-label/resolve`: staff's finding in DHL's portal for a label
 * whose outcome is unknown: not booked there (a new label may be booked) or booked under this
 * shipment number (kept without PDF; print it from the portal).
 */
export const ShippingLabelResolution = lazySchema(() =>
  z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('not-booked') }).strict(),
    // The number becomes the order's tracking number at the close-out: the same rule as shipping by hand.
    z.object({ outcome: z.literal('booked'), shipmentNumber: DhlTrackingNumber }).strict(),
  ]),
);
export type ShippingLabelResolution = z.infer<typeof ShippingLabelResolution>;

/** One paid order waiting for its parcel (`GET /api/admin/shipping/queue`): paid orders, oldest payment first. */
export const ShippingQueueEntry = lazySchema(() =>
  z
    .object({
      orderId: z.string(),
      orderNumber: z.string(),
      name: z.string(),
      postalCode: z.string(),
      city: z.string(),
      itemCount: z.number().int(),
      /** 'cod': the label collects the total at the door. */
      paymentMethod: PaymentMethodId,
      paidOn: z.string().nullable(),
      /** The buyer withdrew (§ 355 BGB): not to be sent; its label is refused. */
      withdrawn: z.boolean(),
      weightGrams: z.number().int().nullable(),
      label: z.object({ state: ShippingLabelState, shipmentNumber: z.string().nullable() }).strict().nullable(),
    })
    .strict(),
);
export const ShippingQueue = lazySchema(() => z.object({ orders: z.array(ShippingQueueEntry), total: z.number().int() }).strict());
export type ShippingQueue = z.infer<typeof ShippingQueue>;

/** Most orders one bulk run books (DHL takes 30 shipments per call; a run makes several calls). */
export const LABEL_RUN_MAX_ORDERS = 120;

/** `POST /api/admin/shipping/label-runs`: book labels for these paid orders (those with a label are skipped, never booked twice). */
export const LabelRunRequest = lazySchema(() =>
  z
    .object({
      orderIds: z
        .array(z.string().regex(/^[0-9a-f]{24}$/))
        .min(1)
        .max(LABEL_RUN_MAX_ORDERS),
    })
    .strict(),
);
export type LabelRunRequest = z.infer<typeof LabelRunRequest>;

/**
 * A bulk run's result per order: `booked` now, `already-labelled` (kept, in the combined PDF),
 * `refused` (DHL's or the shop's messages; nothing booked), `failed` (DHL unavailable; nothing
 * booked), `outcome-unknown` (see ShippingLabelState). `pdfUrl` is the combined PDF of the
 * run's booked and already-labelled orders whose label is still valid when it is opened (still
 * booked with the same shipment number; null when none has a PDF). Labels left out (cancelled
 * since, booked anew, or without a stored PDF) are listed with the reason on a first page in the
 * labels' size ('Diese Seite ist kein Label.'), so staff see them before printing; 404 when none
 * is left to print.
 */
export const LabelRun = lazySchema(() =>
  z
    .object({
      id: z.string(),
      createdAt: z.string(),
      results: z.array(
        z
          .object({
            orderId: z.string(),
            /** The order's number; the id as sent for an id that names no placed order (refused). */
            orderNumber: z.string(),
            outcome: z.enum(['booked', 'already-labelled', 'refused', 'failed', 'outcome-unknown']),
            shipmentNumber: z.string().nullable(),
            messages: z.array(DhlMessage),
          })
          .strict(),
      ),
      pdfUrl: z.string().nullable(),
    })
    .strict(),
);
export type LabelRun = z.infer<typeof LabelRun>;

/**
 * `POST /api/admin/shipping/close-out`: the close-out at DHL (`POST /manifests`) for every
 * booked label not closed out yet (all open ones, not only the day's); those orders become
 * shipped with their shipment number (the buyer gets the tracking e-mail), and an order staff
 * already shipped by hand with the label's number is closed out without shipping it again.
 * Labels of orders cancelled or shipped with another number are not sent (`refused`, with what
 * to do); labels DHL refused to close stay open with its message.
 */
export const CloseOutResult = lazySchema(() =>
  z
    .object({
      closedOut: z.array(z.object({ orderNumber: z.string(), shipmentNumber: z.string() }).strict()),
      refused: z.array(z.object({ orderNumber: z.string(), shipmentNumber: z.string(), message: z.string() }).strict()),
      /** Orders moved to shipped by this close-out. */
      shipped: z.number().int(),
    })
    .strict(),
);
export type CloseOutResult = z.infer<typeof CloseOutResult>;
