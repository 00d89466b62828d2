import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import type { SellerDetails } from '@shop/contracts';
import { formatEur, formatIsoDate, isoDateInBerlin } from '@shop/format';
import { ConflictError, defineApiError, indexesOnce, isDuplicateKeyError, NotFoundError } from '@shop/service-kit';
import { orderModel, type OrderRecord } from '../orders/order.model';
import { invoiceModel, type InvoiceRecord } from './invoice.model';
import { buyerParty, cancellationLinesOf, invoiceLinesOf, sellerParty, taxTotalsOf, type InvoiceLine } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

/** Attempts to take the next number when parallel issues took it first (each attempt reads the last number again). */
const NUMBER_ATTEMPTS = 100;

/** 'RE-' and the sequence, at least 6 digits: 'RE-000042'. */
export const invoiceNumberOf = (sequence: number) => `RE-${String(sequence).padStart(6, '0')}`;

/** 503 while the seller details cannot be read: no invoice is issued without them (the job tries again). */
export const SellerDetailsUnavailableError = defineApiError('SELLER_DETAILS_UNAVAILABLE', 503);

type NewInvoice = Omit<InvoiceRecord, '_id' | 'sequence' | 'number' | 'pdf'>;

/**
 * Invoices and cancellation invoices. Numbers are sequential and gap-free, also
 * under parallel issues and with several instances: a number is taken by inserting the complete,
 * final document with `sequence` = the highest stored + 1 under a unique index; whoever loses
 * that race reads again and takes the next. A number is therefore never taken without its
 * document, and no number is skipped. (A counter incremented before the insert leaves a gap when
 * the process dies in between.) Documents are never changed after the insert; only the PDF
 * rendered from them is added once. Each document also has a unique `issueKey`, so issuing the
 * same document again (a retry, a second instance's job) finds the first.
 */
