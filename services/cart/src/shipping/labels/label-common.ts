import type { FastifyBaseLogger } from 'fastify';
import { Types, type Connection } from 'mongoose';
import type { SellerDetails } from '@shop/contracts';
import type { DhlMessage, LabelRun, ShippingLabel } from '@shop/contracts/admin';
import { ORDER_STATUS_LABELS } from '@shop/cart-rules';
import { auditEntry, defineApiError, type AuditRelay, type ShopIdentity } from '@shop/service-kit';
import type { CartConfig } from '../../config';
import { orderModel } from '../../orders/order.model';
import { dhlClientFor, type DhlClient } from '../dhl/dhl-client';
import { DhlAuthError, DhlRateLimitedError, DhlUnavailableError } from '../dhl/dhl-errors';
import type { ShippingSettingsStore } from '../settings/shipping-settings';
import { shippingLabelModel, shippingLabelPdfModel, type ShippingLabelRecord } from './shipping-label.model';

/*
 * What every label job shares (services/cart/README.md 'Shipping with DHL'): the API errors, the
 * result of a booking, the German texts for staff, and `LabelContext` (the dependencies, the one
 * DHL client per process, the claim's time, the audit of DHL calls).
 */

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
  /** The shop's bank account (`config.bankDetails`): DHL pays cash on delivery to it unless the settings name a DHL account reference. */
  bankDetails: CartConfig['bankDetails'];
  relay: AuditRelay;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Why an order the buyer withdrew from gets no label and is not closed out (German, for staff). */
export const WITHDRAWN_MESSAGE =
  'Der Käufer hat den Vertrag widerrufen: Bitte nicht versenden. Stornieren Sie ein gebuchtes Label und dann die Bestellung.';

export const UNKNOWN_OUTCOME_MESSAGE = (orderNumber: string) =>
  `Ob DHL das Label gebucht hat, ist unbekannt. Bitte sehen Sie im DHL-Geschäftskundenportal unter der Referenz ${orderNumber} nach und tragen Sie das Ergebnis ein, bevor ein neues Label gebucht wird.`;
export const MISSING_SHIPPER_MESSAGE = (missing: string[]) =>
  `Die Absenderangaben des Shops sind nicht eingerichtet (${missing.join('; ')}), Einstellungen des Content-Service.`;
export const BEING_BOOKED_MESSAGE = 'Für diese Bestellung wird gerade ein Label gebucht. Bitte warten Sie einen Moment.';
export const RESOLVED_MEANWHILE_MESSAGE =
  'Die Buchung hat zu lange gedauert und wurde inzwischen im Shop geklärt. Es wurde nichts gebucht; bitte laden Sie die Bestellung neu.';

/**
 * A createOrders call at worst (dhl-client.ts): a token request, the call, and after a 401 a new
 * token and the call again, each within DHL_TIMEOUT_MS.
 */
const DHL_CALL_TIMEOUTS = 4;
/** Time for the database writes of a batch between DHL's answer and the next step (up to 30 audit entries and releases), ms. */
const BATCH_WRITES_MS = 30_000;

/** An order status in staff's words ('Zahlung ausstehend', …). */
export const statusLabel = (status: string) => ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS] ?? status;
/** A message of the shop's own for staff (severity error), at `field` or the whole shipment. */
export const message = (text: string, field: string | null = null): DhlMessage => ({ field, message: text, severity: 'error' });
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

/** The fields that store a label's shipment number: the number and its unique key (shipping-label.model.ts `shipmentKey`). */
export function shipmentNumberFields(orderId: string, shipmentNumber: string | null) {
  return { shipmentNumber, shipmentKey: shipmentNumber ?? orderId };
}

/**
 * The dependencies and shared state of the label jobs: the DHL client (one per process: it keeps
 * DHL's token), how long a claim or lock lasts, and the audit entry of every DHL call.
 */
export class LabelContext {
  /**
   * How long a booking's claim lasts: one DHL call at its worst (DHL_CALL_TIMEOUTS) and the batch's
   * writes. Taken before the validation and renewed right before the booking call, so either
   * call has the whole time.
   */
  readonly claimMs: number;
  private dhlClient: DhlClient | null = null;

  constructor(readonly deps: LabelDeps) {
    this.claimMs = DHL_CALL_TIMEOUTS * (deps.dhl.configured ? deps.dhl.timeoutMs : 15_000) + BATCH_WRITES_MS;
  }

  get labels() {
    return shippingLabelModel(this.deps.db);
  }

  get pdfs() {
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

  /** The state a record reads as: a booking claim whose time ran out is `outcome-unknown`; a running one is `claimed`. */
  stateOf(label: Pick<ShippingLabelRecord, 'state' | 'claimUntil'>): 'claimed' | ShippingLabel['state'] {
    if (label.state === 'claimed') return label.claimUntil && label.claimUntil > this.deps.now() ? 'claimed' : 'outcome-unknown';
    return label.state as ShippingLabel['state'];
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
}
