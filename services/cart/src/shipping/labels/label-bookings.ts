import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Types, type Connection } from 'mongoose';
import type { Address, DhlAgeCheckService, SellerDetails } from '@shop/contracts';
import type { DhlMessage, LabelRun, ShippingLabel, ShippingLabelResolution, ShippingLabelView } from '@shop/contracts/admin';
import { ORDER_STATUS_LABELS } from '@shop/cart-rules';
import {
  auditEntry,
  ConflictError,
  defineApiError,
  isDuplicateKeyError,
  NotFoundError,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import type { CartConfig } from '../../config';
import { loadPlacedOrder } from '../../orders/admin-order-queries';
import { orderModel, type OrderRecord } from '../../orders/order.model';
import { SellerDetailsUnavailableError } from '../../invoices/invoices';
import { DHL_MAX_SHIPMENTS_PER_CALL, dhlClientFor, type DhlClient, type DhlShipment, type DhlShipmentResult } from '../dhl/dhl-client';
import { DhlAuthError, DhlRateLimitedError, DhlRejectedError, DhlRequestError, DhlUnavailableError } from '../dhl/dhl-errors';
import { shipmentFor } from '../dhl/shipment-for';
import { parcelWeight } from '../settings/parcel-weight';
import { missingShipperDetails, shipperFrom } from '../settings/shipper';
import type { ShippingSettingsStore, StoredShippingSettings } from '../settings/shipping-settings';
import { shopMessagesOf } from './dhl-messages';
import { shippingLabelModel, shippingLabelPdfModel, type ShippingLabelRecord } from './shipping-label.model';

/** 503 DHL_NOT_CONFIGURED: booking through DHL's API is switched off or lacks its key (config.ts `DHL_*`); the message names why. */
export const DhlNotConfiguredApiError = defineApiError('DHL_NOT_CONFIGURED', 503);
/** 503 UPSTREAM_UNAVAILABLE: DHL did not answer usably (timeout, 5xx, credentials refused, too many requests). */
export const DhlUnavailableApiError = defineApiError('UPSTREAM_UNAVAILABLE', 503);

/** A bulk run's outcome for one order (contract LabelRun.results[].outcome). */
export type BookingOutcome = LabelRun['results'][number]['outcome'];

/** What happened to one order of a booking, and for the single route why it was refused. */
export interface BookingResult {
  orderId: string;
  orderNumber: string;
  outcome: BookingOutcome;
  shipmentNumber: string | null;
  messages: DhlMessage[];
  /**
   * Why nothing was booked, for the single route's answer: `not-found` (404), `conflict` (409: not
   * paid, being booked, an unknown outcome to resolve first), `invalid` (400 at the fields),
   * `unavailable` (503: DHL did not answer; the outcome may then be `outcome-unknown`).
   */
  refusal: 'not-found' | 'conflict' | 'invalid' | 'unavailable' | null;
}

/** Everything the label jobs need. */
export interface LabelDeps {
  db: Connection;
  /** The DHL settings of the configuration (`config.dhl`): not configured → booking answers 503. */
  dhl: CartConfig['dhl'];
  settings: Pick<ShippingSettingsStore, 'read'>;
  /** The seller details (content service): the shipper printed on the label. */
  seller: () => Promise<SellerDetails | null>;
  relay: AuditRelay;
  log: FastifyBaseLogger;
  now: () => Date;
}

const UNKNOWN_OUTCOME_MESSAGE = (orderNumber: string) =>
  `Ob DHL das Label gebucht hat, ist unbekannt. Bitte sehen Sie im DHL-Geschäftskundenportal unter der Referenz ${orderNumber} nach und tragen Sie das Ergebnis ein, bevor ein neues Label gebucht wird.`;
const MISSING_SHIPPER_MESSAGE = (missing: string[]) =>
  `Die Absenderangaben des Shops sind nicht eingerichtet (${missing.join('; ')}), Einstellungen des Content-Service.`;
const BEING_BOOKED_MESSAGE = 'Für diese Bestellung wird gerade ein Label gebucht. Bitte warten Sie einen Moment.';

/** An order status in staff's words ('Zahlung ausstehend', …). */
export const statusLabel = (status: string) => ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS] ?? status;
const message = (text: string, field: string | null = null): DhlMessage => ({ field, message: text, severity: 'error' });
/** The chunks of at most `size` of a list, in order. */
export function chunksOf<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/**
 * Why DHL could not be used for a call, in German for staff, followed by what that means
 * (`consequence`; by default for a booking: nothing was booked).
 */
