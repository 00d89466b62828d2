import { Schema } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A stock reservation of an order: `_id` is the caller's reservation id (one per
 * order attempt), so the same reservation is never applied twice. Status: 'pending' while the
 * lines are decremented, 'reserved', 'failed' (nothing kept), 'released' (given back, or
 * released before it arrived: then it is never applied).
 */
const stockReservationSchema = new Schema(
  {
    _id: { type: String, required: true },
    status: { type: String, enum: ['pending', 'reserved', 'failed', 'released'], required: true },
    lines: {
      type: [new Schema({ productId: { type: String, required: true }, quantity: { type: Number, required: true } }, { _id: false })],
      required: true,
    },
    failedProductId: { type: String, default: null },
  },
  { timestamps: true, versionKey: false },
);

export const stockReservationModel = defineModel('StockReservation', stockReservationSchema);
