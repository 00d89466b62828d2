import type { Connection, Types } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { isoDateInBerlin } from '@shop/format';
import { orderAgeCheck } from '@shop/contracts';
import { auditEntry, StaleVersionError, versionedUpdate, type AuditRelay, type ShopIdentity } from '@shop/service-kit';
import type { DhlTrackingSettings } from '../../config';
import { orderModel, type OrderRecord } from '../../orders/order.model';
import type { OrderFulfillment } from '../../orders/order-fulfillment';
import { DhlRateLimitedError } from '../dhl/dhl-errors';
import { DhlTrackingClient, isPieceCode } from './tracking-client';
import { parcelOutcome, type DeliveryIssue, type ParcelOutcome } from './tracking-status';
import { trackingCalls, trackingFindings } from './tracking-metrics';
import { trackingPauseModel } from './tracking-pause.model';
import { DHL_TRACKING_MAX_PIECES } from './tracking-account';

/**
 * Who the tracking job's changes are recorded as in the audit log: no staff member, the job itself
 * (role 'system', never a role the staff guard grants anything to).
 */
export const TRACKING_ACTOR: ShopIdentity = { userId: 'system:dhl-tracking', role: 'system' };

/** Parcels shipped longer ago than this are no longer asked about: one not delivered after 60 days is a case for staff, not for polling. */
export const TRACKING_MAX_AGE_MS = 60 * 24 * 3_600_000;
/** The first pause after a 429 without Retry-After, doubled for each further one up to TRACKING_MAX_PAUSE_MS. */
export const TRACKING_FIRST_PAUSE_MS = 60_000;
export const TRACKING_MAX_PAUSE_MS = 3_600_000;
const PAUSE_ID = 'dhl-tracking';

/** What one run did: parcels asked about, order numbers delivered or given an issue, the pause a 429 started. */
export interface TrackingRun {
  asked: number;
  delivered: string[];
  issues: string[];
  pausedUntil: Date | null;
}

type TrackedOrder = Pick<
  OrderRecord,
  'orderNumber' | 'trackingNumber' | 'trackingCheckedAt' | 'version' | 'deliveryIssue' | 'shippedAt' | 'deliveryAgeCheck'
> & {
  _id: Types.ObjectId;
};

const sameIssue = (stored: TrackedOrder['deliveryIssue'], issue: DeliveryIssue | null) =>
  (stored ?? null) === null
    ? issue === null
    : issue !== null && stored!.kind === issue.kind && stored!.at.getTime() === issue.at.getTime() && stored!.message === issue.message;

/**
 * The delivery tracking job (services/cart/README.md 'Delivery tracking'): asks DHL's shipment
 * tracking about the parcels of shipped orders, 20 per call, at most `callsPerRun` calls a run with
 * `callGapMs` between them, each parcel at most once per `pollIntervalMs`.
 * - Each order is claimed before it is asked about: `trackingCheckedAt` set by compare-and-set
 *   from the value read, so two instances (or an overlapping run) never ask about one parcel twice.
 * - Delivered → the staff step 'deliver' (OrderFulfillment, versioned and audited, as
 *   TRACKING_ACTOR) with DHL's German delivery day: the withdrawal period and the review
 *   invitation count from it. A handover an age-checked parcel must not have is kept as the
 *   order's `deliveryIssue` ('wrong-handover').
 * - Failed attempt, refused, held for collection, returned → `deliveryIssue` (versioned and
 *   audited); the order stays shipped. Cleared when the parcel is delivered properly.
 * - 429 → the claims of that call are given back and every instance pauses (in the database) for
 *   DHL's Retry-After, else for double the last pause (1 minute to 1 hour). Any other failure gives the claims back
 *   and fails the run (the job's failure metrics and alert).
 */
export class DeliveryTracking {
  private readonly client: DhlTrackingClient;

