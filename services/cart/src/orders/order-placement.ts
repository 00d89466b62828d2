import { createHash, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, type Order } from '@shop/contracts';
import { PlaceOrderBody } from '@shop/contracts/checkout';
import { centsToDecimal } from '@shop/format';
import { BadRequestError, ConflictError, NotFoundError, defineApiError, isDuplicateKeyError } from '@shop/service-kit';
import type { z } from 'zod';
import { discountToStored } from '../promo/promo-code.model';
import { PromoCodes } from '../promo/promo-codes';
import type { CartOperations } from '../cart/cart-operations';
import type { CatalogClient } from '../catalog-client/catalog-client';
import type { AgeVerificationProvider } from '../age-verification/provider';
import type { IdCardMrzInput } from '../age-verification/id-card-mrz';
import type { PaymentMethod } from './payment-method';
import type { Mailer, ShopIdentity } from '@shop/service-kit';
import type { OrderConfirmationComposer } from './order-confirmation-composer';
import { toApiOrder } from './order-view';
import type { OrderRecord } from './order.model';
import { Orders } from './orders';
import type { LegalVersions } from '@shop/contracts';

/** 422 when the age check fails; the message says why in German (legal-de.md §1.4). */
export const AgeVerificationFailedError = defineApiError('AGE_VERIFICATION_FAILED', 422);

type PlaceOrderInput = z.output<typeof PlaceOrderBody>;

export interface OrderPlacementDeps {
  db: Connection;
  cart: CartOperations;
  catalog: CatalogClient;
  ageVerification: AgeVerificationProvider<IdCardMrzInput>;
  payment: PaymentMethod;
  /** The legal text versions an order keeps (content service). */
  legalVersions: { current(): Promise<LegalVersions | null> };
  mailer: Mailer;
  /** Composes the confirmation e-mail with the seller and the legal texts as PDFs. */
  confirmation: Pick<OrderConfirmationComposer, 'compose'>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How long a placement owns its pending order before a retry may take it over (ms; ORDER_PLACING_LEASE_MS). */
  placingLeaseMs: number;
}

/** Pending orders older than this were left by a crash and are released by `sweepStalePending` (ms). */
export const STALE_PENDING_MS = 10 * 60 * 1000;
/** A confirmation e-mail claimed this long ago and not sent was claimed by a process that stopped (ms). */
export const CONFIRMATION_CLAIM_STALE_MS = 5 * 60 * 1000;
/** Placed orders without a confirmation are sent one by the 'order-confirmations' job once they are this old (ms). */
export const CONFIRMATION_RETRY_AFTER_MS = 2 * 60 * 1000;

/**
 * The steps of a placement where the fault tests stop the process (FAULT_INJECTION):
 * the order's outcome must be the same whichever step the process dies after.
 */
export const PLACEMENT_FAULT_POINTS = ['after-cart-claim', 'after-order-insert', 'after-stock-reservation', 'before-email'] as const;
export type PlacementFaultPoint = (typeof PLACEMENT_FAULT_POINTS)[number];

/**
 * Places orders without multi-document transactions:
 * 1. the idempotency key gives the order id (hash of cart owner and key): a key seen before
 *    returns that order (never a second one); the cart is then claimed for this order id
 *    (compare-and-set), so a parallel request with another key gets 409;
 * 2. the cart is re-priced by the catalog; changes since the review (notices, another total) are a 409;
 * 3. the age is verified (provider; only result, method, reference and time are kept);
 * 4. a 'pending' order is inserted (unique idempotency key, readable number from the counter);
 * 5. stock is reserved through the catalog, all lines or none (one reservation id per attempt);
 * 6. the promo use is counted with a conditional update (usage limit never exceeded);
 * 7. the order becomes 'awaiting_payment', the cart is emptied, the confirmation e-mail is sent.
 * When 5 or 6 fails, what was done is undone (reservation released, pending order deleted), so
 * the shopper can try again with nothing lost or half-written.
 *
 * A process that dies mid-placement leaves its state in the database, and the retry
 * with the same key (on any instance) finishes it: before step 4 it places afresh (the cart claim
 * is this order's); a pending order is owned by its placement until `placingUntil`
 * (`placingLeaseMs`), then taken over by compare-and-set and finished from step 5 (the
 * reservation is idempotent by its id, the promo use is counted once per order); a placed order
 * is returned, and its confirmation sent if it never went out. Every confirmation is claimed
 * before it is sent, so a retry, the 'order-confirmations' job and the placement never send two.
 */
export class OrderPlacement {
  private readonly orders: Orders;
  private readonly promoCodes: PromoCodes;

  constructor(private readonly deps: OrderPlacementDeps) {
    this.orders = new Orders(deps.db);
    this.promoCodes = new PromoCodes(deps.db);
  }

