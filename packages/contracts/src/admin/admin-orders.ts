import { z } from 'zod';
import { FilterDate } from './filter-date';
import { DecimalAmount } from '../catalog';
import { IsoDate, Order, OrderStatus, PaymentMethodId } from '../orders';
import { lazySchema } from '../lazy-schema';

/**
 * Carrier tracking numbers DHL prints: 12 digits, 20 to 35 digits (the shipment numbers the Parcel DE
 * Shipping API returns: 20 in production, 25 in its sandbox), JJD…, or an international
 * 'XX123456789DE' (letters upper case).
 */
export const DhlTrackingNumber = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^(\d{12}|\d{20,35}|JJD\d{16,20}|[A-Z]{2}\d{9}DE)$/,
      'Bitte geben Sie eine DHL-Sendungsnummer ein (12 oder 20 bis 35 Ziffern, JJD… oder z. B. RR123456789DE).',
    ),
);

/** Statuses and views the staff order list filters by: every status, plus 'overdue' (awaiting payment after the due date). */
export const ADMIN_ORDER_FILTERS = ['all', 'overdue', 'open-withdrawals', ...OrderStatus.options] as const;

/** `GET /api/admin/orders`: status filter, order date range (Berlin days), search (order number, e-mail, name), paging. */
export const AdminOrderListQuery = lazySchema(() =>
  z
    .object({
      status: z.enum(ADMIN_ORDER_FILTERS).default('all'),
      from: FilterDate.optional(),
      to: FilterDate.optional(),
      search: z.string().trim().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
);
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

/** A withdrawal as staff handle it: received → refunded, with the legal deadlines ('YYYY-MM-DD'). */
export const AdminWithdrawal = lazySchema(() =>
  z
    .object({
      receivedAt: z.string(),
      /** The name the withdrawal was declared under. */
      name: z.string(),
      /**
       * Whether that name is the buyer's (billing first and last name; compared as in the
       * withdrawal service's declaredNameMatches: case, spacing, umlaut spellings and accents do
       * not count). A withdrawal is accepted under any name; false asks staff to check before a refund.
       */
      nameMatchesOrder: z.boolean(),
      items: z.string(),
      /** 14 days after delivery (§ 355 Abs. 2, § 356 Abs. 2 BGB); null while not delivered. */
      withdrawalPeriodEnds: IsoDate.nullable(),
      /** Whether it arrived within that period; a withdrawal before delivery is always in time. */
      inTime: z.boolean(),
      /** The refund is due within 14 days of receipt (§ 357 Abs. 1 BGB). */
      refundDueBy: IsoDate,
      refundedAt: z.string().nullable(),
      refund: DecimalAmount.nullable(),
    })
    .strict(),
);
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

/** One row of the staff order list. */
export const AdminOrderSummary = lazySchema(() =>
  z
    .object({
      id: z.string(),
      orderNumber: z.string(),
      status: OrderStatus,
      createdAt: z.string(),
      email: z.string(),
      name: z.string(),
      itemCount: z.number().int(),
      total: DecimalAmount,
      paymentMethod: PaymentMethodId,
      /** The last day to pay a prepayment order; null for cash on delivery. */
      paymentDueDate: IsoDate.nullable(),
      overdue: z.boolean(),
      withdrawal: z.enum(['received', 'refunded']).nullable(),
    })
    .strict(),
);
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderListResponse = lazySchema(() =>
  z.object({ orders: z.array(AdminOrderSummary), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).strict(),
);
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

/** An order as staff see it: the buyer's view plus version, payment record, cancellation and withdrawal. */
export const AdminOrderDetail = lazySchema(() =>
  Order.extend({
    version: z.number().int().min(0),
    overdue: z.boolean(),
    /**
     * The recorded payment, or null: the bank transfer (prepayment), or the cash the courier
     * collected (cash on delivery: recorded with DHL's delivery day). `payoutOn`: for cash on
     * delivery, the day DHL's payout of the cash was booked on the shop's account (statement
     * import), null until then and for prepayment.
     */
    paymentReceived: z
      .object({ receivedOn: IsoDate, amount: DecimalAmount, note: z.string(), recordedAt: z.string(), payoutOn: IsoDate.nullable() })
      .strict()
      .nullable(),
    cancellation: z
      .object({
        at: z.string(),
        reason: z.enum(['payment_overdue', 'staff', 'withdrawal']),
        note: z.string(),
        stockReleased: z.boolean(),
        emailSent: z.boolean(),
      })
      .strict()
      .nullable(),
    shippingEmailSent: z.boolean(),
    /**
     * A delivery problem DHL's shipment tracking reported (the tracking job): a failed attempt
     * (incl. ID or age check negative), refused, held at a branch or Packstation, returned to
     * sender, or handed over where an age-checked parcel must never go (neighbour, parcel box).
     * German `message` for staff; null when there is none.
     */
    deliveryIssue: z
      .object({
        kind: z.enum(['failed-attempt', 'refused', 'held-for-collection', 'returned', 'wrong-handover']),
        at: z.string(),
        message: z.string(),
      })
      .strict()
      .nullable(),
    withdrawal: AdminWithdrawal.nullable(),
  }).strict(),
);
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/**
 * `POST /api/admin/orders/{id}/actions`: one step of the workflow on the `version` staff saw.
 * mark-paid records the transfer (amount must be the order total; a cash-on-delivery order once
 * shipped and not yet recorded paid: the cash the courier collected); ship needs the DHL number and
 * e-mails the buyer the tracking link; deliver records the delivery day (and, for cash on delivery,
 * the payment); cancel (before shipping) releases the stock and e-mails the buyer, like the
 * overdue-payment job.
 */
export const OrderAction = lazySchema(() =>
  z.discriminatedUnion('action', [
    z
      .object({
        action: z.literal('mark-paid'),
        version: z.number().int().min(0),
        receivedOn: IsoDate,
        amount: DecimalAmount,
        note: z.string().trim().max(300).default(''),
      })
      .strict(),
    z.object({ action: z.literal('ship'), version: z.number().int().min(0), trackingNumber: DhlTrackingNumber }).strict(),
    z.object({ action: z.literal('deliver'), version: z.number().int().min(0), deliveredOn: IsoDate }).strict(),
    z
      .object({
        action: z.literal('cancel'),
        version: z.number().int().min(0),
        note: z.string().trim().min(5, 'Bitte geben Sie den Grund der Stornierung an (mindestens 5 Zeichen).').max(300),
      })
      .strict(),
    z
      .object({
        action: z.literal('refund-withdrawal'),
        version: z.number().int().min(0),
        refundedOn: IsoDate,
        amount: DecimalAmount,
      })
      .strict(),
  ]),
);
export type OrderAction = z.input<typeof OrderAction>;

/** The DHL tracking page of a parcel (the link in the shipping e-mail and on the order). */
export const dhlTrackingUrl = (trackingNumber: string) =>
  `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${encodeURIComponent(trackingNumber)}`;