export function dhlFailureMessage(error: unknown, consequence = 'Es wurde nichts gebucht; bitte versuchen Sie es später erneut.'): string {
  const why =
    error instanceof DhlAuthError
      ? 'DHL hat die Zugangsdaten abgelehnt (DHL_USERNAME, DHL_PASSWORD, DHL_API_KEY, DHL_API_SECRET).'
      : error instanceof DhlRateLimitedError
        ? 'DHL nimmt gerade zu viele Anfragen an.'
        : 'DHL ist gerade nicht erreichbar.';
  return `${why} ${consequence}`;
}

/** The DHL failures that mean "DHL not usable now" (as opposed to a bug here). */
export const isDhlOutage = (error: unknown) =>
  error instanceof DhlUnavailableError || error instanceof DhlAuthError || error instanceof DhlRateLimitedError;

/** An order being booked in this batch: its record, the claim, and once built its shipment. */
interface Claimed {
  order: OrderRecord;
  id: string;
  claimId: string;
  claimedFrom: 'none' | 'cancelled';
  weightGrams: number;
  ageCheck: DhlAgeCheckService;
  shipment: DhlShipment;
}

/**
 * The age check an order's label books: the one its buyer was told of at placement
 * (`deliveryAgeCheck`, contracts delivery.ts), or the operator's setting for orders placed before
 * the shop recorded it.
 */
export const ageCheckFor = (order: Pick<OrderRecord, 'deliveryAgeCheck'>, settings: { ageCheck: DhlAgeCheckService }): DhlAgeCheckService =>
  order.deliveryAgeCheck ?? settings.ageCheck;

/**
 * Booking DHL labels for paid orders, cancelling them, resolving an unknown outcome, and reading
 * a label and its PDF (services/cart/README.md 'Shipping with DHL'). One label per order at a
 * time: the label record keyed by the order id is claimed by compare-and-set before DHL is asked
 * (insert, or `cancelled` → `claimed`), so parallel clicks, a retried bulk run or two instances
 * never book twice. DHL validates first (`validate: true`, ≤ 30 shipments per call); only the
 * valid ones are then booked. A booking whose answer is lost becomes `outcome-unknown` and is
 * never booked again before staff resolve it (DHL's v2 API cannot search by reference). A claim
 * whose time ran out (the process stopped) reads as `outcome-unknown`, never as free. Every DHL
 * call is audited on the order (service 'cart', entity 'order', label = order number).
 */
export class LabelBookings {
  /** How long a booking's claim lasts: the token, the validation and the booking call, each within DHL_TIMEOUT_MS. */
  private readonly claimMs: number;
  /** One client per process (it keeps DHL's token). */
  private dhlClient: DhlClient | null = null;

  constructor(private readonly deps: LabelDeps) {
    this.claimMs = 3 * (deps.dhl.configured ? deps.dhl.timeoutMs : 15_000) + 5_000;
  }

  private get labels() {
    return shippingLabelModel(this.deps.db);
  }

  private get pdfs() {
    return shippingLabelPdfModel(this.deps.db);
  }

  /** The DHL client. @throws DhlNotConfiguredApiError (503) naming why. */
  client(): DhlClient {
    if (!this.deps.dhl.configured) throw new DhlNotConfiguredApiError(`DHL ist nicht eingerichtet: ${this.deps.dhl.reason}`);
    this.dhlClient ??= dhlClientFor(this.deps.dhl);
    return this.dhlClient;
  }

  /** The claim/lock lasts until then. */
  claimUntil(): Date {
    return new Date(this.deps.now().getTime() + this.claimMs);
  }

  /** A free lock, or one whose holder's time ran out. */
  freeLock(): Record<string, unknown> {
    return { $or: [{ claimId: null }, { claimUntil: { $lte: this.deps.now() } }] };
  }

