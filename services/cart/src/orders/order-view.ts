import { doorCheckOf, type Address, type DhlAgeCheckService, type Order, type OrderWithdrawal } from '@shop/contracts';
import { dhlTrackingUrl } from '@shop/contracts/admin';
import { appliedPromo } from '@shop/cart-rules';
import { centsToDecimal } from '@shop/format';
import { discountFromStored } from '../promo/promo-code.model';
import type { OrderRecord } from './order.model';
import type { PaymentMethods } from './payment-method';
import type { WithdrawalRecord } from '../withdrawals/withdrawal.model';

const address = (value: Omit<Address, 'country'>): Address => ({
  firstName: value.firstName,
  lastName: value.lastName,
  street: value.street,
  addressLine2: value.addressLine2 ?? '',
  postalCode: value.postalCode,
  city: value.city,
  country: 'DE',
});

/** Where a declared withdrawal stands, for its buyer (contract `OrderWithdrawal`). */
function buyerWithdrawal(doc: OrderRecord, record: WithdrawalRecord): OrderWithdrawal {
  const status = doc.refund ? 'refunded' : doc.cancellationReason === 'withdrawal' ? 'cancelled' : 'received';
  return {
    receivedAt: new Date(record.receivedAt).toISOString(),
    items: record.items ?? '',
    status,
    refundedOn: doc.refund?.refundedOn ?? null,
  };
}

/**
 * The buyer's view of an order (contract `Order`): EUR strings and what to pay how.
 * `withdrawal`: the declaration logged for it (withdrawalsByOrder), or null.
 */
export function toApiOrder(doc: OrderRecord, payments: PaymentMethods, withdrawal: WithdrawalRecord | null): Order {
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
      durabilityGuaranteeYears: line.durabilityGuaranteeYears ?? null,
    })),
    totals: {
      itemCount: doc.totals.itemCount,
      subtotal: centsToDecimal(doc.totals.subtotalCents),
      savings: centsToDecimal(doc.totals.savingsCents),
      promoDiscount: centsToDecimal(doc.totals.promoDiscountCents),
      shipping: centsToDecimal(doc.totals.shippingCents),
      total: centsToDecimal(doc.totals.totalCents),
      vatIncluded: centsToDecimal(doc.totals.vatIncludedCents),
      paymentFee: centsToDecimal(doc.totals.paymentFeeCents ?? 0),
    },
    promo: doc.promo ? appliedPromo(doc.promo.code, discountFromStored(doc.promo)) : null,
    shipping: { method: 'dhl-age-check', label: doorCheckOf(doc.deliveryAgeCheck as DhlAgeCheckService | null).shippingMethod },
    payment: payments.of(doc.paymentMethod).view(doc),
    ageVerification: {
      method: doc.ageVerification.method,
      verified: true,
      checkedAt: new Date(doc.ageVerification.checkedAt).toISOString(),
    },
    legalVersions: doc.legalVersions?.terms
      ? { terms: doc.legalVersions.terms, withdrawal: doc.legalVersions.withdrawal ?? '', privacy: doc.legalVersions.privacy ?? '' }
      : null,
    shipment:
      doc.trackingNumber && doc.shippedAt
        ? {
            carrier: 'DHL',
            trackingNumber: doc.trackingNumber,
            trackingUrl: dhlTrackingUrl(doc.trackingNumber),
            shippedAt: new Date(doc.shippedAt).toISOString(),
            deliveredAt: doc.deliveredAt ? new Date(doc.deliveredAt).toISOString() : null,
          }
        : null,
    invoices: (doc.invoices ?? []).map((invoice) => ({
      number: invoice.number,
      kind: invoice.kind,
      issuedAt: new Date(invoice.issuedAt).toISOString(),
    })),
    withdrawal: withdrawal ? buyerWithdrawal(doc, withdrawal) : null,
  };
}
