import type { DhlAgeCheckService } from '@shop/contracts';
import type { ShippingLabel, ShippingLabelView } from '@shop/contracts/admin';
import { NotFoundError } from '@shop/service-kit';
import { loadPlacedOrder } from '../../orders/admin-order-queries';
import type { OrderRecord } from '../../orders/order.model';
import { parcelWeight } from '../settings/parcel-weight';
import { missingShipperDetails } from '../settings/shipper';
import {
  BEING_BOOKED_MESSAGE,
  MISSING_SHIPPER_MESSAGE,
  statusLabel,
  UNKNOWN_OUTCOME_MESSAGE,
  WITHDRAWN_MESSAGE,
  type LabelContext,
} from './label-common';
import type { ShippingLabelRecord } from './shipping-label.model';
import { TO_SHIP } from '../../orders/order-transitions';

/**
 * What staff read of an order's label: the label as the contract has it, the view with what a
 * new booking would send (weight, age check, why it cannot be booked now) and the stored PDF.
 */
export class LabelViews {
  /** `ageCheck`: the age check a booking of the order sends (label-bookings.ts `ageCheckFor`). */
  constructor(
    private readonly context: LabelContext,
    private readonly ageCheck: (order: Pick<OrderRecord, 'deliveryAgeCheck'>) => DhlAgeCheckService,
  ) {}

  /** The contract's label, or null while a booking is under way (there is none yet). */
  labelOf(label: ShippingLabelRecord | null): ShippingLabel | null {
    if (!label) return null;
    const state = this.context.stateOf(label);
    if (state === 'claimed') return null;
    const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
    return {
      orderId: label._id,
      orderNumber: label.orderNumber,
      state,
      shipmentNumber: label.shipmentNumber ?? null,
      ageCheck: (label.ageCheck ?? 'identCheck') as ShippingLabel['ageCheck'],
      weightGrams: label.weightGrams ?? 0,
      warnings: (label.warnings ?? []).map((warning) => ({
        field: warning.field ?? null,
        message: warning.message,
        severity: warning.severity === 'warning' ? 'warning' : 'error',
      })),
      hasPdf: state === 'booked' && Boolean(label.hasPdf),
      bookedAt: iso(label.bookedAt),
      cancelledAt: iso(label.cancelledAt),
      closedOutAt: iso(label.closedOutAt),
    };
  }

  /**
   * The order's label and what a new booking would send (GET …/shipping-label).
   * @throws NotFoundError for an unknown order.
   */
  async view(orderId: string): Promise<ShippingLabelView> {
    const order = await loadPlacedOrder(this.context.deps.db, orderId);
    const [record, settings, seller] = await Promise.all([
      this.context.labels.findById(orderId).lean(),
      this.context.deps.settings.read(),
      this.context.deps.seller(),
    ]);
    const weight = parcelWeight(order.items, settings);
    const state = record ? this.context.stateOf(record) : null;
    const missingShipper = seller ? missingShipperDetails(seller) : [];
    const blockedReason = !this.context.deps.dhl.configured
      ? `DHL ist nicht eingerichtet: ${this.context.deps.dhl.reason}`
      : missingShipper.length > 0
        ? MISSING_SHIPPER_MESSAGE(missingShipper)
        : state === 'booked'
          ? 'Die Bestellung hat schon ein DHL-Label. Stornieren Sie es, um ein neues zu buchen.'
          : state === 'outcome-unknown'
            ? UNKNOWN_OUTCOME_MESSAGE(order.orderNumber)
            : state === 'claimed'
              ? BEING_BOOKED_MESSAGE
              : !TO_SHIP.includes(order.status)
                ? `Ein Label gibt es nur für bezahlte Bestellungen und Nachnahme-Bestellungen; diese ist im Status „${statusLabel(order.status)}“.`
                : order.withdrawalRequestedAt
                  ? WITHDRAWN_MESSAGE
                  : null;
    return {
      label: this.labelOf(record),
      proposal: { weightGrams: weight.grams, missingWeights: weight.missing, ageCheck: this.ageCheck(order), blockedReason },
    };
  }

  /**
   * The label's PDF as DHL returned it. @throws NotFoundError when the order has no booked label
   * with a stored PDF (none, cancelled, unknown, or resolved by hand).
   */
  async pdf(orderId: string): Promise<{ orderNumber: string; pdf: Buffer }> {
    const label = /^[0-9a-f]{24}$/.test(orderId) ? await this.context.labels.findById(orderId).lean() : null;
    const stored =
      label?.state === 'booked' && label.hasPdf && label.shipmentNumber ? await this.context.pdfs.findById(label.shipmentNumber) : null;
    if (!label || !stored) throw new NotFoundError('Zu dieser Bestellung ist kein Label-PDF gespeichert.');
    return { orderNumber: label.orderNumber, pdf: Buffer.from(stored.pdf) };
  }
}
