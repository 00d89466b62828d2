import type { Connection, QueryFilter, UpdateQuery } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import {
  STALE_EDIT_MESSAGE,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderSummary,
  type AuditChange,
  type OrderStats,
  OrderAction,
} from '@shop/contracts/admin';
import { ORDER_STATUS_LABELS } from '@shop/cart-rules';
import { addDaysToIsoDate, centsToDecimal, decimalToCents, formatEur, isoDateInBerlin, startOfBerlinDay } from '@shop/format';
import {
  auditEntry,
  ConflictError,
  FieldError,
  NotFoundError,
  StaleVersionError,
  type AuditRelay,
  type Mailer,
  type ShopIdentity,
  type ShopInfo,
  containsText,
} from '@shop/service-kit';
import type { z } from 'zod';
import { orderModel, type OrderRecord } from './order.model';
import { toApiOrder } from './order-view';
import { paymentDueAt, type PaymentMethod } from './payment-method';
import type { OrderCancellation } from './order-cancellation';
import { orderShippedMail } from './order-shipped.mail';
import { withdrawalModel } from '../withdrawals/withdrawal.model';

const DAY_MS = 86_400_000;
/** Withdrawal period after delivery (§ 355 Abs. 2, § 356 Abs. 2 Nr. 1 BGB) and refund period after receipt (§ 357 Abs. 1 BGB), in days. */
const WITHDRAWAL_DAYS = 14;
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

type Action = z.output<typeof OrderAction>;

/**
 * The back office's order workflow (issue #13): list and detail for staff, and the steps
 * awaiting payment → paid (the bank transfer recorded) → shipped (DHL number; the buyer gets the
 * tracking link) → delivered, cancellation (OrderCancellation, the same as the overdue-payment
 * job: stock released, buyer told) and the refund after a withdrawal. Every step is one
 * compare-and-set on status and version (409 when someone else was faster) that carries its
 * audit entry in the order's outbox.
 */