  /**
   * Stores one audit entry about a DHL call (or staff's finding) in the order's outbox; the relay
   * delivers it. `answer` is DHL's answer in short (shipment number, messages, status).
   */
  async audit(staff: ShopIdentity, order: { id: string; orderNumber: string }, action: string, answer: Record<string, unknown>) {
    const entry = auditEntry(
      staff,
      {
        service: 'cart',
        entity: 'order',
        entityId: order.id,
        label: order.orderNumber,
        action,
        changes: [{ field: 'dhl', before: null, after: answer }],
      },
      this.deps.now(),
    );
    await orderModel(this.deps.db).updateOne({ _id: new Types.ObjectId(order.id) }, { $push: { auditOutbox: entry } });
    this.deps.relay.kick();
  }

  /**
   * Books labels for these orders (the single route passes one, a bulk run up to
   * LABEL_RUN_MAX_ORDERS), in batches of DHL's 30. `weightGrams` overrides the worked-out weight
   * (single booking). Orders that have a label are `already-labelled` and never booked again.
   * @returns one result per distinct order id, in the order given.
   * @throws DhlNotConfiguredApiError (503); SellerDetailsUnavailableError (503) when the shipper
   *   (the seller details) cannot be read: nothing is claimed then.
   */
  async book(staff: ShopIdentity, orderIds: string[], weightGrams?: number): Promise<BookingResult[]> {
    const client = this.client();
    const seller = await this.deps.seller();
    if (!seller)
      throw new SellerDetailsUnavailableError('Die Absenderangaben (Verkäuferangaben) sind gerade nicht lesbar. Es wurde nichts gebucht.');
    const missing = missingShipperDetails(seller);
    if (missing.length > 0) throw new SellerDetailsUnavailableError(`${MISSING_SHIPPER_MESSAGE(missing)} Es wurde nichts gebucht.`);
    const settings = await this.deps.settings.read();
    const ids = [...new Set(orderIds)];
    const results = new Map<string, BookingResult>();
    for (const batch of chunksOf(ids, DHL_MAX_SHIPMENTS_PER_CALL)) {
      for (const result of await this.bookBatch(client, staff, batch, { seller, settings, weightGrams }))
        results.set(result.orderId, result);
    }
    return ids.map((id) => results.get(id)!);
  }

  private async bookBatch(
    client: DhlClient,
    staff: ShopIdentity,
    ids: string[],
    context: { seller: SellerDetails; settings: StoredShippingSettings; weightGrams?: number },
  ): Promise<BookingResult[]> {
    const results: BookingResult[] = [];
    const orders = new Map(
      (
        await orderModel(this.deps.db)
          .find({ _id: { $in: ids.filter((id) => /^[0-9a-f]{24}$/.test(id)).map((id) => new Types.ObjectId(id)) } })
          .lean()
      ).map((order) => [order._id.toHexString(), order]),
    );
    const claimed: Claimed[] = [];
    for (const id of ids) {
      const order = orders.get(id);
      if (!order || order.status === 'pending') {
        results.push({
          orderId: id,
          orderNumber: '',
          outcome: 'refused',
          shipmentNumber: null,
          messages: [message('Diese Bestellung gibt es nicht.')],
          refusal: 'not-found',
        });
        continue;
      }
      const claim = await this.claim(order);
      if ('result' in claim) {
        results.push(claim.result);
        continue;
      }
      const refused = (messages: DhlMessage[]): BookingResult => ({
        orderId: id,
        orderNumber: order.orderNumber,
        outcome: 'refused',
        shipmentNumber: null,
        messages,
        refusal: 'invalid',
      });
      const weight = context.weightGrams ?? parcelWeight(order.items, context.settings).grams;
      if (weight === null) {
        const { missing } = parcelWeight(order.items, context.settings);
        await this.release(id, claim.claimId, claim.claimedFrom);
        results.push(
          refused([
            message(
              `Für ${missing.join(', ')} ist kein Versandgewicht hinterlegt. Bitte geben Sie das Paketgewicht in Gramm ein (oder hinterlegen Sie ein Gewicht in den Versandeinstellungen).`,
              'weightGrams',
            ),
          ]),
        );
        continue;
      }
      try {
        const ageCheck = ageCheckFor(order, context.settings);
        const shipment = shipmentFor({
          orderNumber: order.orderNumber,
          shippingAddress: order.shippingAddress as Address,
          weightGrams: weight,
          billingNumber: this.deps.dhl.configured ? this.deps.dhl.billingNumber : '',
          shipper: shipperFrom(context.seller),
          ageCheck: { service: ageCheck },
        });
        claimed.push({ order, id, claimId: claim.claimId, claimedFrom: claim.claimedFrom, weightGrams: weight, ageCheck, shipment });
      } catch (error) {
        if (!(error instanceof DhlRequestError)) throw error;
        await this.release(id, claim.claimId, claim.claimedFrom);
        results.push(refused([message(error.message, error.field)]));
      }
    }
    if (claimed.length === 0) return results;
    const printFormat = context.settings.printFormat ?? undefined;
    const valid = await this.validate(client, staff, claimed, printFormat, results);
    if (valid.length > 0) await this.create(client, staff, valid, printFormat, results);
    return results;
  }

