/**
 * The order rule book: every action against every status of a placed order, and the
 * date and amount refusals. Pure: no database.
 */
import { ConflictError, FieldError } from '@shop/service-kit';
import {
  COD_COLLECTED_NOTE,
  OrderNotShippedError,
  orderTransition,
  type OrderState,
  type OrderTransitionRequest,
} from './order-transitions';

// 24.11.2026, 13:00 in Germany; the order was placed on 20.11. and shipped on 22.11.
const NOW = new Date('2026-11-24T12:00:00Z');
const STATUSES = ['awaiting_payment', 'paid', 'ready_to_ship', 'shipped', 'delivered', 'cancelled'] as const;
const PAYMENT = { receivedOn: '2026-11-21', amountCents: 4990 } as NonNullable<OrderState['paymentReceived']>;

function order(status: OrderState['status'], extra: Partial<OrderState> = {}): OrderState {
  return {
    status,
    createdAt: new Date('2026-11-20T09:00:00Z'),
    shippedAt: status === 'shipped' || status === 'delivered' ? new Date('2026-11-22T09:00:00Z') : null,
    withdrawalRequestedAt: null,
    refund: null,
    // Paid on 21.11. in every status after 'awaiting_payment' (a cancelled one: cancelled after
    // payment); 'ready_to_ship' is a cash-on-delivery order, unpaid until its delivery.
    paymentReceived: status === 'awaiting_payment' || status === 'pending' || status === 'ready_to_ship' ? null : PAYMENT,
    paymentMethod: status === 'ready_to_ship' ? 'cod' : 'prepayment',
    totals: { totalCents: 4990 } as OrderState['totals'],
    ...extra,
  } as OrderState;
}

const REQUESTS: Record<string, OrderTransitionRequest> = {
  'mark-paid': { action: 'mark-paid', receivedOn: '2026-11-23', amount: '49.90', note: '' },
  ship: { action: 'ship', trackingNumber: '00340434161234567890' },
  deliver: { action: 'deliver', deliveredOn: '2026-11-24' },
  cancel: { action: 'cancel', note: 'Kunde bat darum' },
  'cancel-overdue': { action: 'cancel-overdue' },
  withdraw: { action: 'withdraw', receivedAt: NOW },
};

