import { testOrder } from '@shop/test-fixtures';
import { withdrawalAvailable, withdrawalPeriodEnd } from './withdrawal-period';

const delivered = (deliveredAt: string) =>
  testOrder({
    status: 'delivered',
    shipment: { carrier: 'DHL', trackingNumber: '1', trackingUrl: 'https://www.dhl.de/', shippedAt: deliveredAt, deliveredAt },
  });

/** When the order page offers 'Vertrag widerrufen' (§ 356a BGB; 14 days from delivery). */
describe('withdrawal period', () => {
  test('runs 14 days from the German delivery day, inclusive', () => {
    // 23:30 UTC on 30.11. is already 01.12. in Berlin: the period counts from the German day.
    const order = delivered('2026-11-30T23:30:00.000Z');
    expect(withdrawalPeriodEnd(order)).toBe('2026-12-15');
    expect(withdrawalAvailable(order, new Date('2026-12-15T22:59:00.000Z'))).toBe(true); // 23:59 in Berlin
    expect(withdrawalAvailable(order, new Date('2026-12-15T23:01:00.000Z'))).toBe(false); // 00:01 on the 16th
  });

  test('is open before delivery and closed for a cancelled order', () => {
    expect(withdrawalPeriodEnd(testOrder())).toBeNull();
    expect(withdrawalAvailable(testOrder(), new Date('2030-01-01'))).toBe(true);
    expect(withdrawalAvailable(testOrder({ status: 'cancelled' }), new Date('2026-11-25'))).toBe(false);
  });
});