  constructor(
    private readonly deps: {
      db: Connection;
      settings: DhlTrackingSettings;
      fulfillment: Pick<OrderFulfillment, 'act'>;
      relay: AuditRelay;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {
    this.client = new DhlTrackingClient(deps.settings);
  }

  private get orders() {
    return orderModel(this.deps.db);
  }

  /**
   * One run as of `at`. @returns what it did.
   * @throws the DHL failure of a call that was not a 429 (after its claims were given back).
   */
  async run(at: Date = this.deps.now()): Promise<TrackingRun> {
    const result: TrackingRun = { asked: 0, delivered: [], issues: [], pausedUntil: null };
    const pause = await trackingPauseModel(this.deps.db).findById(PAUSE_ID).lean();
    if (pause?.pausedUntil && pause.pausedUntil > at) return { ...result, pausedUntil: pause.pausedUntil };
    let pausedBefore = Boolean(pause?.backoffMs);
    for (let call = 0; call < this.deps.settings.callsPerRun; call++) {
      const batch = await this.claim(at);
      if (!batch.length) break;
      if (call > 0 && this.deps.settings.callGapMs > 0) await new Promise((resolve) => setTimeout(resolve, this.deps.settings.callGapMs));
      // A number recorded before the contract checked it (spaces, lower case) cannot be asked about:
      // it stays claimed until its next poll, and is never sent.
      const codes = [...new Set(batch.map((order) => order.trackingNumber!).filter(isPieceCode))];
      if (!codes.length) continue;
      let pieces;
      try {
        pieces = await this.client.pieceDetails(codes);
      } catch (error) {
        await this.release(batch, at);
        if (!(error instanceof DhlRateLimitedError)) {
          trackingCalls.inc({ outcome: 'failed' });
          throw error;
        }
        trackingCalls.inc({ outcome: 'rate_limited' });
        result.pausedUntil = await this.pauseAfter429(at, error.retryAfterMs, pause?.backoffMs ?? 0);
        this.deps.log.warn({ pausedUntil: result.pausedUntil }, "DHL's tracking answered 429: every instance pauses");
        return result;
      }
      trackingCalls.inc({ outcome: 'answered' });
      result.asked += codes.length;
      if (pausedBefore) {
        // DHL answers again: the next 429 starts from the first pause.
        await trackingPauseModel(this.deps.db).updateOne({ _id: PAUSE_ID }, { $set: { pausedUntil: null, backoffMs: 0 } });
        pausedBefore = false;
      }
      for (const order of batch) {
        const piece = pieces.find((candidate) => candidate.searchedPieceCode === order.trackingNumber);
        if (!piece || piece.errorStatus !== '0') continue;
        const outcome = parcelOutcome(piece, at, orderAgeCheck(order.deliveryAgeCheck));
        if (await this.apply(order, outcome, at)) (outcome.kind === 'delivered' ? result.delivered : result.issues).push(order.orderNumber);
      }
    }
    return result;
  }

  /** Claims up to 20 orders due for a check (oldest check first) by compare-and-set on `trackingCheckedAt`. */
  private async claim(at: Date): Promise<TrackedOrder[]> {
    const due = await this.orders
      .find(
        {
          status: 'shipped',
          trackingNumber: { $ne: null },
          shippedAt: { $gte: new Date(at.getTime() - TRACKING_MAX_AGE_MS) },
          $or: [{ trackingCheckedAt: null }, { trackingCheckedAt: { $lte: new Date(at.getTime() - this.deps.settings.pollIntervalMs) } }],
        },
        { orderNumber: 1, trackingNumber: 1, trackingCheckedAt: 1, version: 1, deliveryIssue: 1, shippedAt: 1, deliveryAgeCheck: 1 },
      )
      .sort({ trackingCheckedAt: 1, _id: 1 })
      .limit(DHL_TRACKING_MAX_PIECES * 2)
      .lean<TrackedOrder[]>();
    const claimed: TrackedOrder[] = [];
    for (const order of due) {
      if (claimed.length === DHL_TRACKING_MAX_PIECES) break;
      const won = await this.orders.updateOne(
        { _id: order._id, status: 'shipped', trackingCheckedAt: order.trackingCheckedAt ?? null },
        { $set: { trackingCheckedAt: at } },
        { timestamps: false },
      );
      if (won.modifiedCount === 1) claimed.push(order);
    }
    return claimed;
  }

  /** Gives claims back (the call failed): the orders are due again at once. */
  private async release(orders: TrackedOrder[], at: Date): Promise<void> {
    for (const order of orders)
      await this.orders.updateOne(
        { _id: order._id, trackingCheckedAt: at },
        { $set: { trackingCheckedAt: order.trackingCheckedAt ?? null } },
        { timestamps: false },
      );
  }

  /** Stores the pause after a 429: DHL's Retry-After, else double the last pause (1 minute to 1 hour). @returns its end. */
  private async pauseAfter429(at: Date, retryAfterMs: number | null, lastBackoffMs: number): Promise<Date> {
    const backoffMs = retryAfterMs ?? Math.min(TRACKING_MAX_PAUSE_MS, Math.max(TRACKING_FIRST_PAUSE_MS, lastBackoffMs * 2));
    const pausedUntil = new Date(at.getTime() + backoffMs);
    await trackingPauseModel(this.deps.db).updateOne(
      { _id: PAUSE_ID },
      { $set: { pausedUntil, backoffMs: Math.max(backoffMs, TRACKING_FIRST_PAUSE_MS) } },
      { upsert: true },
    );
    return pausedUntil;
  }

  /**
   * Writes what a parcel's tracking means for its order. A write that loses against a change made
   * meanwhile (staff acted) gives the claim back, so the next run decides on the new state.
   * @returns whether the order changed.
   */
  private async apply(order: TrackedOrder, outcome: ParcelOutcome, at: Date): Promise<boolean> {
    if (outcome.kind === 'in-transit') return false;
    try {
      let version = order.version ?? 0;
      if (outcome.kind === 'issue') {
        if (sameIssue(order.deliveryIssue, outcome.issue)) return false;
        await this.recordIssue(order, outcome.issue, version, at);
        trackingFindings.inc({ finding: outcome.issue.kind.replace(/-/g, '_') });
        return true;
      }
      if (!sameIssue(order.deliveryIssue, outcome.issue)) version = await this.recordIssue(order, outcome.issue, version, at);
      // DHL's day within what the staff step takes: from the recorded shipment's day (staff may have
      // recorded it late) to today.
      const today = isoDateInBerlin(this.deps.now());
      const shippedOn = isoDateInBerlin(order.shippedAt ?? at);
      const deliveredOn = outcome.deliveredOn > today ? today : outcome.deliveredOn < shippedOn ? shippedOn : outcome.deliveredOn;
      await this.deps.fulfillment.act(TRACKING_ACTOR, String(order._id), { action: 'deliver', version, deliveredOn });
      trackingFindings.inc({ finding: 'delivered' });
      return true;
    } catch (error) {
      this.deps.log.warn({ err: error, orderNumber: order.orderNumber }, 'tracking result not recorded');
      // Staff changed the order meanwhile: asked about again on the next run, on its new state.
      if (error instanceof StaleVersionError) await this.release([order], at);
      return false;
    }
  }

  /** Sets (or clears, with null) the order's delivery issue as TRACKING_ACTOR. @returns the order's new version. */
  private async recordIssue(order: TrackedOrder, issue: DeliveryIssue | null, version: number, at: Date): Promise<number> {
    const summary = (value: { kind: string; message: string } | null | undefined) =>
      value ? { kind: value.kind, message: value.message } : null;
    const updated = await versionedUpdate(this.orders, {
      filter: { _id: order._id, status: 'shipped' },
      expectedVersion: version,
      update: { $set: { deliveryIssue: issue } },
      audit: auditEntry(
        TRACKING_ACTOR,
        {
          service: 'cart',
          entity: 'order',
          entityId: String(order._id),
          label: order.orderNumber,
          action: 'delivery-issue',
          changes: [{ field: 'deliveryIssue', before: summary(order.deliveryIssue), after: summary(issue) }],
        },
        at,
      ),
      relay: this.deps.relay,
    });
    return updated.version ?? version + 1;
  }
}
