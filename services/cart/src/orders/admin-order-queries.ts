import type { Connection, QueryFilter } from 'mongoose';
import type { AdminOrderDetail, AdminOrderListQuery, AdminOrderListResponse, AdminOrderSummary } from '@shop/contracts/admin';
import { addDaysToIsoDate, centsToDecimal, isoDateInBerlin, startOfBerlinDay } from '@shop/format';
import { containsText, NotFoundError } from '@shop/service-kit';
import { orderModel, type DeliveryIssueKind, type OrderRecord } from './order.model';
import { toApiOrder } from './order-view';
import { paymentDueAt, type PaymentMethods } from './payment-method';
import { withdrawalsByOrder } from '../withdrawals/withdrawal.model';
import { declaredNameMatches } from '../withdrawals/declared-name';
import { withdrawalPeriodEnd } from '@shop/cart-rules';

const DAY_MS = 86_400_000;
/** Withdrawal period after delivery (§ 355 Abs. 2, § 356 Abs. 2 Nr. 1 BGB) and refund period after receipt (§ 357 Abs. 1 BGB), in days. */
const REFUND_DAYS = 14;
const ORDER_NOT_FOUND = 'Die Bestellung wurde nicht gefunden.';
/** The fields of a list row (toSummary). */
const SUMMARY_FIELDS = {
  orderNumber: 1,
  status: 1,
  createdAt: 1,
  email: 1,
  'billingAddress.firstName': 1,
  'billingAddress.lastName': 1,
  'totals.itemCount': 1,
  'totals.totalCents': 1,
  withdrawalRequestedAt: 1,
  refund: 1,
} as const;

/** A placed order for staff. @throws NotFoundError (404) for an unknown id or an order still being placed. */
export async function loadPlacedOrder(db: Connection, id: string): Promise<OrderRecord> {
  const doc = /^[0-9a-f]{24}$/.test(id) ? await orderModel(db).findById(id).lean() : null;
  if (!doc || doc.status === 'pending') throw new NotFoundError(ORDER_NOT_FOUND);
  return doc;
}

/** What staff read about orders: the list and one order's detail. Changes: OrderFulfillment. */
export class AdminOrderQueries {
  constructor(private readonly deps: { db: Connection; payments: PaymentMethods; dueDays: number; now: () => Date }) {}

  private get orders() {
    return orderModel(this.deps.db);
  }

  private isOverdue(order: Pick<OrderRecord, 'status' | 'createdAt'>): boolean {
    return order.status === 'awaiting_payment' && this.deps.now() > paymentDueAt(order.createdAt, this.deps.dueDays);
  }

  /** Orders for the staff list, newest first: status or 'overdue' or 'open-withdrawals', order days, search, paging. */
  async list(query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
    const filter: QueryFilter<OrderRecord> = { status: { $ne: 'pending' } };
    if (query.status === 'overdue') {
      filter.status = 'awaiting_payment';
      filter.createdAt = { $lt: new Date(this.deps.now().getTime() - this.deps.dueDays * DAY_MS) };
    } else if (query.status === 'open-withdrawals') {
      // Open: money received that is still to be refunded (a withdrawal before payment cancels the
      // order), or a cash-on-delivery order not paid yet that a DHL label kept from being cancelled
      // (staff cancel its label, then the order; or stop the parcel).
      filter.withdrawalRequestedAt = { $ne: null };
      filter.refund = null;
      filter.$or = [{ paymentReceived: { $ne: null } }, { paymentMethod: 'cod', status: { $in: ['ready_to_ship', 'shipped'] } }];
    } else if (query.status !== 'all') filter.status = query.status;
    if (query.from || query.to)
      filter.createdAt = {
        ...(filter.createdAt as object),
        ...(query.from ? { $gte: startOfBerlinDay(query.from) } : {}),
        ...(query.to ? { $lt: startOfBerlinDay(addDaysToIsoDate(query.to, 1)) } : {}),
      };
    const search = query.search?.trim();
    if (search) {
      const pattern = containsText(search);
      filter.$or = [
        { orderNumber: pattern },
        { email: pattern },
        { 'billingAddress.lastName': pattern },
        { 'billingAddress.firstName': pattern },
      ];
    }
    const [docs, total] = await Promise.all([
      // Only what a row shows: the local engine reads every record to sort, so smaller records read faster.
      this.orders.find(filter, SUMMARY_FIELDS).sort({ createdAt: -1, _id: 1 }).skip(query.offset).limit(query.limit).lean<OrderRecord[]>(),
      this.orders.countDocuments(filter),
    ]);
    return { orders: docs.map((doc) => this.toSummary(doc)), total, limit: query.limit, offset: query.offset };
  }