  /**
   * Claims the order's label record for a booking: insert, or `cancelled` → `claimed`.
   * @returns the claim, or the result when the order must not be booked now.
   */
  private async claim(order: OrderRecord): Promise<{ claimId: string; claimedFrom: 'none' | 'cancelled' } | { result: BookingResult }> {
    const id = order._id.toHexString();
    const base = { orderId: id, orderNumber: order.orderNumber, shipmentNumber: null };
    const existing = await this.labels.findById(id).lean();
    if (existing?.state === 'booked') {
      return {
        result: {
          ...base,
          outcome: 'already-labelled',
          shipmentNumber: existing.shipmentNumber ?? null,
          messages: [],
          refusal: 'conflict',
        },
      };
    }
    if (order.status !== 'paid') {
      const text = `Ein Label gibt es nur für bezahlte Bestellungen; diese ist im Status „${statusLabel(order.status)}“.`;
      return { result: { ...base, outcome: 'refused', messages: [message(text)], refusal: 'conflict' } };
    }
    const claimId = randomUUID();
    const claim = { state: 'claimed' as const, claimId, claimUntil: this.claimUntil() };
    try {
      await this.labels.create({ _id: id, orderNumber: order.orderNumber, ...claim, claimedFrom: 'none' });
      return { claimId, claimedFrom: 'none' };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const taken = await this.labels.updateOne({ _id: id, state: 'cancelled' }, { $set: { ...claim, claimedFrom: 'cancelled' } });
    if (taken.modifiedCount === 1) return { claimId, claimedFrom: 'cancelled' };
    const label = await this.labels.findById(id).lean();
    const state = label ? this.stateOf(label) : 'cancelled';
    if (state === 'booked') {
      return {
        result: { ...base, outcome: 'already-labelled', shipmentNumber: label!.shipmentNumber ?? null, messages: [], refusal: 'conflict' },
      };
    }
    if (state === 'outcome-unknown') {
      return {
        result: {
          ...base,
          outcome: 'outcome-unknown',
          messages: [message(UNKNOWN_OUTCOME_MESSAGE(order.orderNumber))],
          refusal: 'conflict',
        },
      };
    }
    return { result: { ...base, outcome: 'refused', messages: [message(BEING_BOOKED_MESSAGE)], refusal: 'conflict' } };
  }

  /** Gives a claim back (nothing was booked): the record is removed, or `cancelled` again. */
  private async release(id: string, claimId: string, claimedFrom: 'none' | 'cancelled') {
    if (claimedFrom === 'none') await this.labels.deleteOne({ _id: id, claimId, state: 'claimed' });
    else
      await this.labels.updateOne(
        { _id: id, claimId, state: 'claimed' },
        { $set: { state: 'cancelled', claimId: null, claimUntil: null } },
      );
  }

  /** DHL's `validate: true` for the batch; refused and failed ones are released and recorded. @returns the valid ones. */
  private async validate(
    client: DhlClient,
    staff: ShopIdentity,
    claimed: Claimed[],
    printFormat: StoredShippingSettings['printFormat'] | undefined,
    results: BookingResult[],
  ): Promise<Claimed[]> {
    let perShipment: Array<DhlMessage[]>;
    try {
      const answer = await client.createOrders(
        claimed.map((entry) => entry.shipment),
        { validate: true, ...(printFormat ? { printFormat } : {}) },
      );
      perShipment = answer.shipments.map((shipment) => (shipment.ok ? [] : shipment.outcomeUnknown ? [] : refusalMessages(shipment)));
    } catch (error) {
      if (error instanceof DhlRejectedError) {
        perShipment = claimed.map((_, index) => {
          const messages = shopMessagesOf(error.shipments.find((shipment) => shipment.index === index)?.messages ?? []);
          return messages.filter((entry) => entry.severity === 'error');
        });
        // A 400 naming no shipment refuses the whole call: every shipment gets DHL's detail.
        if (perShipment.every((messages) => messages.length === 0)) {
          perShipment = claimed.map(() => [message(`DHL: ${error.detail ?? 'Die Sendung wurde abgelehnt.'}`)]);
        }
      } else if (isDhlOutage(error)) {
        await this.failAll(staff, claimed, 'dhl-label-validate', error, results);
        return [];
      } else {
        for (const entry of claimed) await this.release(entry.id, entry.claimId, entry.claimedFrom);
        throw error;
      }
    }
    const valid: Claimed[] = [];
    for (const [index, entry] of claimed.entries()) {
      const messages = perShipment[index] ?? [];
      await this.audit(staff, { id: entry.id, orderNumber: entry.order.orderNumber }, 'dhl-label-validate', {
        outcome: messages.length ? 'refused' : 'valid',
        messages: messages.map((item) => item.message),
      });
      if (messages.length === 0) {
        valid.push(entry);
        continue;
      }
      await this.release(entry.id, entry.claimId, entry.claimedFrom);
      results.push(this.result(entry, 'refused', null, messages, 'invalid'));
    }
    return valid;
  }

  /** Books the validated shipments and records each outcome: booked (label + PDF), refused (released), unknown. */
  private async create(
    client: DhlClient,
    staff: ShopIdentity,
    valid: Claimed[],
    printFormat: StoredShippingSettings['printFormat'] | undefined,
    results: BookingResult[],
  ): Promise<void> {
    let answers: DhlShipmentResult[];
    try {
      answers = (
        await client.createOrders(
          valid.map((entry) => entry.shipment),
          printFormat ? { printFormat } : {},
        )
      ).shipments;
    } catch (error) {
      if (error instanceof DhlRejectedError) {
        answers = valid.map((_, index) => ({
          index,
          ok: false,
          outcomeUnknown: false,
          refNo: null,
          status: error.status,
          detail: error.detail,
          messages: error.shipments.find((shipment) => shipment.index === index)?.messages ?? [],
        }));
      } else if (error instanceof DhlUnavailableError && error.outcomeUnknown) {
        answers = valid.map((_, index) => ({
          index,
          ok: false,
          outcomeUnknown: true,
          refNo: null,
          shipmentNo: null,
          reason: error.message,
        }));
      } else if (isDhlOutage(error)) {
        // 401 or 429: DHL did not take the call, nothing was booked.
        await this.failAll(staff, valid, 'dhl-label-book', error, results);
        return;
      } else {
        // An error of the shop itself: DHL may have booked, so the claims stay (they read as unknown once their time ran out).
        throw error;
      }
    }
    for (const [index, entry] of valid.entries()) {
      const answer = answers[index]!;
      const who = { id: entry.id, orderNumber: entry.order.orderNumber };
      if (answer.ok && answer.shipmentNo && answer.label) {
        await this.pdfs.updateOne(
          { _id: answer.shipmentNo },
          { $setOnInsert: { orderId: entry.id, pdf: answer.label.data } },
          { upsert: true },
        );
        const warnings = shopMessagesOf(answer.warnings);
        const stored = await this.labels.updateOne(
          { _id: entry.id, claimId: entry.claimId, state: 'claimed' },
          {
            $set: {
              state: 'booked',
              claimId: null,
              claimUntil: null,
              shipmentNumber: answer.shipmentNo,
              routingCode: answer.routingCode,
              weightGrams: entry.weightGrams,
              ageCheck: entry.ageCheck,
              warnings,
              hasPdf: true,
              outcomeReason: null,
              bookedAt: this.deps.now(),
              bookedBy: staff.userId,
              cancelledAt: null,
              cancelledBy: null,
              closedOutAt: null,
              orderShippedAt: null,
            },
          },
        );
        await this.audit(staff, who, 'dhl-label-book', {
          outcome: 'booked',
          shipmentNumber: answer.shipmentNo,
          weightGrams: entry.weightGrams,
          ageCheck: entry.ageCheck,
          warnings: warnings.map((warning) => warning.message),
        });
        if (stored.modifiedCount === 1) {
          results.push(this.result(entry, 'booked', answer.shipmentNo, warnings, null));
        } else {
          // The claim was taken from this booking meanwhile (staff resolved it after its time ran out).
          this.deps.log.error(
            { orderNumber: who.orderNumber, shipmentNumber: answer.shipmentNo },
            'DHL booked a label after its claim was resolved',
          );
          results.push(
            this.result(
              entry,
              'outcome-unknown',
              answer.shipmentNo,
              [
                message(
                  `DHL hat das Label ${answer.shipmentNo} gebucht, nachdem die Buchung schon anders geklärt war. Bitte prüfen Sie sie im DHL-Geschäftskundenportal.`,
                ),
              ],
              'unavailable',
            ),
          );
        }
      } else if (!answer.ok && !answer.outcomeUnknown) {
        const messages = refusalMessages(answer);
        await this.release(entry.id, entry.claimId, entry.claimedFrom);
        await this.audit(staff, who, 'dhl-label-book', {
          outcome: 'refused',
          status: answer.status,
          messages: messages.map((item) => item.message),
        });
        results.push(this.result(entry, 'refused', null, messages, 'invalid'));
      } else {
        const reason = answer.ok ? 'no shipment number or label' : answer.reason;
        const shipmentNo = answer.ok ? answer.shipmentNo : answer.shipmentNo;
        await this.labels.updateOne(
          { _id: entry.id, claimId: entry.claimId, state: 'claimed' },
          {
            $set: {
              state: 'outcome-unknown',
              claimId: null,
              claimUntil: null,
              outcomeReason: reason,
              shipmentNumber: shipmentNo,
              weightGrams: entry.weightGrams,
              ageCheck: entry.ageCheck,
              warnings: [],
              hasPdf: false,
              bookedAt: null,
              bookedBy: staff.userId,
              cancelledAt: null,
              cancelledBy: null,
              closedOutAt: null,
              orderShippedAt: null,
            },
          },
        );
        await this.audit(staff, who, 'dhl-label-book', { outcome: 'outcome-unknown', reason, shipmentNumber: shipmentNo });
        results.push(this.result(entry, 'outcome-unknown', shipmentNo, [message(UNKNOWN_OUTCOME_MESSAGE(who.orderNumber))], 'unavailable'));
      }
    }
  }

  /** DHL could not be used for the call: nothing was booked, every claim is given back, each order audited and `failed`. */
  private async failAll(staff: ShopIdentity, entries: Claimed[], action: string, error: unknown, results: BookingResult[]) {
    const text = dhlFailureMessage(error);
    for (const entry of entries) {
      await this.release(entry.id, entry.claimId, entry.claimedFrom);
      await this.audit(staff, { id: entry.id, orderNumber: entry.order.orderNumber }, action, {
        outcome: 'failed',
        error: (error as Error).message,
      });
      results.push(this.result(entry, 'failed', null, [message(text)], 'unavailable'));
    }
  }

  private result(
    entry: Claimed,
    outcome: BookingOutcome,
    shipmentNumber: string | null,
    messages: DhlMessage[],
    refusal: BookingResult['refusal'],
  ): BookingResult {
    return { orderId: entry.id, orderNumber: entry.order.orderNumber, outcome, shipmentNumber, messages, refusal };
  }

  /** The state a record reads as: a booking claim whose time ran out is `outcome-unknown`; a running one is `claimed`. */
  stateOf(label: Pick<ShippingLabelRecord, 'state' | 'claimUntil'>): 'claimed' | ShippingLabel['state'] {
    if (label.state === 'claimed') return label.claimUntil && label.claimUntil > this.deps.now() ? 'claimed' : 'outcome-unknown';
    return label.state as ShippingLabel['state'];
  }

  /** The contract's label, or null while a booking is under way (there is none yet). */
  labelOf(label: ShippingLabelRecord | null): ShippingLabel | null {
    if (!label) return null;
    const state = this.stateOf(label);
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
    const order = await loadPlacedOrder(this.deps.db, orderId);
    const [record, settings, seller] = await Promise.all([
      this.labels.findById(orderId).lean(),
      this.deps.settings.read(),
      this.deps.seller(),
    ]);
    const weight = parcelWeight(order.items, settings);
    const state = record ? this.stateOf(record) : null;
    const missingShipper = seller ? missingShipperDetails(seller) : [];
    const blockedReason = !this.deps.dhl.configured
      ? `DHL ist nicht eingerichtet: ${this.deps.dhl.reason}`
      : missingShipper.length > 0
        ? MISSING_SHIPPER_MESSAGE(missingShipper)
        : state === 'booked'
          ? 'Die Bestellung hat schon ein DHL-Label. Stornieren Sie es, um ein neues zu buchen.'
          : state === 'outcome-unknown'
            ? UNKNOWN_OUTCOME_MESSAGE(order.orderNumber)
            : state === 'claimed'
              ? BEING_BOOKED_MESSAGE
              : order.status !== 'paid'
                ? `Ein Label gibt es nur für bezahlte Bestellungen; diese ist im Status „${statusLabel(order.status)}“.`
                : null;
    return {
      label: this.labelOf(record),
      proposal: { weightGrams: weight.grams, missingWeights: weight.missing, ageCheck: ageCheckFor(order, settings), blockedReason },
    };
  }

  /**
   * The label's PDF as DHL returned it. @throws NotFoundError when the order has no booked label
   * with a stored PDF (none, cancelled, unknown, or resolved by hand).
   */
  async pdf(orderId: string): Promise<{ orderNumber: string; pdf: Buffer }> {
    const label = /^[0-9a-f]{24}$/.test(orderId) ? await this.labels.findById(orderId).lean() : null;
    const stored =
      label?.state === 'booked' && label.hasPdf && label.shipmentNumber ? await this.pdfs.findById(label.shipmentNumber) : null;
    if (!label || !stored) throw new NotFoundError('Zu dieser Bestellung ist kein Label-PDF gespeichert.');
    return { orderNumber: label.orderNumber, pdf: Buffer.from(stored.pdf) };
  }

  /**
   * Cancels the order's label at DHL (DELETE /orders) before the close-out (also of an order
   * cancelled after its label was booked).
   * @throws NotFoundError; ConflictError (409) when there is no booked label, it was closed out,
   *   the order is shipped, someone else is working on it, or DHL refuses (its message);
   *   DhlNotConfiguredApiError, DhlUnavailableApiError (503: DHL did not answer; the label may be cancelled).
   */
  async cancel(staff: ShopIdentity, orderId: string): Promise<ShippingLabelView> {
    const order = await loadPlacedOrder(this.deps.db, orderId);
    const client = this.client();
    const label = await this.labels.findById(orderId).lean();
    if (!label || label.state !== 'booked' || !label.shipmentNumber)
      throw new ConflictError('Diese Bestellung hat kein gebuchtes DHL-Label.');
    // A cancelled order's label is cancelled too; a shipped order's parcel is on its way.
    if (label.closedOutAt || order.status === 'shipped' || order.status === 'delivered')
      throw new ConflictError(
        'Das Label ist schon im Tagesabschluss an DHL übergeben oder die Bestellung versandt: Es kann nicht mehr storniert werden.',
      );
    const claimId = randomUUID();
    const locked = await this.labels.updateOne(
      { _id: orderId, state: 'booked', closedOutAt: null, ...this.freeLock() },
      { $set: { claimId, claimUntil: this.claimUntil() } },
    );
    if (locked.modifiedCount !== 1)
      throw new ConflictError('Das Label wird gerade storniert oder abgeschlossen. Bitte laden Sie die Bestellung neu.');
    const who = { id: orderId, orderNumber: order.orderNumber };
    const unlock = () => this.labels.updateOne({ _id: orderId, claimId }, { $set: { claimId: null, claimUntil: null } });
    let status;
    try {
      [status] = await client.cancelOrders([label.shipmentNumber]);
    } catch (error) {
      await unlock();
      await this.audit(staff, who, 'dhl-label-cancel', {
        outcome: 'failed',
        shipmentNumber: label.shipmentNumber,
        error: (error as Error).message,
      });
      if (error instanceof DhlRejectedError)
        throw new ConflictError(`DHL hat die Stornierung abgelehnt: ${error.detail ?? 'ohne Begründung'}.`);
      if (isDhlOutage(error))
        throw new DhlUnavailableApiError(
          'DHL hat auf die Stornierung nicht geantwortet. Sie ist vielleicht erfolgt: Bitte prüfen Sie die Sendung im DHL-Geschäftskundenportal oder versuchen Sie es erneut.',
        );
      throw error;
    }
    await this.audit(staff, who, 'dhl-label-cancel', {
      outcome: status?.ok ? 'cancelled' : 'refused',
      shipmentNumber: label.shipmentNumber,
      status: status?.status ?? null,
      messages: [status?.detail, ...(status?.messages ?? []).map((item) => item.message)].filter(Boolean),
    });
    if (!status?.ok) {
      await unlock();
      throw new ConflictError(`DHL hat die Stornierung abgelehnt: ${status?.detail ?? status?.title ?? 'ohne Begründung'}.`);
    }
    const now = this.deps.now();
    await this.labels.updateOne(
      { _id: orderId, claimId },
      {
        $set: { state: 'cancelled', cancelledAt: now, cancelledBy: staff.userId, claimId: null, claimUntil: null, hasPdf: false },
        $push: { history: { shipmentNumber: label.shipmentNumber, bookedAt: label.bookedAt, cancelledAt: now, outcome: 'cancelled' } },
      },
    );
    return this.view(orderId);
  }

  /**
   * Staff's finding in DHL's portal for a label whose outcome is unknown: not booked (a new label
   * may be booked) or booked under this shipment number (kept without PDF). Audited.
   * @throws NotFoundError; ConflictError (409) when the order's label is not of unknown outcome.
   */
  async resolve(staff: ShopIdentity, orderId: string, resolution: ShippingLabelResolution): Promise<ShippingLabelView> {
    const order = await loadPlacedOrder(this.deps.db, orderId);
    const now = this.deps.now();
    const unknown = {
      _id: orderId,
      $or: [{ state: 'outcome-unknown' as const }, { state: 'claimed' as const, claimUntil: { $lte: now } }],
    };
    const label = await this.labels.findOne(unknown).lean();
    if (!label) throw new ConflictError('Für diese Bestellung ist keine Buchung mit unbekanntem Ausgang offen.');
    const update =
      resolution.outcome === 'not-booked'
        ? {
            $set: {
              state: 'cancelled',
              claimId: null,
              claimUntil: null,
              shipmentNumber: null,
              hasPdf: false,
              cancelledAt: now,
              cancelledBy: staff.userId,
            },
            $push: { history: { shipmentNumber: label.shipmentNumber ?? null, bookedAt: null, cancelledAt: now, outcome: 'not-booked' } },
          }
        : {
            $set: {
              state: 'booked',
              claimId: null,
              claimUntil: null,
              shipmentNumber: resolution.shipmentNumber,
              hasPdf: Boolean(await this.pdfs.exists({ _id: resolution.shipmentNumber, orderId })),
              outcomeReason: null,
              bookedAt: now,
              bookedBy: staff.userId,
              closedOutAt: null,
              orderShippedAt: null,
            },
          };
    const done = await this.labels.updateOne({ ...unknown, claimId: label.claimId ?? null }, update);
    if (done.modifiedCount !== 1) throw new ConflictError('Die Buchung wurde inzwischen geändert. Bitte laden Sie die Bestellung neu.');
    await this.audit(staff, { id: orderId, orderNumber: order.orderNumber }, 'dhl-label-resolve', {
      outcome: resolution.outcome,
      shipmentNumber: resolution.outcome === 'booked' ? resolution.shipmentNumber : null,
    });
    return this.view(orderId);
  }
}

/** The messages of a shipment DHL refused, at the shop's fields (its errors; DHL's detail when it named none). */
function refusalMessages(shipment: Extract<DhlShipmentResult, { ok: false; outcomeUnknown: false }>): DhlMessage[] {
  const messages = shopMessagesOf(shipment.messages).filter((item) => item.severity === 'error');
  return messages.length > 0 ? messages : [message(`DHL: ${shipment.detail ?? 'Die Sendung wurde abgelehnt.'}`)];
}
