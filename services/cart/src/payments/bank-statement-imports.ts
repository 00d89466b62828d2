import { createHash } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import type { z } from 'zod';
import type {
  BankPayment,
  BankPaymentAction,
  BankPaymentOutcome,
  BankStatementImport,
  BankStatementImportResult,
  BankStatementOverview,
} from '@shop/contracts/admin';
import { centsToDecimal, formatEur, formatIsoDate } from '@shop/format';
import {
  auditEntry,
  ConflictError,
  defineApiError,
  FieldError,
  indexesOnce,
  isDuplicateKeyError,
  NotFoundError,
  StaleVersionError,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { orderModel, type OrderRecord } from '../orders/order.model';
import type { OrderFulfillment } from '../orders/order-fulfillment';
import { orderNumbersIn, parseCamt053, type StatementCredit } from './camt053';
import { bankPaymentModel, bankStatementImportModel, type BankPaymentRecord, type BankStatementImportRecord } from './bank-statement.model';

/** 409 BANK_PAYMENT_RESOLVED: an action on a credit that is booked or already resolved. */
export const BankPaymentResolvedError = defineApiError('BANK_PAYMENT_RESOLVED', 409);

type PaymentAction = z.output<typeof BankPaymentAction>;

/** What the matcher decided for one credit. */
interface Decision {
  outcome: BankPaymentOutcome;
  orderId: string | null;
  reason: string;
}

const PAYMENT_NOT_FOUND = 'Diese Zahlung wurde nicht gefunden.';
/** How long a credit of an import still running is left to that import (ms): longer means the import stopped. */
const IMPORT_RUNNING_MS = 10 * 60_000;
/** The words in the order's payment note that name the credit it was booked with (found again after an interrupted import). */
const creditTag = (payment: BankPaymentRecord) => `Zahlung ${payment._id.toString()}`;

/**
 * Prepayments matched from the bank statement (camt.053): staff upload the statement of the
 * shop's account; each booked credit whose remittance text names one order number with exactly
 * the order's total, on an order awaiting payment, marks that order paid on the booking day
 * through the same step staff take by hand (OrderFulfillment 'mark-paid': audit entry in the
 * importing staff member's name, the invoice and the unpaid-order job follow from the status).
 * Every other credit is an open item for staff: assign it to an order (same rule) or mark it for
 * refund. Each credit is decided once (unique key): importing a statement again, or twice at the
 * same moment, changes nothing.
 */
export class BankStatementImports {
  constructor(
    private readonly deps: {
      db: Connection;
      fulfillment: OrderFulfillment;
      relay: AuditRelay;
      /** The shop's account (CartConfig bankDetails.iban): statements of other accounts are refused. */
      accountIban: string;
      now: () => Date;
    },
  ) {}

  private readonly indexes = indexesOnce(() => bankPaymentModel(this.deps.db).init());

  private get payments() {
    return bankPaymentModel(this.deps.db);
  }

  /**
   * Imports one statement file as `staff`.
   * @param xml the camt.053 file's text; `fileName` as uploaded.
   * @returns the import (counts) and the credits it decided now; credits imported before are only counted.
   * @throws the parse errors of parseCamt053 (400, 413); nothing is written then.
   */
  async importFile(staff: ShopIdentity, fileName: string, xml: string): Promise<BankStatementImportResult> {
    const statement = parseCamt053(xml, this.deps.accountIban);
    await this.indexes();
    const importId = new Types.ObjectId();
    const decided: BankPaymentRecord[] = [];
    let alreadyImported = 0;
    for (const credit of statement.credits) {
      const claimed = await this.claim(importId.toString(), credit);
      if (!claimed) {
        alreadyImported += 1;
        continue;
      }
      decided.push(claimed.outcome === 'reference-reused' ? claimed : await this.decide(staff, claimed, credit));
    }
    const now = this.deps.now();
    const matched = decided.filter((payment) => payment.outcome === 'matched');
    const record = {
      _id: importId,
      fileName,
      sha256: createHash('sha256').update(xml).digest('hex'),
      statementIds: statement.statementIds,
      accountIban: statement.accountIban,
      byUserId: staff.userId,
      importedAt: now,
      matched: matched.length,
      open: decided.length - matched.length,
      alreadyImported,
    };
    const audit = auditEntry(
      staff,
      {
        service: 'cart',
        entity: 'bank-statement',
        entityId: importId.toString(),
        label: fileName,
        action: 'import',
        changes: [
          { field: 'statementIds', before: null, after: record.statementIds },
          { field: 'sha256', before: null, after: record.sha256 },
          { field: 'paidOrders', before: null, after: matched.map((payment) => payment.orderNumbers[0]) },
          { field: 'open', before: null, after: record.open },
          { field: 'alreadyImported', before: null, after: alreadyImported },
        ],
      },
      now,
    );
    const created = await bankStatementImportModel(this.deps.db).create({ ...record, auditOutbox: [audit] });
    this.deps.relay.kick();
    return { import: toApiImport(created.toObject()), payments: decided.map(toApiPayment) };
  }

  /**
   * Records the credit as this import's, undecided ('interrupted' until decided): null when it was
   * imported before (the unique key refused it), so only one import ever decides a credit. A bank
   * reference already taken by a credit with other content is not that credit: it is recorded
   * beside it as 'reference-reused', an open item for staff, never silently counted as imported.
   */
  private async claim(importId: string, credit: StatementCredit): Promise<BankPaymentRecord | null> {
    const record = await this.create(importId, credit, credit.key);
    if (record) return record;
    const earlier = await this.payments.findOne({ key: credit.key }).lean<BankPaymentRecord>();
    if (!earlier || earlier.fingerprint === credit.fingerprint) return null;
    return this.create(importId, credit, `${credit.key}|${credit.fingerprint}`, {
      outcome: 'reference-reused',
      reason: `Die Bank hat die Referenz ${credit.entryReference} schon für eine andere Buchung vergeben. Bitte prüfen Sie die Zahlung von Hand.`,
    });
  }

  /** The credit stored under `key` (undecided unless `decided` says otherwise), or null when the key is taken. */
  private async create(
    importId: string,
    credit: StatementCredit,
    key: string,
    decided?: { outcome: BankPaymentOutcome; reason: string },
  ): Promise<BankPaymentRecord | null> {
    try {
      const created = await this.payments.create({
        key,
        fingerprint: credit.fingerprint,
        reversal: credit.reversal,
        importId,
        statementId: credit.statementId,
        entryReference: credit.entryReference,
        bookedOn: credit.bookedOn,
        amountCents: credit.amountCents,
        currency: credit.currency,
        debtorName: credit.debtorName,
        remittance: credit.remittance,
        orderNumbers: orderNumbersIn(credit.remittanceLines),
        outcome: 'interrupted',
        reason: 'Der Import wurde unterbrochen, bevor diese Zahlung zugeordnet war. Bitte prüfen Sie sie von Hand.',
        ...decided,
      });
      return created.toObject() as BankPaymentRecord;
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  /** Matches one claimed credit (marking the order paid if it fits) and records the outcome. */
  private async decide(staff: ShopIdentity, payment: BankPaymentRecord, credit: StatementCredit): Promise<BankPaymentRecord> {
    let decision = await this.match(staff, payment, credit);
    // Someone else changed the order in between (staff booked it by hand, another credit paid it):
    // decided again on the order as it is now.
    if (decision === 'retry') decision = await this.match(staff, payment, credit);
    if (decision === 'retry')
      decision = {
        outcome: 'not-payable',
        orderId: null,
        reason: 'Die Bestellung wurde während des Imports mehrfach geändert. Bitte prüfen Sie die Zahlung von Hand.',
      };
    // Only while undecided by staff (they cannot act on a credit of a running import; see act).
    const updated = await this.payments
      .findOneAndUpdate({ _id: payment._id, resolution: null }, { $set: decision }, { returnDocument: 'after' })
      .lean<BankPaymentRecord>();
    return updated ?? (await this.payments.findById(payment._id).lean<BankPaymentRecord>())!;
  }

  private async match(staff: ShopIdentity, payment: BankPaymentRecord, credit: StatementCredit): Promise<Decision | 'retry'> {
    if (credit.currency !== 'EUR')
      return { outcome: 'not-payable', orderId: null, reason: `Die Gutschrift ist in ${credit.currency}, nicht in Euro.` };
    if (credit.reversal)
      return { outcome: 'not-payable', orderId: null, reason: 'Die Buchung ist eine Stornobuchung der Bank, keine Zahlung.' };
    const numbers = payment.orderNumbers;
    if (!numbers.length) return { outcome: 'no-order-number', orderId: null, reason: 'Im Verwendungszweck steht keine Bestellnummer.' };
    if (numbers.length > 1)
      return {
        outcome: 'several-orders',
        orderId: null,
        reason: `Im Verwendungszweck stehen mehrere Bestellnummern (${numbers.join(', ')}). Bitte ordnen Sie die Zahlung von Hand zu.`,
      };
    const order = await orderModel(this.deps.db).findOne({ orderNumber: numbers[0] }).lean();
    if (!order || order.status === 'pending')
      return { outcome: 'unknown-order', orderId: null, reason: `Zur Bestellnummer ${numbers[0]} gibt es keine Bestellung.` };
    if (order.paymentMethod === 'cod')
      return isDhlPayout(payment)
        ? this.cashOnDeliveryPayout(staff, order, payment)
        : {
            outcome: 'not-payable',
            orderId: order._id.toString(),
            reason: `Überweisung von ${payment.debtorName || 'unbekannt'} zur Nachnahme-Bestellung ${order.orderNumber}: Bei Nachnahme zahlt der Käufer bei der Zustellung an DHL. Bitte prüfen Sie, ob die Zahlung zu erstatten ist.`,
          };
    const refusal = payableRefusal(order, credit.amountCents);
    if (refusal) return refusal;
    return this.markPaid(
      staff,
      order,
      payment,
      `Kontoauszug ${payment.statementId || '-'}, Buchung ${payment.entryReference || '-'}, ${creditTag(payment)}`,
    );
  }

  /** The order marked paid on the credit's booking day (the staff step); a refusal as an outcome. */
  private async markPaid(staff: ShopIdentity, order: OrderRecord, payment: BankPaymentRecord, note: string): Promise<Decision | 'retry'> {
    const orderId = order._id.toString();
    try {
      await this.deps.fulfillment.act(staff, orderId, {
        action: 'mark-paid',
        version: order.version ?? 0,
        receivedOn: payment.bookedOn,
        amount: centsToDecimal(payment.amountCents),
        note: note.slice(0, 300),
      });
      return { outcome: 'matched', orderId, reason: `Bestellung ${order.orderNumber} als bezahlt verbucht.` };
    } catch (error) {
      if (error instanceof StaleVersionError || error instanceof ConflictError) return 'retry';
      if (error instanceof FieldError) return { outcome: 'not-payable', orderId, reason: error.message };
      throw error;
    }
  }

  /**
   * DHL's payout of the cash collected for a cash-on-delivery order (its transfer note is the order
   * number, shipment-for.ts; its payer DHL_PAYOUT_PAYERS, or staff assigning it): the exact total
   * of a shipped order. Its payment is recorded if the
   * delivery has not recorded it yet (the staff step 'mark-paid' on the booking day), and the
   * payout's booking day is kept as `paymentReceived.payoutOn` (audited). A credit for an order
   * not shipped, cancelled, of another amount or paid out before is listed for staff.
   */
  private async cashOnDeliveryPayout(staff: ShopIdentity, order: OrderRecord, payment: BankPaymentRecord): Promise<Decision | 'retry'> {
    const orderId = order._id.toString();
    if (order.status !== 'shipped' && order.status !== 'delivered') {
      const refusal = payableRefusal(order, payment.amountCents);
      if (refusal?.outcome !== 'duplicate') return refusal!;
      return {
        outcome: 'not-payable',
        orderId,
        reason: `Die Bestellung ${order.orderNumber} wird per Nachnahme bezahlt und ist noch nicht versandt: Die Gutschrift kann keine DHL-Auszahlung sein.`,
      };
    }
    if (order.paymentReceived?.payoutOn)
      return {
        outcome: 'duplicate',
        orderId,
        reason: `Die DHL-Auszahlung der Nachnahme ${order.orderNumber} ist schon am ${formatIsoDate(order.paymentReceived.payoutOn)} verbucht.`,
      };
    const amountRefusal = payableRefusal({ ...order, status: 'awaiting_payment' }, payment.amountCents);
    if (amountRefusal) return amountRefusal;
    let current = order;
    if (!order.paymentReceived?.receivedOn) {
      const paid = await this.markPaid(staff, order, payment, `DHL-Nachnahme, ${creditTag(payment)}`);
      if (paid === 'retry' || paid.outcome !== 'matched') return paid;
      current = (await orderModel(this.deps.db).findById(order._id).lean())!;
    }
    try {
      await versionedUpdate(orderModel(this.deps.db), {
        filter: { _id: order._id, 'paymentReceived.receivedOn': { $ne: null }, 'paymentReceived.payoutOn': null },
        expectedVersion: current.version ?? 0,
        update: { $set: { 'paymentReceived.payoutOn': payment.bookedOn } },
        audit: auditEntry(staff, {
          service: 'cart',
          entity: 'order',
          entityId: orderId,
          label: order.orderNumber,
          action: 'cod-payout',
          changes: [{ field: 'payoutOn', before: null, after: payment.bookedOn }],
        }),
        relay: this.deps.relay,
      });
    } catch (error) {
      if (error instanceof StaleVersionError) return 'retry';
      throw error;
    }
    return { outcome: 'matched', orderId, reason: `DHL-Auszahlung der Nachnahme ${order.orderNumber} verbucht.` };
  }

  /**
   * The back office's view: the latest imports, the open items and the credits marked for refund.
   */
  async overview(): Promise<BankStatementOverview> {
    const open = { outcome: { $ne: 'matched' as const }, resolution: null };
    const [imports, openItems, openItemsTotal, refunds] = await Promise.all([
      bankStatementImportModel(this.deps.db).find().sort({ importedAt: -1 }).limit(50).lean<BankStatementImportRecord[]>(),
      this.payments.find(open).sort({ bookedOn: 1, _id: 1 }).limit(500).lean<BankPaymentRecord[]>(),
      this.payments.countDocuments(open),
      this.payments.find({ 'resolution.kind': 'refund' }).sort({ 'resolution.at': -1 }).limit(100).lean<BankPaymentRecord[]>(),
    ]);
    return {
      imports: imports.map(toApiImport),
      openItems: openItems.map(toApiPayment),
      openItemsTotal,
      refunds: refunds.map(toApiPayment),
    };
  }

  /**
   * Staff's decision on an open item. `assign`: the order (by number) is marked paid with this
   * credit, under the same rule as by hand. `mark-refund`: recorded with the note.
   * @throws NotFoundError (404); BankPaymentResolvedError (409) for a matched or resolved credit;
   *   FieldError (400 at `orderNumber`) for an unknown order or one the credit does not pay exactly;
   *   ConflictError (409) when the order does not await payment (from the order step).
   */
  async act(staff: ShopIdentity, id: string, action: PaymentAction): Promise<BankPayment> {
    const payment = Types.ObjectId.isValid(id) ? await this.payments.findById(id).lean<BankPaymentRecord>() : null;
    if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
    if (payment.outcome === 'matched' || payment.resolution)
      throw new BankPaymentResolvedError('Diese Zahlung ist schon verbucht oder erledigt.');
    const now = this.deps.now();
    if (payment.outcome === 'interrupted') await this.settleInterrupted(payment, now);
    if (action.action === 'assign' && (payment.currency !== 'EUR' || payment.reversal))
      throw new FieldError(
        'orderNumber',
        payment.reversal
          ? 'Eine Stornobuchung der Bank ist keine Zahlung und kann keine Bestellung bezahlen.'
          : `Die Gutschrift ist in ${payment.currency}, nicht in Euro: Sie kann keine Bestellung bezahlen.`,
      );
    const resolution =
      action.action === 'assign'
        ? { kind: 'assigned' as const, orderNumber: action.orderNumber, at: now, byUserId: staff.userId }
        : { kind: 'refund' as const, note: action.note, at: now, byUserId: staff.userId };
    const audit = auditEntry(
      staff,
      {
        service: 'cart',
        entity: 'bank-payment',
        entityId: id,
        label: `${formatEur(payment.amountCents)} vom ${formatIsoDate(payment.bookedOn)}`,
        action: action.action,
        changes: [{ field: 'resolution', before: null, after: { ...resolution, at: now.toISOString() } }],
      },
      now,
    );
    // Claimed first (compare-and-set on the unresolved credit): two clicks never book it twice.
    // A refund is recorded with its audit entry in one write; an assignment gets its entry once
    // the order is booked (the order's own 'mark-paid' entry records the payment).
    const claimed = await this.payments.findOneAndUpdate(
      { _id: payment._id, resolution: null },
      { $set: { resolution }, ...(action.action === 'mark-refund' ? { $push: { auditOutbox: audit } } : {}) },
      { returnDocument: 'after' },
    );
    if (!claimed) throw new BankPaymentResolvedError('Diese Zahlung wurde gerade von jemand anderem erledigt.');
    if (action.action === 'assign') {
      let orderId: string;
      try {
        orderId = await this.assign(staff, payment, action.orderNumber);
      } catch (error) {
        // Not booked: the claim is taken back.
        await this.payments.updateOne({ _id: payment._id }, { $set: { resolution: null } });
        throw error;
      }
      await this.payments.updateOne({ _id: payment._id }, { $set: { orderId }, $push: { auditOutbox: audit } });
    }
    this.deps.relay.kick();
    return toApiPayment((await this.payments.findById(id).lean<BankPaymentRecord>())!);
  }

  /**
   * A credit left 'interrupted' is staff's only once its import is over: refused while that import
   * is running (finished, it has its import record; or it stopped IMPORT_RUNNING_MS ago); and when
   * the stopped import had already marked an order paid with it (the order's payment note names
   * the credit), it is recorded as matched instead of offered for an assignment or a refund.
   * @throws BankPaymentResolvedError (409) in both cases.
   */
  private async settleInterrupted(payment: BankPaymentRecord, now: Date): Promise<void> {
    const finished = await bankStatementImportModel(this.deps.db).exists({ _id: payment.importId });
    if (!finished && now.getTime() - payment.createdAt.getTime() < IMPORT_RUNNING_MS)
      throw new BankPaymentResolvedError('Diese Zahlung wird gerade eingelesen. Bitte versuchen Sie es in einigen Minuten erneut.');
    const paid = await orderModel(this.deps.db)
      .findOne({ 'paymentReceived.note': { $regex: `${creditTag(payment)}(,|$)` } })
      .lean();
    if (!paid) return;
    await this.payments.updateOne(
      { _id: payment._id, resolution: null },
      { $set: { outcome: 'matched', orderId: paid._id.toString(), reason: `Bestellung ${paid.orderNumber} als bezahlt verbucht.` } },
    );
    throw new BankPaymentResolvedError(`Diese Zahlung hat die Bestellung ${paid.orderNumber} schon bezahlt.`);
  }

  /** Marks the order paid with the credit; @returns the order's id. @throws as `act`. */
  private async assign(staff: ShopIdentity, payment: BankPaymentRecord, orderNumber: string): Promise<string> {
    const order = await orderModel(this.deps.db).findOne({ orderNumber }).lean();
    if (!order || order.status === 'pending')
      throw new FieldError('orderNumber', `Zur Bestellnummer ${orderNumber} gibt es keine Bestellung.`);
    if (order.paymentMethod === 'cod') {
      // Staff say the credit is DHL's payout of the cash (a payer name the import did not know).
      const payout = await this.cashOnDeliveryPayout(staff, order, payment);
      if (payout === 'retry') throw new StaleVersionError('Die Bestellung wurde gerade geändert. Bitte laden Sie die Seite neu.');
      if (payout.outcome !== 'matched') throw new FieldError('orderNumber', payout.reason);
      return payout.orderId!;
    }
    const refusal = payableRefusal(order, payment.amountCents);
    if (refusal) {
      if (refusal.outcome === 'short' || refusal.outcome === 'over') throw new FieldError('orderNumber', refusal.reason);
      throw new ConflictError(refusal.reason);
    }
    const decision = await this.markPaid(
      staff,
      order,
      payment,
      `Kontoauszug ${payment.statementId || '-'}, Buchung ${payment.entryReference || '-'}, ${creditTag(payment)}, von Hand zugeordnet`,
    );
    if (decision === 'retry') throw new StaleVersionError('Die Bestellung wurde gerade geändert. Bitte laden Sie die Seite neu.');
    if (decision.outcome !== 'matched') throw new FieldError('orderNumber', decision.reason);
    return decision.orderId!;
  }
}

/**
 * The payer names DHL's payouts of cash on delivery carry on German statements (Deutsche Post AG
 * pays them out for DHL Paket). A credit naming a cash-on-delivery order from anyone else is the
 * buyer's own transfer, listed for staff (the courier collects the cash as well).
 */
const DHL_PAYOUT_PAYERS = [/deutsche\s+post/i, /\bdhl\b/i, /\bdp\s+ag\b/i];
const isDhlPayout = (payment: Pick<BankPaymentRecord, 'debtorName'>) =>
  DHL_PAYOUT_PAYERS.some((payer) => payer.test(payment.debtorName ?? ''));

/** Why a credit of `amountCents` cannot mark `order` paid (status, amount), or null when it can. */
function payableRefusal(order: OrderRecord, amountCents: number): Decision | null {
  const orderId = order._id.toString();
  const total = formatEur(order.totals.totalCents);
  if (order.status === 'cancelled')
    return {
      outcome: 'cancelled-order',
      orderId,
      reason: `Die Bestellung ${order.orderNumber} ist storniert. Die Zahlung ist zu erstatten.`,
    };
  if (order.status !== 'awaiting_payment')
    return { outcome: 'duplicate', orderId, reason: `Die Bestellung ${order.orderNumber} ist schon bezahlt.` };
  if (amountCents < order.totals.totalCents)
    return {
      outcome: 'short',
      orderId,
      reason: `Der Betrag ${formatEur(amountCents)} ist kleiner als der Rechnungsbetrag ${total} der Bestellung ${order.orderNumber}.`,
    };
  if (amountCents > order.totals.totalCents)
    return {
      outcome: 'over',
      orderId,
      reason: `Der Betrag ${formatEur(amountCents)} ist größer als der Rechnungsbetrag ${total} der Bestellung ${order.orderNumber}.`,
    };
  return null;
}

function toApiImport(record: BankStatementImportRecord): BankStatementImport {
  return {
    id: record._id.toString(),
    fileName: record.fileName,
    sha256: record.sha256,
    statementIds: record.statementIds,
    accountIban: record.accountIban,
    importedAt: record.importedAt.toISOString(),
    byUserId: record.byUserId,
    matched: record.matched,
    open: record.open,
    alreadyImported: record.alreadyImported,
  };
}

function toApiPayment(record: BankPaymentRecord): BankPayment {
  const resolution = record.resolution;
  return {
    id: record._id.toString(),
    importId: record.importId,
    statementId: record.statementId,
    entryReference: record.entryReference,
    bookedOn: record.bookedOn,
    amount: centsToDecimal(record.amountCents),
    currency: record.currency,
    debtorName: record.debtorName,
    remittance: record.remittance,
    orderNumbers: record.orderNumbers,
    orderId: record.orderId ?? null,
    outcome: record.outcome as BankPaymentOutcome,
    reason: record.reason,
    resolution: !resolution?.kind
      ? null
      : resolution.kind === 'assigned'
        ? {
            kind: 'assigned',
            orderNumber: resolution.orderNumber ?? '',
            at: resolution.at!.toISOString(),
            byUserId: resolution.byUserId ?? '',
          }
        : { kind: 'refund', note: resolution.note ?? '', at: resolution.at!.toISOString(), byUserId: resolution.byUserId ?? '' },
  };
}
