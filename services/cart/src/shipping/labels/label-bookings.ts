import { Types } from 'mongoose';
import { orderAgeCheck, type Address, type DhlAgeCheckService, type SellerDetails } from '@shop/contracts';
import type { DhlMessage, ShippingLabel, ShippingLabelResolution, ShippingLabelView } from '@shop/contracts/admin';
import type { ShopIdentity } from '@shop/service-kit';
import { orderModel, type OrderRecord } from '../../orders/order.model';
import { SellerDetailsUnavailableError } from '../../invoices/invoices';
import {
  DHL_MAX_SHIPMENTS_PER_CALL,
  type DhlClient,
  type DhlShipment,
  type DhlShipmentResult,
  type DhlShipmentStatus,
} from '../dhl/dhl-client';
import { DhlRejectedError, DhlRequestError, DhlUnavailableError } from '../dhl/dhl-errors';
import { shipmentFor, type DhlCashOnDelivery } from '../dhl/shipment-for';
import { parcelWeight } from '../settings/parcel-weight';
import { missingShipperDetails, shipperFrom } from '../settings/shipper';
import type { StoredShippingSettings } from '../settings/shipping-settings';
import { shopMessagesOf } from './dhl-messages';
import { LabelCancelAndResolve } from './label-cancel-resolve';
import { LabelClaims } from './label-claims';
import {
  chunksOf,
  dhlFailureMessage,
  isDhlOutage,
  LabelContext,
  message,
  MISSING_SHIPPER_MESSAGE,
  RESOLVED_MEANWHILE_MESSAGE,
  shipmentNumberFields,
  UNKNOWN_OUTCOME_MESSAGE,
  type BookingOutcome,
  type BookingResult,
  type LabelDeps,
} from './label-common';
import { LabelViews } from './label-views';
import type { ShippingLabelRecord } from './shipping-label.model';

// What the routes and the close-out use of the label jobs' shared vocabulary.
export { chunksOf, DhlUnavailableApiError, dhlFailureMessage, isDhlOutage, statusLabel, type BookingResult } from './label-common';

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
 * (`deliveryAgeCheck`; contracts `orderAgeCheck`: the Alterssichtprüfung for orders placed before
 * the shop recorded it), never a setting changed since.
 */
