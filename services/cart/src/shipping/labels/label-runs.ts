import type { Connection } from 'mongoose';
import { PDFDocument } from 'pdf-lib';
import type { LabelRun, ShippingQueue } from '@shop/contracts/admin';
import { NotFoundError, type ShopIdentity } from '@shop/service-kit';
import { orderModel } from '../../orders/order.model';
import { parcelWeight } from '../settings/parcel-weight';
import type { ShippingSettingsStore } from '../settings/shipping-settings';
import type { LabelBookings } from './label-bookings';
import { labelRunModel, shippingLabelModel, shippingLabelPdfModel, type LabelRunRecord } from './shipping-label.model';

/** Most orders the shipping queue lists (the oldest payments first). */
export const SHIPPING_QUEUE_MAX = 200;

/** The outcomes whose labels a run's combined PDF holds. */
const PRINTED = new Set(['booked', 'already-labelled']);

/**
 * Bulk label runs and the shipping queue (services/cart/README.md 'Shipping with DHL'): a run
 * books labels for many paid orders through `LabelBookings.book` (orders with a label are
 * `already-labelled`, so a retried run books nothing new), is stored with who asked, the orders
 * and the result per order, and prints as one combined PDF (pdf-lib) of its labels.
 */
export class LabelRuns {
  constructor(
    private readonly deps: { db: Connection; bookings: LabelBookings; settings: Pick<ShippingSettingsStore, 'read'>; now: () => Date },
  ) {}

  private get runs() {
    return labelRunModel(this.deps.db);
  }

  /**
   * Books labels for the orders and stores the run.
   * @throws as LabelBookings.book (503 when DHL is not configured or the shipper cannot be read).
   */
  async run(staff: ShopIdentity, orderIds: string[]): Promise<LabelRun> {
    const results = (await this.deps.bookings.book(staff, orderIds)).map(({ refusal: _refusal, ...result }) => result);
    const stored = await this.runs.create({ byUserId: staff.userId, orderIds, results, at: this.deps.now() });
    return this.viewOf(stored.toObject() as LabelRunRecord);
  }

  private async viewOf(run: LabelRunRecord): Promise<LabelRun> {
    const id = run._id.toHexString();
    const printed = await shippingLabelPdfModel(this.deps.db).countDocuments({ _id: { $in: this.printedNumbers(run) } });
    return {
      id,
      createdAt: run.at.toISOString(),
      results: run.results.map((result) => ({
        orderId: result.orderId,
        orderNumber: result.orderNumber,
        outcome: result.outcome,
        shipmentNumber: result.shipmentNumber ?? null,
        messages: result.messages.map((item) => ({
          field: item.field ?? null,
          message: item.message,
          severity: item.severity === 'warning' ? 'warning' : 'error',
        })),
      })),
      pdfUrl: printed > 0 ? `/api/admin/shipping/label-runs/${id}.pdf` : null,
    };
  }

  private printedNumbers(run: Pick<LabelRunRecord, 'results'>): string[] {
    return run.results.filter((result) => PRINTED.has(result.outcome) && result.shipmentNumber).map((result) => result.shipmentNumber!);
  }

  /**
   * One PDF with the label pages of every booked and already-labelled order of the run, in the
   * run's order (labels resolved by hand have no PDF and are left out).
   * @throws NotFoundError for an unknown run or one without any stored label.
   */
  async pdf(runId: string): Promise<Buffer> {
    const run = /^[0-9a-f]{24}$/.test(runId) ? await this.runs.findById(runId).lean() : null;
    if (!run) throw new NotFoundError('Diesen Etikettenlauf gibt es nicht.');
    const numbers = this.printedNumbers(run);
    const stored = new Map(
      (await shippingLabelPdfModel(this.deps.db).find({ _id: { $in: numbers } })).map((doc) => [doc._id, Buffer.from(doc.pdf)]),
    );
    const combined = await PDFDocument.create();
    for (const number of numbers) {
      const pdf = stored.get(number);
      if (!pdf) continue;
      const source = await PDFDocument.load(pdf);
      for (const page of await combined.copyPages(source, source.getPageIndices())) combined.addPage(page);
    }
    if (combined.getPageCount() === 0) throw new NotFoundError('Zu diesem Etikettenlauf ist kein Label-PDF gespeichert.');
    return Buffer.from(await combined.save());
  }

  /** Paid orders waiting for their parcel, oldest payment first (at most SHIPPING_QUEUE_MAX), with their label and weight. */
  async queue(): Promise<ShippingQueue> {
    const orders = orderModel(this.deps.db);
    const [paid, total, settings] = await Promise.all([
      orders
        .find({ status: 'paid' })
        .sort({ 'paymentReceived.receivedOn': 1, 'paymentReceived.recordedAt': 1, createdAt: 1 })
        .limit(SHIPPING_QUEUE_MAX)
        .lean(),
      orders.countDocuments({ status: 'paid' }),
      this.deps.settings.read(),
    ]);
    const labels = new Map(
      (
        await shippingLabelModel(this.deps.db)
          .find({ _id: { $in: paid.map((order) => order._id.toHexString()) } })
          .lean()
      ).map((label) => [label._id, label]),
    );
    return {
      total,
      orders: paid.map((order) => {
        const label = this.deps.bookings.labelOf(labels.get(order._id.toHexString()) ?? null);
        return {
          orderId: order._id.toHexString(),
          orderNumber: order.orderNumber,
          name: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`,
          postalCode: order.shippingAddress.postalCode,
          city: order.shippingAddress.city,
          itemCount: order.totals.itemCount,
          paidOn: order.paymentReceived?.receivedOn ?? null,
          weightGrams: parcelWeight(order.items, settings).grams,
          label: label ? { state: label.state, shipmentNumber: label.shipmentNumber } : null,
        };
      }),
    };
  }
}