  private toSummary(doc: OrderRecord): AdminOrderSummary {
    return {
      id: String(doc._id),
      orderNumber: doc.orderNumber,
      status: doc.status as AdminOrderSummary['status'],
      createdAt: doc.createdAt.toISOString(),
      email: doc.email,
      name: `${doc.billingAddress.firstName} ${doc.billingAddress.lastName}`,
      itemCount: doc.totals.itemCount,
      total: centsToDecimal(doc.totals.totalCents),
      paymentMethod: doc.paymentMethod === 'cod' ? 'cod' : 'prepayment',
      paymentDueDate: doc.paymentMethod === 'cod' ? null : isoDateInBerlin(paymentDueAt(doc.createdAt, this.deps.dueDays)),
      overdue: this.isOverdue(doc),
      withdrawal: doc.withdrawalRequestedAt ? (doc.refund ? 'refunded' : 'received') : null,
    };
  }

  /** One order with everything staff need to handle it. @throws NotFoundError */
  async detail(id: string): Promise<AdminOrderDetail> {
    const doc = await loadPlacedOrder(this.deps.db, id);
    const withdrawal = (await withdrawalsByOrder(this.deps.db, [String(doc._id)])).get(String(doc._id)) ?? null;
    const order = toApiOrder(doc, this.deps.payments, withdrawal);
    const periodEnds = withdrawalPeriodEnd(order);
    return {
      ...order,
      version: doc.version ?? 0,
      overdue: this.isOverdue(doc),
      paymentReceived: doc.paymentReceived?.receivedOn
        ? {
            receivedOn: doc.paymentReceived.receivedOn,
            amount: centsToDecimal(doc.paymentReceived.amountCents ?? 0),
            note: doc.paymentReceived.note ?? '',
            recordedAt: new Date(doc.paymentReceived.recordedAt ?? 0).toISOString(),
            payoutOn: doc.paymentReceived.payoutOn ?? null,
          }
        : null,
      cancellation: doc.cancelledAt
        ? {
            at: doc.cancelledAt.toISOString(),
            reason: doc.cancellationReason ?? 'payment_overdue',
            note: doc.cancellationNote ?? '',
            stockReleased: Boolean(doc.stockReleasedAt),
            emailSent: Boolean(doc.cancellationEmailSentAt),
          }
        : null,
      shippingEmailSent: Boolean(doc.shippingEmailSentAt),
      deliveryIssue: doc.deliveryIssue
        ? { kind: doc.deliveryIssue.kind as DeliveryIssueKind, at: doc.deliveryIssue.at.toISOString(), message: doc.deliveryIssue.message }
        : null,
      withdrawal: withdrawal
        ? {
            receivedAt: withdrawal.receivedAt.toISOString(),
            name: withdrawal.name,
            // Decided when it was received; a declaration logged before that is decided now.
            nameMatchesOrder: withdrawal.nameMatchesOrder ?? declaredNameMatches(withdrawal.name, doc.billingAddress),
            items: withdrawal.items ?? '',
            withdrawalPeriodEnds: periodEnds,
            // Before delivery a withdrawal is always in time; afterwards within 14 days of it.
            inTime: periodEnds ? isoDateInBerlin(withdrawal.receivedAt) <= periodEnds : true,
            refundDueBy: addDaysToIsoDate(isoDateInBerlin(withdrawal.receivedAt), REFUND_DAYS),
            refundedAt: doc.refund?.refundedOn ?? null,
            refund: doc.refund?.amountCents == null ? null : centsToDecimal(doc.refund.amountCents),
          }
        : null,
    };
  }
}
