import { SHIPPING_METHOD_LABEL, type Address, type Order } from '@shop/contracts';
import { centsToDecimal } from '@shop/format';
import type { PaymentMethod } from '../payment/payment-method';

/** An order document as read with lean() (cents inside). */
export interface OrderDoc {
  _id: unknown;
  orderNumber: string;
  /** The catalog stock reservation of this order (released when placing fails). */
  reservationId: string;
  status: 'pending' | Order['status'];
  ownerKey: string;
  userId: string | null;
  email: string;
  billingAddress: Address;
  shippingAddress: Address;
  items: Array<{
    productId: string;
    name: string;
    slug: string;
    image: string | null;
    quantity: number;
    unitCents: number;
    regularCents: number;
  }>;
  totals: {
    itemCount: number;
    subtotalCents: number;
    savingsCents: number;
    promoDiscountCents: number;
    shippingCents: number;
    totalCents: number;
    vatIncludedCents: number;
  };
  promo: { code: string; type: 'percentage' | 'fixed'; value: number } | null;
  ageVerification: { method: string; verified: boolean; providerReference: string; checkedAt: Date };
  createdAt: Date;
}

const address = (value: Address): Address => ({
  firstName: value.firstName,
  lastName: value.lastName,
  street: value.street,
  addressLine2: value.addressLine2 ?? '',
  postalCode: value.postalCode,
  city: value.city,
  country: 'DE',
});

/** The buyer's view of an order (contract `Order`): EUR strings and what to pay how. */
export function toApiOrder(doc: OrderDoc, payment: PaymentMethod): Order {
  if (doc.status === 'pending') throw new Error(`order ${doc.orderNumber} is still being placed`);
  return {
    id: String(doc._id),
    orderNumber: doc.orderNumber,
    status: doc.status,
    createdAt: new Date(doc.createdAt).toISOString(),
    email: doc.email,
    billingAddress: address(doc.billingAddress),
    shippingAddress: address(doc.shippingAddress),
    items: doc.items.map((line) => ({
      productId: line.productId,
      name: line.name,
      slug: line.slug,
      image: line.image ?? null,
      quantity: line.quantity,
      unitPrice: centsToDecimal(line.unitCents),
      regularPrice: centsToDecimal(line.regularCents),
      lineTotal: centsToDecimal(line.unitCents * line.quantity),
    })),
    totals: {
      itemCount: doc.totals.itemCount,
      subtotal: centsToDecimal(doc.totals.subtotalCents),
      savings: centsToDecimal(doc.totals.savingsCents),
      promoDiscount: centsToDecimal(doc.totals.promoDiscountCents),
      shipping: centsToDecimal(doc.totals.shippingCents),
      total: centsToDecimal(doc.totals.totalCents),
      vatIncluded: centsToDecimal(doc.totals.vatIncludedCents),
    },
    promo: doc.promo
      ? { code: doc.promo.code, type: doc.promo.type, value: doc.promo.type === 'fixed' ? doc.promo.value / 100 : doc.promo.value }
      : null,
    shipping: { method: 'dhl-age-check', label: SHIPPING_METHOD_LABEL },
    payment: { method: payment.id, label: payment.label, ...payment.instructions(doc.orderNumber) },
    ageVerification: {
      method: doc.ageVerification.method,
      verified: true,
      checkedAt: new Date(doc.ageVerification.checkedAt).toISOString(),
    },
  };
}
