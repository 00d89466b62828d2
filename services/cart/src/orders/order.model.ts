import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { auditOutboxPath, defineModel, storedAddressSchema } from '@shop/service-kit';
import { OrderStatus } from '@shop/contracts';
import type { AdminOrderDetail } from '@shop/contracts/admin';
import { storedPromoSchema } from '../promo/promo-code.model';

/** The contract's statuses plus 'pending' (only while the order is being placed): one list. */
export const ORDER_RECORD_STATUSES = ['pending', ...OrderStatus.options] as const;

/** A delivery problem's kind as staff read it (AdminOrderDetail.deliveryIssue.kind). */
export type DeliveryIssueKind = NonNullable<AdminOrderDetail['deliveryIssue']>['kind'];
/** Every kind of the contract, once (the record makes a kind the contract adds a type error here). */
const DELIVERY_ISSUE_KINDS = Object.keys({
  'failed-attempt': true,
  refused: true,
  'held-for-collection': true,
  returned: true,
  'wrong-handover': true,
} satisfies Record<DeliveryIssueKind, true>);

const lineItemSchema = new Schema(
  {
    productId: { type: String, required: true },
    name: { type: String, required: true },
    slug: { type: String, required: true },
    image: { type: String, default: null },
    quantity: { type: Number, required: true, min: 1 },
    unitCents: { type: Number, required: true },
    regularCents: { type: Number, required: true },
    /** The producer's durability guarantee in years at placement (the e-mail and order page show its EU label), or null. */
    durabilityGuaranteeYears: { type: Number, default: null },
    /**
     * Weight of one piece as shipped at placement (g, Product.shippingWeightGrams), for the DHL
     * label's parcel weight; null when the catalogue had none recorded.
     */
    shippingWeightGrams: { type: Number, default: null },
    /**
     * The product's category slug at placement (catalog `category`), for the category's default
     * piece weight in the shipping settings when the line has no weight; null in orders placed before.
     */
    category: { type: String, default: null },
  },
  { _id: false },
);

/**
 * An order. Prices, totals and product names are copied at placement, so later
 * catalogue changes never alter a placed order. `status` 'pending' exists only while the order
 * is being placed (stock reserved, promo counted); shoppers never see pending orders, and a
 * pending order left behind by a crash is released by the sweeper. `idempotencyKey` is unique:
 * the same key always gives the same order. Age verification keeps only result, method,
 * provider reference and time (legal-de.md §1.4); the birth date is not stored.
 */