  /**
   * The order id a cart's idempotency key stands for: derived from owner and key, so the repeat
   * of a request finds its order by primary key (no second order can get the same id).
   */
  static orderIdFor(ownerKey: string, idempotencyKey: string): string {
    return createHash('sha256').update(`${ownerKey}\n${idempotencyKey}`).digest('hex').slice(0, 24);
  }

  /**
   * The order placed with this key before, if any (its confirmation sent now if it never went
   * out); a pending one whose placement stopped is finished here.
   * @throws 409 while another placement of it is still under way.
   */
  private async existing(ownerKey: string, orderId: string): Promise<{ order: Order; created: boolean } | null> {
    const found = await this.orders.findById(orderId);
    if (!found) return null;
    if (found.status !== 'pending') {
      const order = toApiOrder(found, this.deps.payment);
      if (!found.confirmationEmailSentAt) await this.sendConfirmation(order);
      return { order, created: false };
    }
    const taken = await this.orders.takeOverPending(orderId, this.deps.now(), this.deps.placingLeaseMs);
    if (!taken) throw new ConflictError('Ihre Bestellung wird gerade bearbeitet. Bitte warten Sie einen Moment.');
    this.deps.log.warn({ orderNumber: taken.orderNumber }, 'finishing an order whose placement stopped');
    try {
      return { order: await this.finish(taken), created: true };
    } catch (error) {
      await this.deps.cart.releaseOrderClaim(ownerKey, orderId);
      throw error;
    }
  }

  /** Stops this process here when the fault tests ask for it (never in production: FAULT_INJECTION). */
  private faultPoint(point: PlacementFaultPoint, crashAt: PlacementFaultPoint | undefined): void {
    if (crashAt !== point) return;
    this.deps.log.warn({ point }, 'fault injection: stopping the process now');
    process.kill(process.pid, 'SIGKILL');
  }

  /**
   * Places the cart of `ownerKey` as an order.
   * @returns the order and whether it was created now (false: the same key was used before).
   * @throws 400 empty cart; 409 cart or total changed, out of stock, promo used up, key in use;
   *   422 age verification failed; 503 catalog unreachable (nothing kept).
   */
  async place(
    ownerKey: string,
    idempotencyKey: string,
    input: PlaceOrderInput,
    userId: string | null,
    crashAt?: PlacementFaultPoint,
  ): Promise<{ order: Order; created: boolean }> {
    const orderId = OrderPlacement.orderIdFor(ownerKey, idempotencyKey);
    const before = await this.existing(ownerKey, orderId);
    if (before) return before;

    // One order per cart at a time: parallel requests with other keys get 409 before anything
    // is reserved or mailed. Released when this attempt fails; gone with the cart on success.
    const claim = await this.deps.cart.claimForOrder(ownerKey, orderId, STALE_PENDING_MS);
    if (claim === 'empty') throw new BadRequestError('Ihr Warenkorb ist leer.');
    if (claim === 'busy')
      throw new ConflictError('Für diesen Warenkorb wird gerade eine Bestellung aufgegeben. Bitte warten Sie einen Moment.');
    this.faultPoint('after-cart-claim', crashAt);
    try {
      return await this.placeClaimed(ownerKey, orderId, idempotencyKey, input, userId, crashAt);
    } catch (error) {
      await this.deps.cart.releaseOrderClaim(ownerKey, orderId);
      throw error;
    }
  }