export class Invoices {
  constructor(
    private readonly deps: {
      db: Connection;
      /** The seller from the operator settings; null while the content service never answered. */
      seller: () => Promise<SellerDetails | null>;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  private get model() {
    return invoiceModel(this.deps.db);
  }

  /** The unique indexes must exist before the first number is taken (they are what makes numbers unique). */
  private readonly ready = indexesOnce(() => this.model.init());

  private async sellerOrFail(): Promise<SellerDetails> {
    const seller = await this.deps.seller();
    if (!seller) throw new SellerDetailsUnavailableError('Die Rechnungsangaben des Verkäufers sind gerade nicht lesbar.');
    return seller;
  }

  /**
   * The invoice of a shipped order (issued once; later calls give the same one). Supply day is
   * the day the parcel went to DHL. @throws ConflictError when the order is not shipped;
   * ServiceUnavailableError when the seller details cannot be read.
   */
  async issueFor(order: OrderRecord): Promise<InvoiceRecord> {
    if (!order.shippedAt) throw new ConflictError('Eine Rechnung wird mit dem Versand erstellt.');
    const orderId = String(order._id);
    const existing = await this.model.findOne({ issueKey: `${orderId}:invoice:1` }).lean<InvoiceRecord>();
    if (existing) return this.listed(order, existing);
    const seller = await this.sellerOrFail();
    const lines = invoiceLinesOf(order);
    return this.issue(order, {
      issueKey: `${orderId}:invoice:1`,
      kind: 'invoice',
      orderId,
      orderNumber: order.orderNumber,
      cancelsNumber: null,
      issuedAt: this.deps.now(),
      supplyDate: isoDateInBerlin(order.shippedAt),
      ...this.parties(seller, order),
      lines,
      taxes: taxTotalsOf(lines),
      totalGrossCents: sum(lines),
      paymentNote: paymentNoteOf(order),
    });
  }

  /**
   * A cancellation invoice for the order's invoice after a refund of `refundCents` (the whole
   * amount: every line reversed; less: one line for the amount). Issued once per order; none when
   * the order has no invoice (it was never shipped). @returns the cancellation invoice, or null.
   */
  async cancelFor(order: OrderRecord, refundCents: number, refundedOn: string, paymentNote?: string): Promise<InvoiceRecord | null> {
    const orderId = String(order._id);
    const original = await this.model.findOne({ issueKey: `${orderId}:invoice:1` }).lean<InvoiceRecord>();
    if (!original) return null;
    const existing = await this.model.findOne({ issueKey: `${orderId}:cancellation:1` }).lean<InvoiceRecord>();
    if (existing) return this.listed(order, existing);
    const lines = cancellationLinesOf(original, refundCents);
    return this.issue(order, {
      issueKey: `${orderId}:cancellation:1`,
      kind: 'cancellation',
      orderId,
      orderNumber: order.orderNumber,
      cancelsNumber: original.number,
      issuedAt: this.deps.now(),
      supplyDate: original.supplyDate,
      // The parties as on the cancelled invoice.
      seller: original.seller,
      sellerVatId: original.sellerVatId,
      sellerWeeeNumber: original.sellerWeeeNumber,
      buyer: original.buyer,
      lines,
      taxes: taxTotalsOf(lines),
      totalGrossCents: sum(lines),
      paymentNote: paymentNote ?? `Der Betrag von ${formatEur(-sum(lines))} wurde am ${formatIsoDate(refundedOn)} erstattet.`,
    });
  }

  /**
   * The cancellation invoice of a cash-on-delivery order whose parcel came back unpaid (cancelled
   * by staff from 'shipped', order-transitions.ts `returnedUnpaid`): every line reversed, nothing
   * to refund. @returns it, or null when the order has no invoice.
   */
  async cancelReturned(order: OrderRecord): Promise<InvoiceRecord | null> {
    const on = isoDateInBerlin(order.cancelledAt ?? this.deps.now());
    return this.cancelFor(
      order,
      order.totals.totalCents,
      on,
      `Die Sendung kam am ${formatIsoDate(on)} unzugestellt zurück; die Nachnahme wurde nicht eingelöst. Es ist nichts zu zahlen.`,
    );
  }

  /**
   * Cancellation invoices for refunds booked without one, and for cash-on-delivery parcels that
   * came back (the process stopped between booking and issuing it): run by the 'invoices' job.
   * @returns how many were issued.
   */
  async issueMissingCancellations(): Promise<number> {
    const open = await orderModel(this.deps.db)
      .find({
        $or: [{ refund: { $ne: null } }, { status: 'cancelled', paymentMethod: 'cod', shippedAt: { $ne: null } }],
        $and: [{ 'invoices.kind': 'invoice' }, { 'invoices.kind': { $ne: 'cancellation' } }],
      })
      .limit(100)
      .lean<OrderRecord[]>();
    let issued = 0;
    for (const order of open) {
      if (order.refund?.refundedOn) {
        if (await this.cancelFor(order, order.refund.amountCents ?? 0, order.refund.refundedOn)) issued++;
      } else if (order.status === 'cancelled' && order.paymentMethod === 'cod' && (await this.cancelReturned(order))) issued++;
    }
    return issued;
  }

  /** The PDF of one of the order's invoices (rendered and stored on first use). @throws NotFoundError */
  async pdf(orderId: string, number: string): Promise<{ number: string; kind: 'invoice' | 'cancellation'; pdf: Buffer }> {
    const invoice = await this.model.findOne({ orderId, number }).lean<InvoiceRecord>();
    if (!invoice) throw new NotFoundError('Rechnung nicht gefunden.');
    return { number: invoice.number, kind: invoice.kind, pdf: await this.pdfOf(invoice) };
  }

  /** The stored PDF, or renders it from the record and stores it (only while none is stored: immutable once set). */
  async pdfOf(invoice: InvoiceRecord): Promise<Buffer> {
    if (invoice.pdf) return storedBytes(invoice.pdf);
    const pdf = await renderInvoicePdf(invoice);
    await this.model.updateOne({ _id: invoice._id, pdf: null }, { $set: { pdf } });
    return pdf;
  }

  private parties(seller: SellerDetails, order: OrderRecord) {
    return { seller: sellerParty(seller), sellerVatId: seller.vatId, sellerWeeeNumber: seller.weeeNumber, buyer: buyerParty(order) };
  }

  /** Takes the next number with the document (see the class comment), lists it on the order and renders its PDF. */
  private async issue(order: OrderRecord, document: NewInvoice): Promise<InvoiceRecord> {
    await this.ready();
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const last = await this.model.findOne({}, { sequence: 1 }).sort({ sequence: -1 }).lean<{ sequence: number }>();
      const sequence = (last?.sequence ?? 0) + 1;
      let stored: InvoiceRecord;
      try {
        stored = (
          await this.model.create({ ...document, sequence, number: invoiceNumberOf(sequence), pdf: null })
        ).toObject<InvoiceRecord>();
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const same = await this.model.findOne({ issueKey: document.issueKey }).lean<InvoiceRecord>();
        if (same) return this.listed(order, same);
        // Another issue took this number: wait a little (randomised) and read the last number again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt + 1, 5)));
        continue;
      }
      this.deps.log.info({ invoice: stored.number, orderNumber: order.orderNumber, kind: stored.kind }, 'invoice issued');
      return this.listed(order, { ...stored, pdf: await this.pdfOf(stored) });
    }
    throw new ConflictError('Die Rechnungsnummer konnte nicht vergeben werden. Bitte versuchen Sie es erneut.');
  }

  /** Adds the invoice to the order's list when it is missing there (after an interrupted issue), and returns it. */
  private async listed(order: OrderRecord, invoice: InvoiceRecord): Promise<InvoiceRecord> {
    const ref = { number: invoice.number, kind: invoice.kind, issuedAt: invoice.issuedAt };
    await orderModel(this.deps.db).updateOne({ _id: order._id, 'invoices.number': { $ne: invoice.number } }, { $push: { invoices: ref } });
    return invoice;
  }
}

/** A stored Buffer field as read lean: a BSON Binary (its `buffer`) or already a Buffer. */
const storedBytes = (value: unknown): Buffer => (Buffer.isBuffer(value) ? value : Buffer.from((value as { buffer: Uint8Array }).buffer));
const sum = (lines: InvoiceLine[]) => lines.reduce((total, entry) => total + entry.grossCents, 0);

/**
 * How the invoice says the order is paid: prepayment by transfer (with the day it arrived), or
 * cash on delivery (issued at shipping, so still to be paid to the courier, unless recorded).
 */
function paymentNoteOf(order: Pick<OrderRecord, 'paymentMethod' | 'paymentReceived' | 'totals'>): string {
  const paid = order.paymentReceived?.receivedOn;
  if (order.paymentMethod === 'cod')
    return paid
      ? `Der Rechnungsbetrag wurde per Nachnahme bei der Zustellung am ${formatIsoDate(paid)} bezahlt.`
      : `Zahlbar per Nachnahme: Den Rechnungsbetrag von ${formatEur(order.totals.totalCents)} zahlen Sie bei der Zustellung in bar an den DHL-Zusteller.`;
  return paid
    ? `Der Rechnungsbetrag wurde per Vorkasse (Überweisung) am ${formatIsoDate(paid)} bezahlt.`
    : 'Bezahlt per Vorkasse (Überweisung).';
}
