import { Types, type Connection } from 'mongoose';
import { orderModel } from '../../orders/order.model';
import { shippingLabelModel } from './shipping-label.model';
import { TO_SHIP } from '../../orders/order-transitions';

/**
 * A DHL label's hold on its order (`Order.labelClaimId`): what makes booking a label and staff
 * cancelling or shipping the order by hand exclusive on ONE document (the order), as two
 * documents cannot be changed together. A booking that has claimed the label record sets the
 * hold by a write that requires the order to be `paid` (no version raised: staff's open edits
 * stay valid); staff's cancellation (and a shipment by hand under another number) require no
 * hold. Whichever write comes first wins; the other finds out from its own filter. The hold is
 * the booking's claim id, kept on the label record as `holdId`, so a booking given back or a
 * label cancelled clears only its own hold, never a newer booking's.
 */

const byId = (orderId: string) => new Types.ObjectId(orderId);

/** Sets the booking's hold on an order to ship (paid, or cash on delivery). @returns false when it is no longer one (nothing set). */
export async function holdOrder(db: Connection, orderId: string, holdId: string): Promise<boolean> {
  const held = await orderModel(db).updateOne(
    { _id: byId(orderId), status: { $in: TO_SHIP } },
    { $set: { labelClaimId: holdId } },
    { timestamps: false },
  );
  return held.matchedCount === 1;
}

/** Clears the hold `holdId` (a booking given back, a label cancelled or found not booked); a newer hold stays. */
export async function releaseHold(db: Connection, orderId: string, holdId: string | null | undefined): Promise<void> {
  if (!holdId) return;
  await orderModel(db).updateOne({ _id: byId(orderId), labelClaimId: holdId }, { $set: { labelClaimId: null } }, { timestamps: false });
}

/**
 * Clears a hold its label no longer backs: the label record is gone, cancelled or of a later
 * booking (a process that stopped between giving its label back and clearing the hold), so
 * staff are not refused for ever. Read the order (its `labelClaimId`) before calling this.
 */
export async function clearStaleHold(db: Connection, orderId: string, heldBy: string | null | undefined): Promise<void> {
  if (!heldBy) return;
  const label = await shippingLabelModel(db).findById(orderId, { state: 1, holdId: 1 }).lean();
  if (label && label.state !== 'cancelled' && label.holdId === heldBy) return;
  await releaseHold(db, orderId, heldBy);
}
