import type { Order } from '@shop/contracts';
import { DEMO_ADDRESS } from './demo-order';

/**
 * An order as its buyer sees it (GET /api/orders, the thank-you page): the demo buyer's two
 * products, awaiting payment by transfer until 02.12.2026, not shipped. EUR strings as the contract.
 */
export function testOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '6760a0c2b9a1e4b001234567',
    orderNumber: 'RM-2026-000123',
    status: 'awaiting_payment',
    createdAt: '2026-11-25T09:30:00.000Z',
    email: 'erika@example.de',
    billingAddress: DEMO_ADDRESS,
    shippingAddress: DEMO_ADDRESS,
    items: [
      {
        productId: 'p-tornado-9000-blueberry',
        name: 'RandM Tornado 9000 Blueberry Ice',
        slug: 'randm-tornado-9000-blueberry-ice',
        image: null,
        quantity: 2,
        unitPrice: '16.99',
        regularPrice: '26.99',
        lineTotal: '33.98',
        durabilityGuaranteeYears: null,
      },
    ],
    totals: {
      itemCount: 2,
      subtotal: '33.98',
      savings: '20.00',
      promoDiscount: '0.00',
      shipping: '4.99',
      total: '38.97',
      vatIncluded: '6.22',
      paymentFee: '0.00',
    },
    promo: null,
    shipping: { method: 'dhl-age-check', label: 'DHL Paket mit Alterssichtprüfung 18+' },
    payment: {
      method: 'prepayment',
      label: 'Vorkasse (Überweisung)',
      bankDetails: { accountHolder: 'Muster Dampf GmbH', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001', bankName: 'DKB' },
      reference: 'RM-2026-000123',
      dueDays: 7,
      dueDate: '2026-12-02',
    },
    ageVerification: { method: 'id-card-mrz', verified: true, checkedAt: '2026-11-25T09:30:00.000Z' },
    legalVersions: null,
    shipment: null,
    invoices: [],
    withdrawal: null,
    ...overrides,
  };
}

/**
 * The same order paid by cash on delivery (Nachnahme): ready to ship, the DHL fee of 6.90 EUR in
 * the total (33.98 + 4.99 + 6.90 = 45.87, of which 19/119 is VAT: 7.32) and the amount the courier
 * collects.
 */
export function testCodOrder(overrides: Partial<Order> = {}): Order {
  const base = testOrder();
  return {
    ...base,
    status: 'ready_to_ship',
    totals: { ...base.totals, paymentFee: '6.90', total: '45.87', vatIncluded: '7.32' },
    payment: { method: 'cod', label: 'Nachnahme (Barzahlung bei Zustellung)', amount: '45.87', fee: '6.90' },
    ...overrides,
  };
}