  /** Steps 2–7 for a cart claimed by this order. */
  private async placeClaimed(
    ownerKey: string,
    orderId: string,
    idempotencyKey: string,
    input: PlaceOrderInput,
    userId: string | null,
    crashAt: PlacementFaultPoint | undefined,
  ): Promise<{ order: Order; created: boolean }> {
    const cart = await this.deps.cart.read(ownerKey);
    if (cart.notices.length)
      throw new ConflictError(`Ihr Warenkorb hat sich geändert: ${cart.notices.join(' ')} Bitte prüfen Sie Ihre Bestellung.`);
    if (!cart.lines.length) throw new BadRequestError('Ihr Warenkorb ist leer.');
    if (input.expectedTotal !== centsToDecimal(cart.totals.totalCents)) {
      throw new ConflictError('Der Gesamtbetrag hat sich geändert. Bitte prüfen Sie Ihre Bestellung erneut.');
    }

    const shippingAddress: Address = input.shippingAddress ?? input.billingAddress;
    const now = this.deps.now();
    const age = await this.deps.ageVerification.verify({
      mrzLines: input.ageVerification.mrzLines,
      birthDate: input.birthDate,
      orderDate: now,
      holder: shippingAddress,
    });
    if (!age.verified) throw new AgeVerificationFailedError(age.failureReason ?? 'Die Altersprüfung ist fehlgeschlagen.');

    let doc: OrderRecord;
    try {
      doc = await this.orders.insertPending({
        _id: orderId,
        // Per attempt: a retry with the same key after a refused reservation reserves afresh.
        reservationId: `${orderId}-${randomUUID().slice(0, 8)}`,
        orderNumber: this.orders.newOrderNumber(now.getUTCFullYear()),
        idempotencyKey,
        ownerKey,
        userId,
        status: 'pending',
        email: input.email,
        billingAddress: input.billingAddress,
        shippingAddress,
        items: cart.lines.map((line) => ({
          productId: line.productId,
          name: line.product.name,
          slug: line.product.slug,
          image: line.product.images[0] ?? null,
          quantity: line.quantity,
          unitCents: line.unitCents,
          regularCents: line.regularCents,
          durabilityGuaranteeYears: line.product.durabilityGuaranteeYears ?? null,
        })),
        totals: {
          itemCount: cart.totals.itemCount,
          subtotalCents: cart.totals.subtotalCents,
          savingsCents: cart.totals.savingsCents,
          promoDiscountCents: cart.totals.promoDiscountCents,
          shippingCents: cart.totals.shippingCents,
          totalCents: cart.totals.totalCents,
          vatIncludedCents: cart.totals.vatIncludedCents,
        },
        promo: cart.promo ? { code: cart.promo.code, ...discountToStored(cart.promo.discount) } : null,
        shippingMethod: input.shippingMethod,
        paymentMethod: this.deps.payment.id,
        ageVerification: { method: age.method, verified: true, providerReference: age.providerReference, checkedAt: age.checkedAt },
        termsAcceptedAt: now,
        legalVersions: await this.deps.legalVersions.current(),
        placingUntil: new Date(now.getTime() + this.deps.placingLeaseMs),
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const raced = await this.existing(ownerKey, orderId); // the same request placed concurrently
      if (raced) return raced;
      throw new ConflictError('Dieser Idempotency-Key wurde bereits für eine andere Bestellung verwendet.');
    }
    this.faultPoint('after-order-insert', crashAt);
    try {
      return { order: await this.finish(doc, crashAt), created: true };
    } catch (error) {
      // A retry may finish it at once (nothing of this placement is under way any more).
      await this.orders.endPlacing(orderId);
      throw error;
    }
  }

  /**
   * Steps 5–7 for a pending order this process owns (inserted now, or taken over from a
   * placement that stopped): each step is safe to run again.
   */
  private async finish(doc: OrderRecord, crashAt?: PlacementFaultPoint): Promise<Order> {
    const orderId = String(doc._id);
    await this.reserveOrUndo(doc);
    this.faultPoint('after-stock-reservation', crashAt);
    if (!doc.promoCountedAt) {
      await this.countPromoOrUndo(doc);
      await this.orders.markPromoCounted(orderId, this.deps.now());
    }
    await this.orders.markPlaced(orderId, this.deps.payment.initialStatus);
    const order = toApiOrder({ ...doc, status: this.deps.payment.initialStatus }, this.deps.payment);
    await this.deps.cart.clearAfterOrder(doc.ownerKey, orderId);
    this.faultPoint('before-email', crashAt);
    await this.sendConfirmation(order);
    return order;
  }

  /** Step 5: reserve stock, or delete the pending order (and release whatever the catalog may have taken). */
  private async reserveOrUndo(doc: OrderRecord): Promise<void> {
    try {
      await this.deps.catalog.reserveStock(
        doc.reservationId,
        doc.items.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      );
    } catch (error) {
      // A lost answer may hide a reservation that was made: release it (the catalog handles 'never made').
      const undone = error instanceof ConflictError || (await this.release(doc.reservationId));
      if (undone) await this.orders.deletePending(String(doc._id));
      throw error;
    }
  }

  /**
   * Step 6: count the promo use within its limits (per customer, then overall), or undo steps 4
   * and 5, remove the code from the cart and answer 409 with the reason.
   */
  private async countPromoOrUndo(doc: OrderRecord): Promise<void> {
    if (!doc.promo) return;
    const code = doc.promo.code;
    const promo = await this.promoCodes.find(code);
    if (!promo) return; // deleted since the cart was read: the order keeps the discount it showed
    const customerUse = await this.promoCodes.claimCustomerUse(promo, doc.email, String(doc._id), this.deps.now());
    if (customerUse === 'exhausted') {
      await this.undoForPromo(doc);
      throw new ConflictError(
        `Der Gutscheincode ${code} kann pro Kunde nur ${promo.perCustomerLimit === 1 ? 'einmal' : `${promo.perCustomerLimit}-mal`} eingelöst werden und wurde entfernt. Bitte prüfen Sie Ihre Bestellung.`,
      );
    }
    if (await this.promoCodes.countUse(promo)) return;
    if (customerUse) await this.promoCodes.releaseCustomerUse(customerUse);
    await this.undoForPromo(doc);
    throw new ConflictError(
      `Der Gutscheincode ${code} wurde bereits zu oft eingelöst und wurde entfernt. Bitte prüfen Sie Ihre Bestellung.`,
    );
  }

  /** Undoes steps 4 and 5 for a promo refused at step 6 and removes the code from the cart. */
  private async undoForPromo(doc: OrderRecord): Promise<void> {
    if (await this.release(doc.reservationId)) await this.orders.deletePending(String(doc._id));
    await this.deps.cart.removePromo(doc.ownerKey);
  }

  /** Releases a stock reservation. @returns false when the catalog did not confirm (the pending order stays for the sweeper). */
  private async release(reservationId: string): Promise<boolean> {
    try {
      await this.deps.catalog.releaseReservation(reservationId);
      return true;
    } catch (error) {
      this.deps.log.error({ err: error, reservationId }, 'stock release failed; the stale-order sweeper will retry');
      return false;
    }
  }

  /**
   * Sends the confirmation once: claimed first (a claim older than CONFIRMATION_CLAIM_STALE_MS
   * was left by a process that stopped). A failure (the mail server, or the seller details and legal
   * texts it carries) is logged, the claim given back, and the order stays (the 'order-confirmations'
   * job tries again).
   */
  private async sendConfirmation(order: Order): Promise<void> {
    const now = this.deps.now();
    if (!(await this.orders.claimConfirmation(order.id, now, new Date(now.getTime() - CONFIRMATION_CLAIM_STALE_MS)))) return;
    try {
      await this.deps.mailer.send(await this.deps.confirmation.compose(order));
      await this.orders.markConfirmationSent(order.id, this.deps.now());
    } catch (error) {
      await this.orders.releaseConfirmation(order.id);
      this.deps.log.error({ err: error, orderNumber: order.orderNumber }, 'order confirmation e-mail failed; retried by the job');
    }
  }

  /**
   * The 'order-confirmations' job: sends the confirmation of every placed order older than
   * CONFIRMATION_RETRY_AFTER_MS that has none (a mail server that was away, a process that
   * stopped before sending). @returns how many orders it looked at.
   */
  async sendMissingConfirmations(): Promise<number> {
    const open = await this.orders.unconfirmedSince(new Date(Date.now() - CONFIRMATION_RETRY_AFTER_MS)); // createdAt is the real clock's
    for (const doc of open) await this.sendConfirmation(toApiOrder(doc, this.deps.payment));
    return open.length;
  }

  /**
   * An order for its buyer: the browser that placed it (`accessibleIds` from the access cookie),
   * its logged-in owner, or for a guest order the account with that confirmed e-mail address.
   * @throws 404 for everyone else (no hint that it exists).
   */
  async forBuyer(orderId: string, accessibleIds: string[], identity: ShopIdentity | null): Promise<Order> {
    const doc = await this.orders.findById(orderId);
    const owned =
      identity !== null &&
      (doc?.userId === identity.userId || (doc?.userId === null && identity.email !== undefined && doc.email === identity.email));
    const allowed = doc && doc.status !== 'pending' && (accessibleIds.includes(orderId) || owned);
    if (!allowed) throw new NotFoundError('Bestellung nicht gefunden.');
    return toApiOrder(doc, this.deps.payment);
  }

  /** A customer's orders, newest first, guest orders with their confirmed e-mail address included. */
  async forUser(identity: ShopIdentity): Promise<Order[]> {
    const docs = await this.orders.placedOf(identity.userId, identity.email);
    return docs.map((doc) => toApiOrder(doc, this.deps.payment));
  }

  /**
   * Releases the stock of orders left 'pending' longer than STALE_PENDING_MS (a crash or a failed
   * release between steps 4 and 7) and deletes them. @returns how many were cleaned up.
   */
  async sweepStalePending(): Promise<number> {
    const cutoff = new Date(Date.now() - STALE_PENDING_MS); // createdAt is the real clock's
    const stale = await this.orders.pendingSince(cutoff);
    let cleaned = 0;
    for (const doc of stale) {
      // Only one that no placement owns (a retry may be finishing it), taken so none starts.
      if (!(await this.orders.takeOverPending(String(doc._id), new Date(), this.deps.placingLeaseMs))) continue;
      try {
        await this.deps.catalog.releaseReservation(doc.reservationId);
        await this.orders.deletePending(String(doc._id));
        cleaned++;
      } catch (error) {
        this.deps.log.warn({ err: error, orderNumber: doc.orderNumber }, 'stale pending order not released yet');
      }
    }
    return cleaned;
  }
}