export class OrderFulfillment {
  constructor(
    private readonly deps: {
      db: Connection;
      payment: PaymentMethod;
      cancellation: OrderCancellation;
      relay: AuditRelay;
      mailer: Mailer;
      shop: ShopInfo;
      log: FastifyBaseLogger;
      dueDays: number;
      now: () => Date;
    },
  ) {}

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
      filter.withdrawalRequestedAt = { $ne: null };
      filter.refund = null;
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
      paymentDueDate: isoDateInBerlin(paymentDueAt(doc.createdAt, this.deps.dueDays)),
      overdue: this.isOverdue(doc),
      withdrawal: doc.withdrawalRequestedAt ? (doc.refund ? 'refunded' : 'received') : null,
    };
  }

  private async load(id: string): Promise<OrderRecord> {
    const doc = /^[0-9a-f]{24}$/.test(id) ? await this.orders.findById(id).lean() : null;
    if (!doc || doc.status === 'pending') throw new NotFoundError(ORDER_NOT_FOUND);
    return doc;
  }

  /** One order with everything staff need to handle it. @throws NotFoundError */
  async detail(id: string): Promise<AdminOrderDetail> {
    const doc = await this.load(id);
    const withdrawal = doc.withdrawalRequestedAt
      ? await withdrawalModel(this.deps.db)
          .findOne({ orderId: String(doc._id) })
          .lean()
      : null;
    const deliveredOn = doc.deliveredAt ? isoDateInBerlin(doc.deliveredAt) : null;
    const periodEnds = deliveredOn ? addDaysToIsoDate(deliveredOn, WITHDRAWAL_DAYS) : null;
    return {
      ...toApiOrder(doc, this.deps.payment),
      version: doc.version ?? 0,
      overdue: this.isOverdue(doc),
      paymentReceived: doc.paymentReceived?.receivedOn
        ? {
            receivedOn: doc.paymentReceived.receivedOn,
            amount: centsToDecimal(doc.paymentReceived.amountCents ?? 0),
            note: doc.paymentReceived.note ?? '',
            recordedAt: new Date(doc.paymentReceived.recordedAt ?? 0).toISOString(),
          }
        : null,
      cancellation: doc.cancelledAt
        ? {
            at: doc.cancelledAt.toISOString(),
            reason: doc.cancellationReason === 'staff' ? 'staff' : 'payment_overdue',
            note: doc.cancellationNote ?? '',
            stockReleased: Boolean(doc.stockReleasedAt),
            emailSent: Boolean(doc.cancellationEmailSentAt),
          }
        : null,
      shippingEmailSent: Boolean(doc.shippingEmailSentAt),
      withdrawal: withdrawal
        ? {
            receivedAt: withdrawal.receivedAt.toISOString(),
            name: withdrawal.name,
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

  /**
   * One workflow step on the version staff saw.
   * @throws NotFoundError; StaleVersionError (409) when the order changed since; ConflictError (409)
   *   when the step does not fit its status; FieldError (400) for a date or amount that cannot be.
   */
  async act(staff: ShopIdentity, id: string, action: Action): Promise<AdminOrderDetail> {
    const order = await this.load(id);
    if ((order.version ?? 0) !== action.version) throw new StaleVersionError(STALE_EDIT_MESSAGE);
    const now = this.deps.now();
    const today = isoDateInBerlin(now);
    const placedOn = isoDateInBerlin(order.createdAt);
    const entryFor = (changes: AuditChange[], name: string) =>
      auditEntry(
        staff,
        { service: 'cart', entity: 'order', entityId: String(order._id), label: order.orderNumber, action: name, changes },
        now,
      );
    const statusChange = (to: string): AuditChange => ({ field: 'status', before: order.status, after: to });

    switch (action.action) {
      case 'mark-paid': {
        this.requireStatus(order, ['awaiting_payment']);
        if (action.receivedOn > today || action.receivedOn < placedOn)
          throw new FieldError('receivedOn', 'Der Zahlungseingang muss zwischen Bestelldatum und heute liegen.');
        const amountCents = decimalToCents(action.amount);
        if (amountCents !== order.totals.totalCents)
          throw new FieldError(
            'amount',
            `Der Betrag weicht vom Rechnungsbetrag (${formatEur(order.totals.totalCents)}) ab. Bitte klären Sie die Zahlung, bevor Sie sie verbuchen.`,
          );
        const paymentReceived = { receivedOn: action.receivedOn, amountCents, note: action.note, recordedAt: now, byUserId: staff.userId };
        await this.step(
          order,
          ['awaiting_payment'],
          { $set: { status: 'paid', paymentReceived } },
          entryFor(
            [
              statusChange('paid'),
              {
                field: 'paymentReceived',
                before: null,
                after: { receivedOn: action.receivedOn, amount: action.amount, note: action.note },
              },
            ],
            'mark-paid',
          ),
        );
        break;
      }
      case 'ship': {
        this.requireStatus(order, ['paid']);
        await this.step(
          order,
          ['paid'],
          { $set: { status: 'shipped', trackingNumber: action.trackingNumber, shippedAt: now, shippingEmailSentAt: null } },
          entryFor([statusChange('shipped'), { field: 'trackingNumber', before: null, after: action.trackingNumber }], 'ship'),
        );
        await this.sendShippingMails();
        break;
      }
      case 'deliver': {
        this.requireStatus(order, ['shipped']);
        const shippedOn = isoDateInBerlin(order.shippedAt ?? order.createdAt);
        if (action.deliveredOn > today || action.deliveredOn < shippedOn)
          throw new FieldError('deliveredOn', 'Die Zustellung muss zwischen Versand und heute liegen.');
        await this.step(
          order,
          ['shipped'],
          { $set: { status: 'delivered', deliveredAt: startOfBerlinDay(action.deliveredOn) } },
          entryFor([statusChange('delivered'), { field: 'deliveredOn', before: null, after: action.deliveredOn }], 'deliver'),
        );
        break;
      }
      case 'cancel': {
        this.requireStatus(order, ['awaiting_payment', 'paid']);
        const entry = entryFor([statusChange('cancelled'), { field: 'cancellationNote', before: null, after: action.note }], 'cancel');
        const done = await this.deps.cancellation.cancel(
          order,
          { reason: 'staff', note: action.note, version: action.version, auditEntry: entry },
          now,
        );
        if (!done) throw new StaleVersionError(STALE_EDIT_MESSAGE);
        break;
      }
      case 'refund-withdrawal': {
        if (!order.withdrawalRequestedAt) throw new ConflictError('Zu dieser Bestellung liegt kein Widerruf vor.');
        if (order.refund) throw new ConflictError('Die Erstattung zu diesem Widerruf ist schon verbucht.');
        const amountCents = decimalToCents(action.amount);
        if (amountCents <= 0 || amountCents > order.totals.totalCents)
          throw new FieldError('amount', `Der Erstattungsbetrag muss über 0 und höchstens ${formatEur(order.totals.totalCents)} sein.`);
        if (action.refundedOn > today) throw new FieldError('refundedOn', 'Die Erstattung kann nicht in der Zukunft liegen.');
        const refund = { refundedOn: action.refundedOn, amountCents, recordedAt: now, byUserId: staff.userId };
        await this.step(
          order,
          [order.status],
          { $set: { refund } },
          entryFor(
            [{ field: 'refund', before: null, after: { refundedOn: action.refundedOn, amount: action.amount } }],
            'refund-withdrawal',
          ),
        );
        break;
      }
    }
    this.deps.relay.kick();
    return this.detail(id);
  }

  private requireStatus(order: OrderRecord, allowed: string[]) {
    if (!allowed.includes(order.status))
      throw new ConflictError(
        `Das geht bei einer Bestellung im Status „${ORDER_STATUS_LABELS[order.status as keyof typeof ORDER_STATUS_LABELS] ?? order.status}“ nicht.`,
      );
  }

  /** The compare-and-set of one step: status and version as loaded, version raised, audit entry in the outbox. */
  private async step(
    order: OrderRecord,
    from: Array<OrderRecord['status']>,
    update: UpdateQuery<OrderRecord>,
    entry: ReturnType<typeof auditEntry>,
  ) {
    const result = await this.orders.updateOne(
      { _id: order._id, status: { $in: from as Array<OrderRecord['status']> }, version: order.version ?? 0 },
      { ...update, $inc: { version: 1 }, $push: { auditOutbox: entry } },
    );
    // Someone else changed the order between loading and writing.
    if (result.modifiedCount !== 1) throw new StaleVersionError(STALE_EDIT_MESSAGE);
  }

  /**
   * E-mails the tracking link for every shipped order that lacks it (claimed first, so two
   * instances never send twice; the claim is given back when sending fails, and the sweeper retries).
   */
  async sendShippingMails(): Promise<void> {
    const open = await this.orders
      .find({ status: { $in: ['shipped', 'delivered'] }, trackingNumber: { $ne: null }, shippingEmailSentAt: null })
      .limit(100)
      .lean();
    for (const order of open) {
      const claim = await this.orders.updateOne(
        { _id: order._id, shippingEmailSentAt: null },
        { $set: { shippingEmailSentAt: this.deps.now() } },
      );
      if (claim.modifiedCount !== 1) continue;
      try {
        await this.deps.mailer.send(
          orderShippedMail(
            {
              orderNumber: order.orderNumber,
              email: order.email,
              name: `${order.billingAddress.firstName} ${order.billingAddress.lastName}`,
              trackingNumber: order.trackingNumber!,
            },
            this.deps.shop,
          ),
        );
      } catch (error) {
        await this.orders.updateOne({ _id: order._id }, { $set: { shippingEmailSentAt: null } });
        this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'shipping e-mail failed; retried on the next run');
      }
    }
  }

  /**
   * The dashboard's order figures (issue #13): orders placed today and this week (from Monday,
   * German days) that are not cancelled, with their totals, and the work queues.
   */
  async stats(): Promise<OrderStats> {
    const now = this.deps.now();
    const today = isoDateInBerlin(now);
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const weekStart = startOfBerlinDay(addDaysToIsoDate(today, -weekday));
    const dayStart = startOfBerlinDay(today);
    // One scan of the few fields needed (the local engine reads every record for each query anyway).
    const orders = await this.orders
      .find({ status: { $ne: 'pending' } }, { status: 1, createdAt: 1, 'totals.totalCents': 1, withdrawalRequestedAt: 1, refund: 1 })
      .lean<Array<Pick<OrderRecord, 'status' | 'createdAt' | 'totals' | 'withdrawalRequestedAt' | 'refund'>>>();
    const placed = orders.filter((order) => order.status !== 'cancelled' && order.createdAt >= weekStart);
    const figures = (from: Date) => {
      const inPeriod = placed.filter((order) => order.createdAt >= from);
      return { orders: inPeriod.length, revenue: centsToDecimal(inPeriod.reduce((sum, order) => sum + order.totals.totalCents, 0)) };
    };
    const overdueBefore = new Date(now.getTime() - this.deps.dueDays * DAY_MS);
    const awaiting = orders.filter((order) => order.status === 'awaiting_payment');
    const awaitingPayment = awaiting.length;
    const overdue = awaiting.filter((order) => order.createdAt < overdueBefore).length;
    const openWithdrawals = orders.filter((order) => order.withdrawalRequestedAt && !order.refund).length;
    return { today: figures(dayStart), week: figures(weekStart), awaitingPayment, overdue, openWithdrawals };
  }

  /** Gives orders from before issue #13 a version, so staff can change them. */
  async backfill(): Promise<void> {
    await this.orders.updateMany({ version: { $exists: false } }, { $set: { version: 0 } });
  }
}
