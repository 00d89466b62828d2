import type { z } from 'zod';
import type { AuditChange, OrderAction } from '@shop/contracts/admin';
import { ORDER_STATUS_LABELS } from '@shop/cart-rules';
import { centsToDecimal, decimalToCents, formatEur, formatIsoDate, isoDateInBerlin, startOfBerlinDay } from '@shop/format';
import { ConflictError, FieldError, defineApiError } from '@shop/service-kit';
import type { OrderRecord } from './order.model';

type OrderStatus = OrderRecord['status'];

/**
 * Every change of an order's state after placement (the rules were inline in the staff
 * route's switch): what staff do in the back office (OrderAction), the overdue-payment
 * job's cancellation and a shopper's withdrawal (§ 355 BGB).
 */
type StaffAction = z.output<typeof OrderAction>;
export type OrderTransitionRequest =
  | (StaffAction extends infer A ? (A extends StaffAction ? Omit<A, 'version'> : never) : never)
  | { action: 'cancel-overdue' }
  | { action: 'withdraw'; receivedAt: Date }
  /** Staff's shipment as OrderFulfillment writes it: `underShopLabel` when the number is that of the label the shop booked. */
  | { action: 'ship'; trackingNumber: string; underShopLabel: boolean };

/** What an allowed transition writes. */
export interface OrderTransition {
  /** The statuses the order must still have when the change is written (compare-and-set). */
  from: OrderStatus[];
  /** The fields to set. */
  set: Partial<Record<keyof OrderRecord, unknown>>;
  /** The changes for the audit entry (staff actions). */
  changes: AuditChange[];
  /** What has to follow the write: e-mails, stock release, promo uses given back. */
  events: Array<'shipped' | 'cancelled'>;
}

/**
 * 409 ORDER_NOT_SHIPPED: a delivery recorded for an order without a recorded shipment (a parcel
 * cannot arrive before it left; API clients branch on the code).
 */
export const OrderNotShippedError = defineApiError('ORDER_NOT_SHIPPED', 409);
const NOT_SHIPPED_MESSAGE =
  'Die Bestellung ist noch nicht versandt. Bitte verbuchen Sie zuerst den Versand mit der DHL-Sendungsnummer, dann die Zustellung.';

/** Why a transition is refused: ConflictError or OrderNotShippedError (409), or FieldError (400). */
export type OrderTransitionRefusal = InstanceType<typeof ConflictError> | InstanceType<typeof OrderNotShippedError> | FieldError;

/** The fields of an order the rules read. */
export type OrderState = Pick<
  OrderRecord,
  | 'status'
  | 'createdAt'
  | 'shippedAt'
  | 'withdrawalRequestedAt'
  | 'refund'
  | 'totals'
  | 'paymentReceived'
  | 'paymentMethod'
  | 'labelClaimId'
  | 'shippedUnderShopLabel'
>;

/** Every status of an order once placed ('pending' is the placement itself). */
const PLACED_STATUSES: OrderStatus[] = ['awaiting_payment', 'paid', 'ready_to_ship', 'shipped', 'delivered', 'cancelled'];
/** The statuses before shipping: staff may cancel, a label may be booked (prepayment once paid; cash on delivery at once). */
export const TO_SHIP: OrderStatus[] = ['paid', 'ready_to_ship'];
/** The note of the payment a cash-on-delivery order gets with its delivery (the courier collected the total). */
export const COD_COLLECTED_NOTE = 'Nachnahme: bei Zustellung bar kassiert (DHL)';

const statusLabel = (status: string) => ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS] ?? status;

/**
 * A cash-on-delivery parcel that can come back unpaid: shipped, not delivered, no payment recorded
 * (the buyer refused it or did not collect it; DHL returns it and collects nothing). Staff cancel
 * such an order once it is back: its stock is released and its invoice cancelled.
 */
export const returnedUnpaid = (order: Pick<OrderState, 'status' | 'paymentMethod' | 'paymentReceived'>) =>
  order.status === 'shipped' && order.paymentMethod === 'cod' && !order.paymentReceived?.receivedOn;

/** The staff member acting: recorded in a booked payment or refund. */
export interface Actor {
  userId: string;
}

/**
 * The one rule book of order states. Pure: decides from its arguments only, writes nothing.
 * `now` is the instant of the change; dates are German calendar days (Europe/Berlin).
 * @returns the transition to write, or the refusal: ConflictError (409) when the action does not
 *   fit the order's status, FieldError (400, at the field) for a date or amount that cannot be.
 */