/** Which status each action is allowed from, and the status it leads to (null: the status stays; by status where it depends). */
const TABLE: Record<string, { from: ReadonlyArray<(typeof STATUSES)[number]>; to: string | null | Partial<Record<string, string>> }> = {
  'mark-paid': { from: ['awaiting_payment'], to: 'paid' },
  ship: { from: ['paid', 'ready_to_ship'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['awaiting_payment', 'paid', 'ready_to_ship'], to: 'cancelled' },
  'cancel-overdue': { from: ['awaiting_payment'], to: 'cancelled' },
  // Before payment and shipping a withdrawal cancels the order; afterwards it is marked and the status stays.
  withdraw: { from: STATUSES, to: { awaiting_payment: 'cancelled', ready_to_ship: 'cancelled' } },
};

const cases = Object.entries(TABLE).flatMap(([action, rule]) =>
  STATUSES.map((status) => ({
    action,
    status,
    allowed: rule.from.includes(status),
    to: rule.to === null || typeof rule.to === 'string' ? rule.to : (rule.to[status] ?? null),
  })),
);

describe('orderTransition', () => {
  it.each(cases)('$action from $status: allowed $allowed', ({ action, status, allowed, to }) => {
    const result = orderTransition(order(status), REQUESTS[action]!, NOW, { userId: 'staff-1' });
    if (!allowed && action === 'deliver' && ['awaiting_payment', 'paid', 'ready_to_ship'].includes(status)) {
      // Not shipped yet: refused with its own code, not the generic status conflict.
      expect(result).toBeInstanceOf(OrderNotShippedError);
      return;
    }
    if (!allowed) {
      expect(result).toBeInstanceOf(ConflictError);
      expect((result as Error).message).toMatch(/^Das geht bei einer Bestellung im Status „.+“ nicht\.$/);
      return;
    }
    if (result instanceof Error) throw result;
    expect(result.from).toContain(status);
    expect(result.set.status).toBe(to ?? undefined);
    if (to) expect(result.changes[0]).toEqual({ field: 'status', before: status, after: to });
  });

  it('cash on delivery: the delivery records the total as collected; staff book the cash of a shipped one once; a label keeps a withdrawal from cancelling', () => {
    const cod = (status: OrderState['status'], extra: Partial<OrderState> = {}) =>
      order(status, { paymentMethod: 'cod', paymentReceived: null, ...extra });
    expect(orderTransition(cod('shipped', { shippedUnderShopLabel: true }), REQUESTS.deliver!, NOW, { userId: 'staff-1' })).toMatchObject({
      set: {
        status: 'delivered',
        paymentReceived: { receivedOn: '2026-11-24', amountCents: 4990, note: COD_COLLECTED_NOTE, byUserId: 'staff-1' },
      },
      changes: [
        { field: 'status', before: 'shipped', after: 'delivered' },
        { field: 'deliveredOn', before: null, after: '2026-11-24' },
        { field: 'paymentReceived', before: null, after: { receivedOn: '2026-11-24', amount: '49.90', note: COD_COLLECTED_NOTE } },
      ],
    });
    // Booked before (the statement import), or shipped by hand (no label of the shop's that collects
    // the total): the delivery records no payment.
    for (const extra of [{ shippedUnderShopLabel: true, paymentReceived: PAYMENT }, { shippedUnderShopLabel: false }]) {
      const noPayment = orderTransition(cod('shipped', extra), REQUESTS.deliver!, NOW);
      if (noPayment instanceof Error) throw noPayment;
      expect(noPayment.set).not.toHaveProperty('paymentReceived');
    }
    // Which the shipment says: under the shop's label or by hand.
    for (const underShopLabel of [true, false])
      expect(orderTransition(cod('ready_to_ship'), { ...REQUESTS.ship!, underShopLabel } as OrderTransitionRequest, NOW)).toMatchObject({
        set: { shippedUnderShopLabel: underShopLabel },
      });
    // The cash of a shipped or delivered order, booked by staff: the status stays.
    for (const status of ['shipped', 'delivered'] as const)
      expect(orderTransition(cod(status), REQUESTS['mark-paid']!, NOW)).toMatchObject({
        from: [status],
        set: { paymentReceived: { receivedOn: '2026-11-23', amountCents: 4990 } },
      });
    expect(orderTransition(cod('ready_to_ship'), REQUESTS['mark-paid']!, NOW)).toBeInstanceOf(ConflictError);
    expect(orderTransition(cod('delivered', { paymentReceived: PAYMENT }), REQUESTS['mark-paid']!, NOW)).toBeInstanceOf(ConflictError);
    // A parcel back unpaid (refused at the door): staff cancel it from 'shipped'; paid, it is no return.
    expect(orderTransition(cod('shipped'), REQUESTS.cancel!, NOW)).toMatchObject({ from: ['shipped'], set: { status: 'cancelled' } });
    expect(orderTransition(cod('shipped', { paymentReceived: PAYMENT }), REQUESTS.cancel!, NOW)).toBeInstanceOf(ConflictError);
    expect(orderTransition(cod('delivered'), REQUESTS.cancel!, NOW)).toBeInstanceOf(ConflictError);
    expect(orderTransition(cod('ready_to_ship', { labelClaimId: 'hold-1' }), REQUESTS.withdraw!, NOW)).toEqual({
      from: [...STATUSES],
      set: { withdrawalRequestedAt: NOW },
      changes: [],
      events: [],
    });
  });

  it('records the payment with who booked it, and asks for the shipping e-mail after shipping', () => {
    const paid = orderTransition(order('awaiting_payment'), REQUESTS['mark-paid']!, NOW, { userId: 'staff-1' });
    expect(paid).toMatchObject({ set: { paymentReceived: { receivedOn: '2026-11-23', amountCents: 4990, byUserId: 'staff-1' } } });
    expect(orderTransition(order('paid'), REQUESTS.ship!, NOW)).toMatchObject({
      set: { trackingNumber: '00340434161234567890', shippedAt: NOW, shippingEmailSentAt: null },
      events: ['shipped'],
    });
  });

  it('cancels by staff with the note, by the job without, both releasing stock and telling the buyer', () => {
    expect(orderTransition(order('paid'), REQUESTS.cancel!, NOW)).toMatchObject({
      set: { status: 'cancelled', cancellationReason: 'staff', cancellationNote: 'Kunde bat darum', stockReleasedAt: null },
      events: ['cancelled'],
    });
    expect(orderTransition(order('awaiting_payment'), REQUESTS['cancel-overdue']!, NOW)).toMatchObject({
      set: { cancellationReason: 'payment_overdue', cancellationNote: '', cancellationEmailSentAt: null },
    });
  });

  it.each([
    ['a payment before the order day', { ...REQUESTS['mark-paid'], receivedOn: '2026-11-19' }, 'receivedOn'],
    ['a payment in the future', { ...REQUESTS['mark-paid'], receivedOn: '2026-11-25' }, 'receivedOn'],
    ['a payment of another amount', { ...REQUESTS['mark-paid'], amount: '49.89' }, 'amount'],
  ] as const)('refuses %s at its field', (_name, request, field) => {
    const result = orderTransition(order('awaiting_payment'), request as OrderTransitionRequest, NOW);
    expect(result).toBeInstanceOf(FieldError);
    expect((result as FieldError).field).toBe(field);
  });

  it('accepts a payment on the order day and today, and a delivery on the day of shipping', () => {
    for (const receivedOn of ['2026-11-20', '2026-11-24'])
      expect(
        orderTransition(order('awaiting_payment'), { ...REQUESTS['mark-paid'], receivedOn } as OrderTransitionRequest, NOW),
      ).not.toBeInstanceOf(Error);
    expect(orderTransition(order('shipped'), { action: 'deliver', deliveredOn: '2026-11-22' }, NOW)).not.toBeInstanceOf(Error);
  });

  it.each(['2026-11-21', '2026-11-25'])('refuses a delivery on %s (before shipping or in the future)', (deliveredOn) => {
    const result = orderTransition(order('shipped'), { action: 'deliver', deliveredOn }, NOW);
    expect(result).toBeInstanceOf(FieldError);
    expect((result as FieldError).field).toBe('deliveredOn');
  });

  describe('recording the delivery: a German calendar day, never before the shipment', () => {
    // Shipped on 22.11. at 00:30 in Germany (23:30 UTC the day before), or at 14:00.
    const justAfterMidnight = new Date('2026-11-21T23:30:00Z');
    const afternoon = new Date('2026-11-22T13:00:00Z');

    it.each([
      ['a paid order not shipped yet', 'ORDER_NOT_SHIPPED', order('paid'), '2026-11-22'],
      ['an unpaid order', 'ORDER_NOT_SHIPPED', order('awaiting_payment'), '2026-11-22'],
      ['a shipped order without a recorded shipment', 'ORDER_NOT_SHIPPED', order('shipped', { shippedAt: null }), '2026-11-20'],
      ['a day before the shipping day', 'VALIDATION_ERROR', order('shipped'), '2026-11-21'],
      [
        'the UTC day of a shipment just after German midnight',
        'VALIDATION_ERROR',
        order('shipped', { shippedAt: justAfterMidnight }),
        '2026-11-21',
      ],
      ['a day in the future', 'VALIDATION_ERROR', order('shipped'), '2026-11-25'],
      ['an order delivered already', 'CONFLICT', order('delivered'), '2026-11-23'],
    ] as const)('refuses %s with %s', (_name, code, state, deliveredOn) => {
      const result = orderTransition(state, { action: 'deliver', deliveredOn }, NOW);
      expect(result).toBeInstanceOf(Error);
      expect((result as { code?: string }).code).toBe(code);
      if (code === 'VALIDATION_ERROR')
        expect(result).toMatchObject({
          field: 'deliveredOn',
          message: expect.stringMatching(/^Die Zustellung muss zwischen dem Versand am \d\d\.\d\d\.2026 und heute liegen\.$/),
        });
      if (code === 'ORDER_NOT_SHIPPED') expect((result as Error).message).toMatch(/^Die Bestellung ist noch nicht versandt\./);
    });

    it.each([
      ['on the shipping day, shipped in the afternoon: at the shipment', afternoon, '2026-11-22', afternoon],
      ['on the German shipping day of a shipment just after midnight: at the shipment', justAfterMidnight, '2026-11-22', justAfterMidnight],
      ['on a later day: at the start of that German day', afternoon, '2026-11-23', new Date('2026-11-22T23:00:00Z')],
      ['today', afternoon, '2026-11-24', new Date('2026-11-23T23:00:00Z')],
    ])('records a delivery %s', (_name, shippedAt, deliveredOn, deliveredAt) => {
      const result = orderTransition(order('shipped', { shippedAt }), { action: 'deliver', deliveredOn }, NOW);
      if (result instanceof Error) throw result;
      expect(result.set).toEqual({ status: 'delivered', deliveredAt });
      expect((result.set.deliveredAt as Date) >= shippedAt).toBe(true);
    });
  });

  describe('refund after a withdrawal', () => {
    const withdrawn = (status: OrderState['status'], extra: Partial<OrderState> = {}) =>
      order(status, { withdrawalRequestedAt: new Date('2026-11-23T10:00:00Z'), ...extra });
    const refund = (amount: string, refundedOn = '2026-11-24') => ({ action: 'refund-withdrawal', amount, refundedOn }) as const;

    it.each(['paid', 'shipped', 'delivered', 'cancelled'] as const)(
      'is booked in status %s once a withdrawal is there, and keeps the status',
      (status) => {
        const result = orderTransition(withdrawn(status), refund('49.90'), NOW, { userId: 'staff-1' });
        if (result instanceof Error) throw result;
        expect(result).toMatchObject({
          from: [status],
          set: { refund: { amountCents: 4990, refundedOn: '2026-11-24', byUserId: 'staff-1' } },
        });
        expect(result.set.status).toBeUndefined();
      },
    );

    it('is refused without a withdrawal, a second time, over the amount paid, at zero and in the future', () => {
      expect(orderTransition(order('delivered'), refund('10.00'), NOW)).toBeInstanceOf(ConflictError);
      expect(
        orderTransition(withdrawn('delivered', { refund: { amountCents: 100 } as OrderState['refund'] }), refund('10.00'), NOW),
      ).toBeInstanceOf(ConflictError);
      for (const amount of ['49.91', '0.00'])
        expect(orderTransition(withdrawn('delivered'), refund(amount), NOW)).toMatchObject({ field: 'amount' });
      expect(orderTransition(withdrawn('delivered'), refund('10.00', '2026-11-25'), NOW)).toMatchObject({ field: 'refundedOn' });
    });

    it('is refused for an unpaid order: nothing was received that could be refunded', () => {
      const result = orderTransition(withdrawn('awaiting_payment'), refund('49.90'), NOW);
      expect(result).toBeInstanceOf(ConflictError);
      expect((result as Error).message).toBe('Zu dieser Bestellung ist keine Zahlung eingegangen, es gibt nichts zu erstatten.');
    });

    it.each([
      ['in year 1', '0001-01-01'],
      ['before the payment', '2026-11-20'],
      ['before the withdrawal', '2026-11-22'],
    ])('is refused %s, at its field, naming the earliest day', (_name, refundedOn) => {
      const result = orderTransition(withdrawn('delivered'), refund('10.00', refundedOn), NOW);
      expect(result).toBeInstanceOf(FieldError);
      expect(result).toMatchObject({ field: 'refundedOn' });
      expect((result as Error).message).toContain('23.11.2026');
    });

    it('is booked on the day of the withdrawal, and on the day of a payment that came after the withdrawal', () => {
      expect(orderTransition(withdrawn('delivered'), refund('10.00', '2026-11-23'), NOW)).not.toBeInstanceOf(Error);
      const paidLater = withdrawn('paid', { paymentReceived: { ...PAYMENT, receivedOn: '2026-11-24' } });
      expect(orderTransition(paidLater, refund('10.00', '2026-11-23'), NOW)).toMatchObject({ field: 'refundedOn' });
      expect(orderTransition(paidLater, refund('10.00', '2026-11-24'), NOW)).not.toBeInstanceOf(Error);
    });
  });

  it('cancels an unpaid order on its withdrawal: stock released, the receipt is the only e-mail', () => {
    expect(orderTransition(order('awaiting_payment'), REQUESTS.withdraw!, NOW)).toMatchObject({
      from: ['awaiting_payment'],
      set: {
        status: 'cancelled',
        withdrawalRequestedAt: NOW,
        cancellationReason: 'withdrawal',
        stockReleasedAt: null,
        cancellationEmailSentAt: NOW,
      },
      events: ['cancelled'],
    });
    expect(orderTransition(order('paid'), REQUESTS.withdraw!, NOW)).toEqual({
      from: [...STATUSES],
      set: { withdrawalRequestedAt: NOW },
      changes: [],
      events: [],
    });
  });

  it('marks a withdrawal only once', () => {
    expect(orderTransition(order('delivered'), REQUESTS.withdraw!, NOW)).toMatchObject({ set: { withdrawalRequestedAt: NOW } });
    expect(
      orderTransition(order('delivered', { withdrawalRequestedAt: new Date('2026-11-23T10:00:00Z') }), REQUESTS.withdraw!, NOW),
    ).toMatchObject({ set: {} });
  });

  it('refuses everything for an order still being placed', () => {
    for (const request of Object.values(REQUESTS)) expect(orderTransition(order('pending'), request, NOW)).toBeInstanceOf(ConflictError);
  });
});
