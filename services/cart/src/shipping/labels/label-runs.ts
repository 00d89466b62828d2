import type { Connection } from 'mongoose';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { LabelRun, ShippingQueue } from '@shop/contracts/admin';
import { NotFoundError, type ShopIdentity } from '@shop/service-kit';
import { orderModel } from '../../orders/order.model';
import { parcelWeight } from '../settings/parcel-weight';
import type { ShippingSettingsStore } from '../settings/shipping-settings';
import type { LabelBookings } from './label-bookings';
import { labelRunModel, shippingLabelModel, shippingLabelPdfModel, type LabelRunRecord } from './shipping-label.model';
import { TO_SHIP } from '../../orders/order-transitions';

/** Most orders the shipping queue lists (the oldest payments first). */
export const SHIPPING_QUEUE_MAX = 200;

/** The outcomes whose labels a run's combined PDF holds (while they are still valid). */
const PRINTED = new Set(['booked', 'already-labelled']);

/** A label of the run the combined PDF does not print, and why (German, for staff). */
interface LeftOut {
  orderNumber: string;
  shipmentNumber: string;
  reason: string;
}

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
    const { valid } = await this.selection(run);
    const printed = await shippingLabelPdfModel(this.deps.db).countDocuments({ _id: { $in: valid.map((entry) => entry.shipmentNumber) } });
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

  /**
   * The run's labels (booked and already-labelled, in the run's order) split into those still
   * valid (the order's label is `booked` with the same shipment number) and those cancelled since
   * (also when the order was booked anew: its new label is printed from the order, not here).
   */
  private async selection(run: Pick<LabelRunRecord, 'results'>) {
    const entries = run.results.flatMap((result) =>
      PRINTED.has(result.outcome) && result.shipmentNumber
        ? [{ orderId: result.orderId, orderNumber: result.orderNumber, shipmentNumber: result.shipmentNumber }]
        : [],
    );
    const current = new Map(
      (
        await shippingLabelModel(this.deps.db)
          .find({ _id: { $in: entries.map((entry) => entry.orderId) } }, { state: 1, shipmentNumber: 1 })
          .lean()
      ).map((label) => [label._id, label]),
    );
    const valid: typeof entries = [];
    const cancelled: LeftOut[] = [];
    for (const entry of entries) {
      const label = current.get(entry.orderId);
      if (label?.state === 'booked' && label.shipmentNumber === entry.shipmentNumber) {
        valid.push(entry);
        continue;
      }
      const rebooked = label?.state === 'booked' && label.shipmentNumber ? label.shipmentNumber : null;
      cancelled.push({
        orderNumber: entry.orderNumber,
        shipmentNumber: entry.shipmentNumber,
        reason: rebooked ? `storniert, neues Label ${rebooked} (bitte bei der Bestellung drucken)` : 'storniert',
      });
    }
    return { valid, cancelled };
  }

  /**
   * One PDF with the label pages of the run's booked and already-labelled orders whose label is
   * still valid (`booked` with the same shipment number), in the run's order. When labels were
   * left out (cancelled since, booked anew, or resolved by hand without a PDF), a first page in
   * the labels' size lists them with the reason, so staff see it before printing.
   * @throws NotFoundError for an unknown run or one without any valid stored label.
   */
  async pdf(runId: string): Promise<Buffer> {
    const run = /^[0-9a-f]{24}$/.test(runId) ? await this.runs.findById(runId).lean() : null;
    if (!run) throw new NotFoundError('Diesen Etikettenlauf gibt es nicht.');
    const { valid, cancelled } = await this.selection(run);
    const stored = new Map(
      (await shippingLabelPdfModel(this.deps.db).find({ _id: { $in: valid.map((entry) => entry.shipmentNumber) } })).map((doc) => [
        doc._id,
        Buffer.from(doc.pdf),
      ]),
    );
    const leftOut = [...cancelled];
    const labels = await PDFDocument.create();
    for (const entry of valid) {
      const pdf = stored.get(entry.shipmentNumber);
      if (!pdf) {
        leftOut.push({ ...entry, reason: 'kein Label-PDF gespeichert (im DHL-Geschäftskundenportal drucken)' });
        continue;
      }
      const source = await PDFDocument.load(pdf);
      for (const page of await labels.copyPages(source, source.getPageIndices())) labels.addPage(page);
    }
    if (labels.getPageCount() === 0)
      throw new NotFoundError(
        cancelled.length > 0 && leftOut.length === cancelled.length
          ? 'Von diesem Etikettenlauf ist kein Label mehr gültig: Alle wurden storniert.'
          : 'Zu diesem Etikettenlauf ist kein Label-PDF gespeichert.',
      );
    if (leftOut.length === 0) return Buffer.from(await labels.save());
    const combined = await PDFDocument.create();
    const { width, height } = labels.getPage(0).getSize();
    await addLeftOutPages(combined, leftOut, width, height);
    for (const page of await combined.copyPages(labels, labels.getPageIndices())) combined.addPage(page);
    return Buffer.from(await combined.save());
  }

  /** Orders waiting for their parcel (paid, or cash on delivery: no payment, so first), oldest payment first (at most SHIPPING_QUEUE_MAX), with their label and weight. */
  async queue(): Promise<ShippingQueue> {
    const orders = orderModel(this.deps.db);
    const [paid, total, settings] = await Promise.all([
      orders
        .find({ status: { $in: TO_SHIP } })
        .sort({ 'paymentReceived.receivedOn': 1, 'paymentReceived.recordedAt': 1, createdAt: 1 })
        .limit(SHIPPING_QUEUE_MAX)
        .lean(),
      orders.countDocuments({ status: { $in: TO_SHIP } }),
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
          paymentMethod: order.paymentMethod === 'cod' ? ('cod' as const) : ('prepayment' as const),
          paidOn: order.paymentReceived?.receivedOn ?? null,
          withdrawn: !!order.withdrawalRequestedAt,
          weightGrams: parcelWeight(order.items, settings).grams,
          label: label ? { state: label.state, shipmentNumber: label.shipmentNumber } : null,
        };
      }),
    };
  }
}

/** Splits `text` into lines no wider than `width` at `size` (at spaces; a longer word stays whole). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The page(s) in front of a run's labels listing the labels left out and why (in the labels'
 * page size, Helvetica: German umlauts and dashes are in its WinAnsi encoding).
 */
async function addLeftOutPages(pdf: PDFDocument, leftOut: LeftOut[], width: number, height: number) {
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 20;
  const size = 9;
  const paragraphs: Array<{ text: string; font: PDFFont; size: number }> = [
    { text: 'Diese Seite ist kein Label.', font: bold, size: 12 },
    {
      text: `Nicht gedruckt: ${leftOut.length} ${leftOut.length === 1 ? 'Label' : 'Labels'} dieses Laufs.`,
      font: bold,
      size,
    },
    ...leftOut.map((item) => ({ text: `${item.orderNumber} – Sendungsnummer ${item.shipmentNumber}: ${item.reason}`, font, size })),
  ];
  let page = pdf.addPage([width, height]);
  let y = height - margin;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph.text, paragraph.font, paragraph.size, width - 2 * margin)) {
      if (y - paragraph.size < margin) {
        page = pdf.addPage([width, height]);
        y = height - margin;
      }
      y -= paragraph.size * 1.3;
      page.drawText(line, { x: margin, y, size: paragraph.size, font: paragraph.font });
    }
    y -= paragraph.size * 0.6;
  }
}