export const ageCheckFor = (order: Pick<OrderRecord, 'deliveryAgeCheck'>): DhlAgeCheckService => orderAgeCheck(order.deliveryAgeCheck);

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
  private readonly context: LabelContext;
  private readonly claims: LabelClaims;
  private readonly views: LabelViews;
  private readonly corrections: LabelCancelAndResolve;

  constructor(deps: LabelDeps) {
    this.context = new LabelContext(deps);
    this.claims = new LabelClaims(this.context);
    this.views = new LabelViews(this.context, ageCheckFor);
    this.corrections = new LabelCancelAndResolve(this.context, this.views);
  }

  /** The DHL client. @throws DhlNotConfiguredApiError (503) naming why. */
  client(): DhlClient {
    return this.context.client();
  }

  /** The claim/lock lasts until then. */
  claimUntil(): Date {
    return this.context.claimUntil();
  }

  /** A free lock, or one whose holder's time ran out. */
  freeLock(): Record<string, unknown> {
    return this.context.freeLock();
  }

  /** Stores one audit entry about a DHL call on the order (LabelContext.audit). */
  audit(staff: ShopIdentity, order: { id: string; orderNumber: string }, action: string, answer: Record<string, unknown>) {
    return this.context.audit(staff, order, action, answer);
  }

  /** The contract's label, or null while a booking is under way (LabelViews.labelOf). */
  labelOf(label: ShippingLabelRecord | null): ShippingLabel | null {
    return this.views.labelOf(label);
  }

  /** The order's label and what a new booking would send (LabelViews.view). @throws NotFoundError. */
  view(orderId: string): Promise<ShippingLabelView> {
    return this.views.view(orderId);
  }

  /** The label's PDF as DHL returned it (LabelViews.pdf). @throws NotFoundError. */
  pdf(orderId: string): Promise<{ orderNumber: string; pdf: Buffer }> {
    return this.views.pdf(orderId);
  }

  /** Cancels the order's label at DHL (LabelCancelAndResolve.cancel, its errors). */
  cancel(staff: ShopIdentity, orderId: string): Promise<ShippingLabelView> {
    return this.corrections.cancel(staff, orderId);
  }

  /** Staff's finding in DHL's portal for a label whose outcome is unknown (LabelCancelAndResolve.resolve, its errors). */
  resolve(staff: ShopIdentity, orderId: string, resolution: ShippingLabelResolution): Promise<ShippingLabelView> {
    return this.corrections.resolve(staff, orderId, resolution);
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
    const client = this.context.client();
    const seller = await this.context.deps.seller();
    if (!seller)
      throw new SellerDetailsUnavailableError('Die Absenderangaben (Verkäuferangaben) sind gerade nicht lesbar. Es wurde nichts gebucht.');
    const missing = missingShipperDetails(seller);
    if (missing.length > 0) throw new SellerDetailsUnavailableError(`${MISSING_SHIPPER_MESSAGE(missing)} Es wurde nichts gebucht.`);
    const settings = await this.context.deps.settings.read();
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
        await orderModel(this.context.deps.db)
          .find({ _id: { $in: ids.filter((id) => /^[0-9a-f]{24}$/.test(id)).map((id) => new Types.ObjectId(id)) } })
          .lean()
      ).map((order) => [order._id.toHexString(), order]),
    );
    const claimed: Claimed[] = [];
    try {
      await this.prepare(ids, orders, context, claimed, results);
    } catch (error) {
      // A failure of the shop itself (not DHL's refusal): every claim of the batch is given back
      // before it is passed on, so none is left to read as outcome-unknown.
      for (const entry of claimed) await this.claims.release(entry.id, entry.claimId, entry.claimedFrom);
      throw error;
    }
    if (claimed.length === 0) return results;
    const printFormat = context.settings.printFormat ?? undefined;
    const valid = await this.validate(client, staff, claimed, printFormat, results);
    if (valid.length > 0) await this.create(client, staff, valid, printFormat, results);
    return results;
  }

  /**
   * Claims each order of the batch and builds its shipment (into `claimed`); those that cannot be
   * booked are released and recorded in `results`. An error of the shop itself is thrown with
   * the claims taken so far in `claimed` (the current one released).
   */
  private async prepare(
    ids: string[],
    orders: Map<string, OrderRecord>,
    context: { seller: SellerDetails; settings: StoredShippingSettings; weightGrams?: number },
    claimed: Claimed[],
    results: BookingResult[],
  ): Promise<void> {
    for (const id of ids) {
      const order = orders.get(id);
      if (!order || order.status === 'pending') {
        results.push({
          orderId: id,
          // No order number to show: the id the run was asked for (a run stores every result).
          orderNumber: id,
          outcome: 'refused',
          shipmentNumber: null,
          messages: [message('Diese Bestellung gibt es nicht.')],
          refusal: 'not-found',
        });
        continue;
      }
      const claim = await this.claims.claim(order);
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
      try {
        const weight = context.weightGrams ?? parcelWeight(order.items, context.settings).grams;
        if (weight === null) {
          const { missing } = parcelWeight(order.items, context.settings);
          await this.claims.release(id, claim.claimId, claim.claimedFrom);
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
        const ageCheck = ageCheckFor(order);
        const shipment = shipmentFor({
          orderNumber: order.orderNumber,
          shippingAddress: order.shippingAddress as Address,
          weightGrams: weight,
          billingNumber: this.context.deps.dhl.configured ? this.context.deps.dhl.billingNumber : '',
          shipper: shipperFrom(context.seller),
          ageCheck: { service: ageCheck },
          ...(order.paymentMethod === 'cod' ? { cashOnDelivery: this.cashOnDeliveryFor(order, context.settings) } : {}),
        });
        claimed.push({ order, id, claimId: claim.claimId, claimedFrom: claim.claimedFrom, weightGrams: weight, ageCheck, shipment });
      } catch (error) {
        await this.claims.release(id, claim.claimId, claim.claimedFrom);
        if (!(error instanceof DhlRequestError)) throw error;
        results.push(refused([message(error.message, error.field)]));
      }
    }
  }

  /**
   * The cash the courier collects for a cash-on-delivery order: its total, paid out to the DHL
   * account reference of the settings, else to the shop's bank account.
   */
  private cashOnDeliveryFor(order: OrderRecord, settings: StoredShippingSettings): DhlCashOnDelivery {
    const { accountReference } = settings.cashOnDelivery;
    return {
      amountCents: order.totals.totalCents,
      ...(accountReference ? { accountReference } : { bankAccount: this.context.deps.bankDetails }),
    };
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
        for (const entry of claimed) await this.claims.release(entry.id, entry.claimId, entry.claimedFrom);
        throw error;
      }
    }
    const valid: Claimed[] = [];
    for (const [index, entry] of claimed.entries()) {
      const messages = perShipment[index] ?? [];
      await this.context.audit(staff, { id: entry.id, orderNumber: entry.order.orderNumber }, 'dhl-label-validate', {
        outcome: messages.length ? 'refused' : 'valid',
        messages: messages.map((item) => item.message),
      });
      if (messages.length === 0) {
        valid.push(entry);
        continue;
      }
      await this.claims.release(entry.id, entry.claimId, entry.claimedFrom);
      results.push(this.result(entry, 'refused', null, messages, 'invalid'));
    }
    return valid;
  }

  /** Books the validated shipments and records each outcome: booked (label + PDF), refused (released), unknown. */
  private async create(
    client: DhlClient,
    staff: ShopIdentity,
    validated: Claimed[],
    printFormat: StoredShippingSettings['printFormat'] | undefined,
    results: BookingResult[],
  ): Promise<void> {
    // Each claim is renewed (compare-and-set on its id) right before the booking call, so the call
    // has the claim's whole time; a claim staff resolved meanwhile is not booked at all.
    const valid: Claimed[] = [];
    for (const entry of validated) {
      if (await this.claims.renew(entry.id, entry.claimId)) valid.push(entry);
      else results.push(this.result(entry, 'refused', null, [message(RESOLVED_MEANWHILE_MESSAGE)], 'conflict'));
    }
    if (valid.length === 0) return;
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
        await this.context.pdfs.updateOne(
          { _id: answer.shipmentNo },
          { $setOnInsert: { orderId: entry.id, pdf: answer.label.data } },
          { upsert: true },
        );
        const warnings = shopMessagesOf(answer.warnings);
        const stored = await this.context.labels.updateOne(
          { _id: entry.id, claimId: entry.claimId, state: 'claimed' },
          {
            $set: {
              state: 'booked',
              claimId: null,
              claimUntil: null,
              ...shipmentNumberFields(entry.id, answer.shipmentNo),
              routingCode: answer.routingCode,
              weightGrams: entry.weightGrams,
              ageCheck: entry.ageCheck,
              warnings,
              hasPdf: true,
              outcomeReason: null,
              bookedAt: this.context.deps.now(),
              bookedBy: staff.userId,
              cancelledAt: null,
              cancelledBy: null,
              closedOutAt: null,
              orderShippedAt: null,
            },
          },
        );
        await this.context.audit(staff, who, 'dhl-label-book', {
          outcome: 'booked',
          shipmentNumber: answer.shipmentNo,
          weightGrams: entry.weightGrams,
          ageCheck: entry.ageCheck,
          warnings: warnings.map((warning) => warning.message),
        });
        if (stored.matchedCount === 1) {
          results.push(this.result(entry, 'booked', answer.shipmentNo, warnings, null));
        } else {
          results.push(await this.orphaned(client, staff, entry, answer.shipmentNo));
        }
      } else if (!answer.ok && !answer.outcomeUnknown) {
        const messages = refusalMessages(answer);
        await this.claims.release(entry.id, entry.claimId, entry.claimedFrom);
        await this.context.audit(staff, who, 'dhl-label-book', {
          outcome: 'refused',
          status: answer.status,
          messages: messages.map((item) => item.message),
        });
        results.push(this.result(entry, 'refused', null, messages, 'invalid'));
      } else {
        const reason = answer.ok ? 'no shipment number or label' : answer.reason;
        const shipmentNo = answer.ok ? answer.shipmentNo : answer.shipmentNo;
        await this.context.labels.updateOne(
          { _id: entry.id, claimId: entry.claimId, state: 'claimed' },
          {
            $set: {
              state: 'outcome-unknown',
              claimId: null,
              claimUntil: null,
              outcomeReason: reason,
              ...shipmentNumberFields(entry.id, shipmentNo),
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
        await this.context.audit(staff, who, 'dhl-label-book', { outcome: 'outcome-unknown', reason, shipmentNumber: shipmentNo });
        results.push(this.result(entry, 'outcome-unknown', shipmentNo, [message(UNKNOWN_OUTCOME_MESSAGE(who.orderNumber))], 'unavailable'));
      }
    }
  }

  /**
   * DHL booked a label for a claim staff resolved meanwhile (its time had run out). Resolved as
   * booked under this very number, it is that label (its PDF now stored); otherwise no order
   * refers to it, so it is cancelled at DHL at once (audited), never shipped or billed.
   */
  private async orphaned(client: DhlClient, staff: ShopIdentity, entry: Claimed, shipmentNo: string): Promise<BookingResult> {
    const adopted = await this.context.labels.updateOne(
      { _id: entry.id, state: 'booked', shipmentNumber: shipmentNo },
      { $set: { hasPdf: true } },
    );
    if (adopted.matchedCount === 1) return this.result(entry, 'booked', shipmentNo, [], null);
    let status: DhlShipmentStatus | undefined;
    let failure: unknown = null;
    try {
      [status] = await client.cancelOrders([shipmentNo]);
    } catch (error) {
      failure = error;
    }
    await this.context.audit(staff, { id: entry.id, orderNumber: entry.order.orderNumber }, 'dhl-label-cancel', {
      outcome: status?.ok ? 'cancelled' : 'failed',
      shipmentNumber: shipmentNo,
      reason: 'booked by DHL after the booking was resolved in the shop',
      status: status?.status ?? null,
      error: failure ? (failure as Error).message : (status?.detail ?? null),
    });
    const booked = `DHL hat das Label ${shipmentNo} gebucht, nachdem die Buchung im Shop schon geklärt war`;
    if (status?.ok) {
      await this.context.pdfs.deleteOne({ _id: shipmentNo, orderId: entry.id });
      return this.result(entry, 'refused', null, [message(`${booked}; es wurde bei DHL wieder storniert.`)], 'conflict');
    }
    return this.result(
      entry,
      'outcome-unknown',
      shipmentNo,
      [message(`${booked}, und die Stornierung ist nicht bestätigt. Bitte stornieren Sie es im DHL-Geschäftskundenportal.`)],
      'unavailable',
    );
  }

  /** DHL could not be used for the call: nothing was booked, every claim is given back, each order audited and `failed`. */
  private async failAll(staff: ShopIdentity, entries: Claimed[], action: string, error: unknown, results: BookingResult[]) {
    const text = dhlFailureMessage(error);
    for (const entry of entries) {
      await this.claims.release(entry.id, entry.claimId, entry.claimedFrom);
      await this.context.audit(staff, { id: entry.id, orderNumber: entry.order.orderNumber }, action, {
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
}

/** The messages of a shipment DHL refused, at the shop's fields (its errors; DHL's detail when it named none). */
function refusalMessages(shipment: Extract<DhlShipmentResult, { ok: false; outcomeUnknown: false }>): DhlMessage[] {
  const messages = shopMessagesOf(shipment.messages).filter((item) => item.severity === 'error');
  return messages.length > 0 ? messages : [message(`DHL: ${shipment.detail ?? 'Die Sendung wurde abgelehnt.'}`)];
}