const orderSchema = new Schema(
  {
    orderNumber: { type: String, required: true, unique: true },
    reservationId: { type: String, required: true },
    idempotencyKey: { type: String, required: true, unique: true },
    ownerKey: { type: String, required: true, index: true },
    userId: { type: String, default: null, index: true },
    status: { type: String, enum: ORDER_RECORD_STATUSES, required: true },
    /** Lower case (contract); also finds guest orders for the account with this confirmed address. */
    email: { type: String, required: true, index: true },
    billingAddress: { type: storedAddressSchema, required: true },
    shippingAddress: { type: storedAddressSchema, required: true },
    items: { type: [lineItemSchema], required: true },
    totals: {
      type: new Schema(
        {
          itemCount: { type: Number, required: true },
          subtotalCents: { type: Number, required: true },
          savingsCents: { type: Number, required: true },
          promoDiscountCents: { type: Number, required: true },
          shippingCents: { type: Number, required: true },
          totalCents: { type: Number, required: true },
          vatIncludedCents: { type: Number, required: true },
          /** The cash-on-delivery fee contained in the total (0: prepayment, and orders from before it existed). */
          paymentFeeCents: { type: Number, default: 0 },
        },
        { _id: false },
      ),
      required: true,
    },
    /** The code and its discount (stored as promo codes are: `value` a percent or cents by `type`). */
    promo: { type: storedPromoSchema, default: null },
    shippingMethod: { type: String, required: true },
    /**
     * The age check at the door the buyer was told of at placement (contracts delivery.ts; the
     * shipping setting then), booked with the DHL label; null for orders placed before it was recorded.
     */
    deliveryAgeCheck: { type: String, enum: ['identCheck', 'visualCheckOfAge'] as const, default: null },
    /** The payment method's id (contracts PaymentMethodId: 'prepayment' | 'cod'). */
    paymentMethod: { type: String, required: true },
    ageVerification: {
      type: new Schema(
        {
          method: { type: String, required: true },
          verified: { type: Boolean, required: true },
          providerReference: { type: String, required: true },
          checkedAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    termsAcceptedAt: { type: Date, required: true },
    /** The versions of terms, withdrawal text and privacy policy in force when the order was placed (content service), or null. */
    legalVersions: {
      type: new Schema({ terms: String, withdrawal: String, privacy: String }, { _id: false }),
      default: null,
    },
    /**
     * While 'pending': until when the placement that inserted it owns it. A retry with
     * the same idempotency key after that (the placing process died) takes it over and finishes
     * the placement; the stale-pending sweeper takes only orders whose time has passed.
     */
    placingUntil: { type: Date, default: null },
    /** When the promo use was counted for this order (so a resumed placement never counts twice). */
    promoCountedAt: { type: Date, default: null },
    /** When the confirmation e-mail went out (claimed before sending: confirmation-claims.ts). */
    confirmationEmailSentAt: { type: Date, default: null },
    /** Set when the buyer used 'Vertrag widerrufen' (details in the withdrawals log). */
    withdrawalRequestedAt: { type: Date, default: null },
    /** Cancellation (unpaid prepayment orders, UnpaidOrders): when, why, and the follow-ups done. */
    cancelledAt: { type: Date, default: null },
    cancellationReason: { type: String, enum: ['payment_overdue', 'staff', 'withdrawal'], default: null },
    /** Staff's reason for a cancellation; '' for the automatic one. */
    cancellationNote: { type: String, default: '' },
    stockReleasedAt: { type: Date, default: null },
    cancellationEmailSentAt: { type: Date, default: null },
    /** The payment recorded: the bank transfer (prepayment) or the cash DHL collected (cash on delivery): day received, cents, note, who and when. */
    paymentReceived: {
      // payoutOn ('YYYY-MM-DD'): cash on delivery, the day DHL's payout of the cash was booked on the shop's account.
      type: new Schema(
        {
          receivedOn: String,
          amountCents: Number,
          note: String,
          recordedAt: Date,
          byUserId: String,
          payoutOn: { type: String, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    /** Shipment: DHL tracking number, when shipped and delivered, and whether the buyer got the tracking e-mail. */
    trackingNumber: { type: String, default: null },
    shippedAt: { type: Date, default: null },
    /**
     * Whether the parcel went under a DHL label the shop booked (the shipment number of its label):
     * for cash on delivery that label carries DHL's collection of the total, so its delivery is the
     * payment. A cash-on-delivery order shipped by hand counts as paid only with DHL's payout.
     */
    shippedUnderShopLabel: { type: Boolean, default: false },
    shippingEmailSentAt: { type: Date, default: null },
    deliveredAt: { type: Date, default: null },
    /**
     * A delivery problem DHL's shipment tracking reported for the parcel (src/shipping/tracking/):
     * its kind, DHL's event time and the German message for staff (AdminOrderDetail.deliveryIssue);
     * null when there is none.
     */
    deliveryIssue: {
      type: new Schema(
        {
          kind: { type: String, enum: DELIVERY_ISSUE_KINDS, required: true },
          at: { type: Date, required: true },
          message: { type: String, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    /**
     * When the tracking job last asked DHL about the parcel: claimed by compare-and-set before it
     * asks, so two instances never ask about one parcel at once, and it asks again only after
     * its poll interval (src/shipping/tracking/).
     */
    trackingCheckedAt: { type: Date, default: null },
    /**
     * The hold of a DHL label on the order (src/shipping/labels/label-holds.ts): the claim id of the
     * booking whose label is being booked, booked or of unknown outcome; null when the order has
     * none. Set only while the order is `paid`, by a write that requires that status; staff's
     * cancellation requires it null, so a label is never booked for a cancelled order.
     */
    labelClaimId: { type: String, default: null },
    /** The refund after a withdrawal: the day paid back and the cents. */
    refund: {
      type: new Schema({ refundedOn: String, amountCents: Number, recordedAt: Date, byUserId: String }, { _id: false }),
      default: null,
    },
    /**
     * The invoices issued for it, oldest first: number, kind, time. The documents
     * themselves are in the 'invoices' collection (immutable); this list is added to after each
     * is stored, and the invoice job adds any an interrupted run left out.
     */
    invoices: {
      type: [
        new Schema(
          {
            number: { type: String, required: true },
            kind: { type: String, enum: ['invoice', 'cancellation'], required: true },
            issuedAt: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    /**
     * The review invitation: when it was sent (claimed first, so two instances never
     * send it twice) and the SHA-256 hash of its token, which opens the review form for this order.
     */
    reviewInvitationSentAt: { type: Date, default: null },
    reviewInvitationTokenHash: { type: String, default: null },
    /** Optimistic concurrency for staff changes. */
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);
orderSchema.index({ status: 1, createdAt: 1 });
orderSchema.index({ createdAt: -1 });
orderSchema.index({ reviewInvitationTokenHash: 1 });
orderSchema.index({ status: 1, trackingCheckedAt: 1 });

/** A bought line as stored: prices in cents, copied at placement. */
export type OrderLineRecord = InferSchemaType<typeof lineItemSchema>;

/** An order as stored (lean): `_id` is the 24-hex id derived from the idempotency key (OrderPlacement.orderIdFor). */
export type OrderRecord = Omit<InferSchemaType<typeof orderSchema>, 'items'> & {
  items: OrderLineRecord[];
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

export const orderModel = defineModel('Order', orderSchema);