export function orderTransition(
  order: OrderState,
  request: OrderTransitionRequest,
  now: Date,
  actor: Actor | null = null,
): OrderTransition | OrderTransitionRefusal {
  const today = isoDateInBerlin(now);
  const wrongStatus = (allowed: OrderStatus[]) =>
    allowed.includes(order.status)
      ? null
      : new ConflictError(`Das geht bei einer Bestellung im Status „${statusLabel(order.status)}“ nicht.`);
  const statusChange = (to: OrderStatus): AuditChange => ({ field: 'status', before: order.status, after: to });

  switch (request.action) {
    case 'mark-paid': {
      // Prepayment: the transfer that makes the order 'paid'. Cash on delivery: the cash the
      // courier collected, once shipped and not recorded yet (the status stays as it is).
      const cashOnDelivery = order.paymentMethod === 'cod';
      const allowed: OrderStatus[] = cashOnDelivery ? ['shipped', 'delivered'] : ['awaiting_payment'];
      const refused = wrongStatus(allowed);
      if (refused) return refused;
      if (cashOnDelivery && order.paymentReceived?.receivedOn)
        return new ConflictError('Die Zahlung dieser Nachnahme-Bestellung ist schon verbucht.');
      if (request.receivedOn > today || request.receivedOn < isoDateInBerlin(order.createdAt))
        return new FieldError('receivedOn', 'Der Zahlungseingang muss zwischen Bestelldatum und heute liegen.');
      const amountCents = decimalToCents(request.amount);
      if (amountCents !== order.totals.totalCents)
        return new FieldError(
          'amount',
          `Der Betrag weicht vom Rechnungsbetrag (${formatEur(order.totals.totalCents)}) ab. Bitte klären Sie die Zahlung, bevor Sie sie verbuchen.`,
        );
      const paymentReceived = { receivedOn: request.receivedOn, amountCents, note: request.note, recordedAt: now, byUserId: actor?.userId };
      const paymentChange: AuditChange = {
        field: 'paymentReceived',
        before: null,
        after: { receivedOn: request.receivedOn, amount: request.amount, note: request.note },
      };
      if (cashOnDelivery) return { from: [order.status], set: { paymentReceived }, changes: [paymentChange], events: [] };
      return {
        from: ['awaiting_payment'],
        set: { status: 'paid', paymentReceived },
        changes: [statusChange('paid'), paymentChange],
        events: [],
      };
    }
    case 'ship': {
      const refused = wrongStatus(TO_SHIP);
      if (refused) return refused;
      return {
        from: TO_SHIP,
        set: {
          status: 'shipped',
          trackingNumber: request.trackingNumber,
          shippedAt: now,
          shippingEmailSentAt: null,
          shippedUnderShopLabel: 'underShopLabel' in request && request.underShopLabel,
        },
        changes: [statusChange('shipped'), { field: 'trackingNumber', before: null, after: request.trackingNumber }],
        events: ['shipped'],
      };
    }
    case 'deliver': {
      // Only a shipped parcel can arrive: before the shipment is recorded (status or time), the
      // refusal says so with its own code.
      if (['awaiting_payment', ...TO_SHIP].includes(order.status) || (order.status === 'shipped' && !order.shippedAt))
        return new OrderNotShippedError(NOT_SHIPPED_MESSAGE);
      const refused = wrongStatus(['shipped']);
      if (refused) return refused;
      const shippedAt = order.shippedAt!;
      // The date field names a German calendar day, compared as such with the German day of the
      // shipment: a delivery on the shipping day is allowed, one on an earlier day is not.
      const shippedOn = isoDateInBerlin(shippedAt);
      if (request.deliveredOn > today || request.deliveredOn < shippedOn)
        return new FieldError('deliveredOn', `Die Zustellung muss zwischen dem Versand am ${formatIsoDate(shippedOn)} und heute liegen.`);
      // The delivery day has no time of its own: it is recorded as the start of that German day,
      // or, delivered on the shipping day, as the shipment's time (never before the shipment).
      const dayStart = startOfBerlinDay(request.deliveredOn);
      const delivered = {
        from: ['shipped'] as OrderStatus[],
        set: { status: 'delivered', deliveredAt: dayStart < shippedAt ? shippedAt : dayStart } as OrderTransition['set'],
        changes: [statusChange('delivered'), { field: 'deliveredOn', before: null, after: request.deliveredOn }],
        events: [] as OrderTransition['events'],
      };
      // Cash on delivery under the shop's label (which books DHL's collection of the total): the
      // courier hands the parcel over only against the cash, so the delivery is its payment (with
      // the delivery day), unless one was recorded already. Shipped by hand, nothing says DHL
      // collects the total: DHL's payout (statement import) or staff record the payment.
      if (order.paymentMethod !== 'cod' || !order.shippedUnderShopLabel || order.paymentReceived?.receivedOn) return delivered;
      const amountCents = order.totals.totalCents;
      return {
        ...delivered,
        set: {
          ...delivered.set,
          paymentReceived: {
            receivedOn: request.deliveredOn,
            amountCents,
            note: COD_COLLECTED_NOTE,
            recordedAt: now,
            byUserId: actor?.userId,
          },
        },
        changes: [
          ...delivered.changes,
          {
            field: 'paymentReceived',
            before: null,
            after: { receivedOn: request.deliveredOn, amount: centsToDecimal(amountCents), note: COD_COLLECTED_NOTE },
          },
        ],
      };
    }
    case 'cancel':
    case 'cancel-overdue': {
      // Staff also cancel a paid order (the refund follows outside the shop), a cash-on-delivery
      // order not shipped yet, and one whose parcel came back unpaid (refused or not collected:
      // `returnedUnpaid`); the job only unpaid prepayment ones.
      const byStaff = request.action === 'cancel';
      const from: OrderStatus[] = !byStaff ? ['awaiting_payment'] : returnedUnpaid(order) ? ['shipped'] : ['awaiting_payment', ...TO_SHIP];
      const refused = wrongStatus(from);
      if (refused) return refused;
      const note = byStaff ? request.note : '';
      return {
        from,
        set: {
          status: 'cancelled',
          cancelledAt: now,
          cancellationReason: byStaff ? 'staff' : 'payment_overdue',
          cancellationNote: note,
          stockReleasedAt: null,
          cancellationEmailSentAt: null,
        },
        changes: [statusChange('cancelled'), { field: 'cancellationNote', before: null, after: note }],
        events: ['cancelled'],
      };
    }
    case 'refund-withdrawal': {
      if (!order.withdrawalRequestedAt) return new ConflictError('Zu dieser Bestellung liegt kein Widerruf vor.');
      if (order.refund) return new ConflictError('Die Erstattung zu diesem Widerruf ist schon verbucht.');
      // Only money received can be refunded (§ 357 Abs. 1 BGB: 'empfangene Leistungen'); an
      // unpaid order is cancelled by the withdrawal itself and has nothing to refund.
      const paidCents = order.paymentReceived?.amountCents;
      const paidOn = order.paymentReceived?.receivedOn;
      if (!paidCents || !paidOn)
        return new ConflictError('Zu dieser Bestellung ist keine Zahlung eingegangen, es gibt nichts zu erstatten.');
      const amountCents = decimalToCents(request.amount);
      if (amountCents <= 0 || amountCents > paidCents)
        return new FieldError('amount', `Der Erstattungsbetrag muss über 0 und höchstens ${formatEur(paidCents)} sein.`);
      // The refund follows the payment and the withdrawal (the later of the two) and lies not in the future.
      const withdrawnOn = isoDateInBerlin(order.withdrawalRequestedAt);
      const earliest = paidOn > withdrawnOn ? paidOn : withdrawnOn;
      if (request.refundedOn > today || request.refundedOn < earliest)
        return new FieldError(
          'refundedOn',
          `Die Erstattung muss zwischen dem ${formatIsoDate(earliest)} (Zahlungseingang und Widerruf) und heute liegen.`,
        );
      return {
        from: [order.status],
        set: { refund: { refundedOn: request.refundedOn, amountCents, recordedAt: now, byUserId: actor?.userId } },
        changes: [{ field: 'refund', before: null, after: { refundedOn: request.refundedOn, amount: request.amount } }],
        events: [],
      };
    }
    case 'withdraw': {
      // A withdrawal is received in every state of a placed order (§ 355 BGB; before delivery always in time).
      const refused = wrongStatus(PLACED_STATUSES);
      if (refused) return refused;
      if (order.withdrawalRequestedAt) return { from: PLACED_STATUSES, set: {}, changes: [], events: [] };
      // Before payment and shipping (prepayment awaiting payment; cash on delivery not shipped and
      // without a DHL label holding it) the withdrawal ends the order: it is cancelled, its stock
      // released, and nothing is owed or to be refunded (§ 355 Abs. 1, § 357 Abs. 1 BGB). The
      // withdrawal's receipt tells the buyer so: no second e-mail. A cash-on-delivery order with a
      // label is only marked: staff cancel the label, then the order.
      const unpaidUnshipped = order.status === 'awaiting_payment' || (order.status === 'ready_to_ship' && !order.labelClaimId);
      if (unpaidUnshipped && !order.paymentReceived)
        return {
          from: [order.status],
          set: {
            withdrawalRequestedAt: request.receivedAt,
            status: 'cancelled',
            cancelledAt: now,
            cancellationReason: 'withdrawal',
            cancellationNote: '',
            stockReleasedAt: null,
            cancellationEmailSentAt: now,
          },
          changes: [statusChange('cancelled')],
          events: ['cancelled'],
        };
      return { from: PLACED_STATUSES, set: { withdrawalRequestedAt: request.receivedAt }, changes: [], events: [] };
    }
  }
}
