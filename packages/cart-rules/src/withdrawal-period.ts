import type { Order } from '@shop/contracts';
import { addDaysToIsoDate, isoDateInBerlin } from '@shop/format';

/** The withdrawal period for goods: 14 days from the day the parcel was delivered (§ 355(2), § 356(2) no. 1 a BGB). */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/** The last day of the withdrawal period ('YYYY-MM-DD' in Germany), or null while the parcel is not delivered (the period has not begun). */
export function withdrawalPeriodEnd(order: Pick<Order, 'shipment'>): string | null {
  const deliveredAt = order.shipment?.deliveredAt;
  return deliveredAt ? addDaysToIsoDate(isoDateInBerlin(new Date(deliveredAt)), WITHDRAWAL_PERIOD_DAYS) : null;
}

/**
 * Whether the order page offers 'Vertrag widerrufen' (§ 356a BGB; legal-de.md §4.8): from the
 * order until the end of the period after delivery, not for a cancelled order. The withdrawal
 * form itself stays open for everyone (a late declaration is still received and staff decide).
 */
export function withdrawalAvailable(order: Pick<Order, 'status' | 'shipment'>, now: Date): boolean {
  if (order.status === 'cancelled') return false;
  const end = withdrawalPeriodEnd(order);
  return end === null || isoDateInBerlin(now) <= end;
}
