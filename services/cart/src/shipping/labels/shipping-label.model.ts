import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * The states a label record is stored in: the contract's ShippingLabelState plus `claimed` (a
 * booking is under way: validated and/or sent to DHL by the process holding `claimId` until
 * `claimUntil`; past that it reads as `outcome-unknown`, never as free).
 */
export const STORED_LABEL_STATES = ['claimed', 'booked', 'outcome-unknown', 'cancelled'] as const;
export type StoredLabelState = (typeof STORED_LABEL_STATES)[number];

const messageSchema = new Schema(
  {
    field: { type: String, default: null },
    message: { type: String, required: true },
    severity: { type: String, enum: ['error', 'warning'] },
  },
  { _id: false },
);

/**
 * An order's DHL label, one record per order (`_id` = the order's id as 24 hex characters): the
 * record IS the claim that makes booking safe against parallel clicks, retried bulk runs and
 * several instances. Booking inserts it (or turns a `cancelled` one into `claimed`) by
 * compare-and-set; nothing in process memory decides who books. `claimId`/`claimUntil` also lock
 * a booked label while it is being cancelled or closed out. Earlier labels of the order
 * (cancelled at DHL) keep their shipment numbers in `history`. The PDF is stored apart
 * (shippingLabelPdfModel); audit entries go into the order's own outbox (entity 'order').
 */
const shippingLabelSchema = new Schema(
  {
    _id: { type: String, required: true },
    orderNumber: { type: String, required: true },
    state: { type: String, enum: STORED_LABEL_STATES, required: true },
    /** Whether the claim was taken by inserting the record (released by deleting it) or from `cancelled`. */
    claimedFrom: { type: String, enum: ['none', 'cancelled'], default: 'none' },
    /** The holder of the claim or lock (a random id per booking, cancel or close-out), null when free. */
    claimId: { type: String, default: null },
    /** Until when the holder may act; a booking past it reads as `outcome-unknown`. */
    claimUntil: { type: Date, default: null },
    /** The booking's hold on the order (`Order.labelClaimId`, label-holds.ts): kept while the label is booked or unknown. */
    holdId: { type: String, default: null },
    /** When a cancel whose answer was lost was sent to DHL (DHL may have cancelled it); null otherwise. */
    cancelSentAt: { type: Date, default: null },
    /** DHL's shipment number (the tracking number); null while the outcome is unknown and not resolved. */
    shipmentNumber: { type: String, default: null },
    /**
     * The shipment number, or the order id while there is none: unique, so one shipment number
     * belongs to one order's label only (a unique index on `shipmentNumber` would take its many
     * nulls for duplicates, and the local engine has no partial or sparse indexes). Written with
     * `shipmentNumber` (label-bookings.ts `shipmentNumberFields`).
     */
    shipmentKey: {
      type: String,
      default: function (this: { _id: string }) {
        return this._id;
      },
    },
    routingCode: { type: String, default: null },
    /** The parcel weight booked, g. */
    weightGrams: { type: Number, default: 0 },
    ageCheck: { type: String, enum: ['identCheck', 'visualCheckOfAge'], default: 'identCheck' },
    /** DHL's warnings though it booked (contract DhlMessage). */
    warnings: { type: [messageSchema], default: [] },
    hasPdf: { type: Boolean, default: false },
    /** Why the outcome is unknown (timeout, unusable answer, a claim that ran out), for staff and logs. */
    outcomeReason: { type: String, default: null },
    bookedAt: { type: Date, default: null },
    bookedBy: { type: String, default: null },
    cancelledAt: { type: Date, default: null },
    cancelledBy: { type: String, default: null },
    /** When the close-out (POST /manifests) included it; no cancel after that. */
    closedOutAt: { type: Date, default: null },
    /** When the order was moved to shipped after the close-out (null: still to do). */
    orderShippedAt: { type: Date, default: null },
    /** Earlier labels of this order, cancelled at DHL or found not booked. */
    history: {
      type: [
        new Schema(
          {
            shipmentNumber: { type: String, default: null },
            bookedAt: Date,
            cancelledAt: Date,
            outcome: { type: String, enum: ['cancelled', 'not-booked'] },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { timestamps: true, versionKey: false },
);
shippingLabelSchema.index({ state: 1, closedOutAt: 1, bookedAt: 1 });
shippingLabelSchema.index({ closedOutAt: 1, orderShippedAt: 1 });
// One order per shipment number: a number staff type in (resolve) cannot be another order's.
shippingLabelSchema.index({ shipmentKey: 1 }, { unique: true });

export type ShippingLabelRecord = InferSchemaType<typeof shippingLabelSchema> & { _id: string };
export const shippingLabelModel = defineModel('ShippingLabel', shippingLabelSchema);

/**
 * A label's document as DHL returned it (PDF bytes), one record per shipment number, kept apart
 * from the order and the label record so lists never load it.
 */
const shippingLabelPdfSchema = new Schema(
  {
    _id: { type: String, required: true },
    orderId: { type: String, required: true, index: true },
    pdf: { type: Buffer, required: true },
  },
  { timestamps: true, versionKey: false },
);
export const shippingLabelPdfModel = defineModel('ShippingLabelPdf', shippingLabelPdfSchema);

/**
 * A bulk run (POST /api/admin/shipping/label-runs): who asked for which orders when, and the
 * result per order (contract LabelRun), so its combined PDF can be printed again later.
 */
const labelRunSchema = new Schema(
  {
    /** When the run was made (the service's clock). */
    at: { type: Date, required: true },
    byUserId: { type: String, required: true },
    orderIds: { type: [String], required: true },
    results: {
      type: [
        new Schema(
          {
            orderId: { type: String, required: true },
            orderNumber: { type: String, required: true },
            outcome: { type: String, enum: ['booked', 'already-labelled', 'refused', 'failed', 'outcome-unknown'], required: true },
            shipmentNumber: { type: String, default: null },
            messages: { type: [messageSchema], default: [] },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
  },
  { timestamps: true, versionKey: false },
);
export type LabelRunRecord = InferSchemaType<typeof labelRunSchema> & { _id: Types.ObjectId };
export const labelRunModel = defineModel('LabelRun', labelRunSchema);
