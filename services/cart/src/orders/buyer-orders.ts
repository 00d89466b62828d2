import type { Connection } from 'mongoose';
import type { Order } from '@shop/contracts';
import { NotFoundError, type ShopIdentity } from '@shop/service-kit';
import type { PaymentMethods } from './payment-method';
import { toApiOrder } from './order-view';
import { Orders } from './orders';
import { withdrawalsByOrder } from '../withdrawals/withdrawal.model';

/** Orders as their buyers read them: the thank-you and order pages, the order history, the data export. */
export class BuyerOrders {
  private readonly orders: Orders;

  constructor(private readonly deps: { db: Connection; payments: PaymentMethods }) {
    this.orders = new Orders(deps.db);
  }

  /**
   * An order for its buyer: the browser that placed it (`accessibleIds` from the access cookie),
   * its logged-in owner, or for a guest order the account with that confirmed e-mail address.
   * @throws 404 for everyone else (no hint that it exists).
   */
  async forBuyer(orderId: string, accessibleIds: string[], identity: ShopIdentity | null): Promise<Order> {
    const doc = await this.orders.findById(orderId);
    const owned =
      identity !== null &&
      (doc?.userId === identity.userId || (doc?.userId === null && identity.email !== undefined && doc.email === identity.email));
    const allowed = doc && doc.status !== 'pending' && (accessibleIds.includes(orderId) || owned);
    if (!allowed) throw new NotFoundError('Bestellung nicht gefunden.');
    const withdrawals = await withdrawalsByOrder(this.deps.db, [orderId]);
    return toApiOrder(doc, this.deps.payments, withdrawals.get(orderId) ?? null);
  }

  /** A customer's orders, newest first, guest orders with their confirmed e-mail address included. */
  async forUser(identity: ShopIdentity): Promise<Order[]> {
    const docs = await this.orders.placedOf(identity.userId, identity.email);
    const withdrawals = await withdrawalsByOrder(
      this.deps.db,
      docs.map((doc) => String(doc._id)),
    );
    return docs.map((doc) => toApiOrder(doc, this.deps.payments, withdrawals.get(String(doc._id)) ?? null));
  }
}
