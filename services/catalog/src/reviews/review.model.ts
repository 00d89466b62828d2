import { Schema, type InferSchemaType } from 'mongoose';
import { ReviewStatus } from '@shop/contracts';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/**
 * A review from a verified buyer: one per (order, product), written by the buyer of a
 * delivered order (checked with the cart when written), shown only once staff approved it. Staff
 * moderation goes through versionedUpdate (version, audit outbox).
 */
const reviewSchema = new Schema(
  {
    productId: { type: String, required: true },
    /** The product's name when reviewed (staff list). */
    productName: { type: String, required: true },
    orderId: { type: String, required: true },
    orderNumber: { type: String, required: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
    text: { type: String, required: true },
    displayName: { type: String, required: true },
    status: { type: String, enum: ReviewStatus.options, default: 'pending' },
    rejectionReason: { type: String, default: null },
    reply: { type: new Schema({ text: String, repliedAt: Date }, { _id: false }), default: null },
    moderatedAt: { type: Date, default: null },
    version: { type: Number, default: 0, min: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);
// One review per bought product and order: a second submission, also a parallel one, is refused here.
reviewSchema.index({ orderId: 1, productId: 1 }, { unique: true });
reviewSchema.index({ productId: 1, status: 1, createdAt: -1 });
reviewSchema.index({ status: 1, createdAt: -1 });

export type ReviewRecord = InferSchemaType<typeof reviewSchema> & {
  _id: import('mongoose').Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

export const reviewModel = defineModel('Review', reviewSchema);
