import { createHash, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, type Order } from '@shop/contracts';
import { PlaceOrderBody } from '@shop/contracts/checkout';
import { centsToDecimal } from '@shop/format';
import { BadRequestError, ConflictError, defineApiError, isDatabaseUnavailable, isDuplicateKeyError } from '@shop/service-kit';
import type { z } from 'zod';
import { discountToStored } from '../promo/promo-code.model';
import { PromoCodes } from '../promo/promo-codes';
import type { CartOperations } from '../cart/cart-operations';
import type { CatalogClient } from '../catalog-client/catalog-client';
import type { AgeVerificationProvider, AgeVerificationResult } from '../age-verification/provider';
import type { IdCardMrzInput } from '../age-verification/id-card-mrz';
import type { PaymentMethods } from './payment-method';
import type { StoredShippingSettings } from '../shipping/settings/shipping-settings';
import type { OrderConfirmations } from './order-confirmations';
import { STALE_PENDING_MS } from './stale-pending-orders';
import { stopAtFaultPoint, type PlacementFaultPoint } from './placement-faults';
import { toApiOrder } from './order-view';
import type { OrderRecord } from './order.model';
import { Orders } from './orders';
import { ageCheckRefusals, countPlacement, promoRejections, refusedFor, stockOuts } from '../metrics/shop-metrics';
import { DOOR_CHECKS, type LegalVersions, type PaymentMethodId } from '@shop/contracts';
import { withPaymentFee } from '@shop/cart-rules';
import { cashOnDeliveryRefusal } from './cash-on-delivery';
import { CheckoutClaims } from '../cart/checkout-claims';

/** 409 PAYMENT_METHOD_UNAVAILABLE: cash on delivery chosen while it is off or the total is above its limit (German message). */
export const PaymentMethodUnavailableError = defineApiError('PAYMENT_METHOD_UNAVAILABLE', 409);

/** 422 when the age check fails; the message says why in German (legal-de.md §1.4). */
export const AgeVerificationFailedError = defineApiError('AGE_VERIFICATION_FAILED', 422);

type PlaceOrderInput = z.output<typeof PlaceOrderBody>;

/**
 * Refusals after which the claim on the cart is not the refused attempt's to give back, so it is
 * left in place: another attempt with the same key holds the order being placed (the claim is
 * that order's: claims are per order id), or the cart was replaced since the claim.
 */
const claimNotGivenBack = new WeakSet<object>();
/**
 * What a placement is given: the JSON endpoint's body (the age check runs here on its ID card
 * lines), or the checkout form's, whose age check passed at its own step for the delivery name
 * (the card lines and birth date are not kept: legal-de.md §1.10) and is recorded as it was.
 */
export type PlacementInput =
  PlaceOrderInput | (Omit<PlaceOrderInput, 'birthDate' | 'ageVerification'> & { passedAgeCheck: AgeVerificationResult });

export interface OrderPlacementDeps {
  db: Connection;
  cart: CartOperations;
  catalog: CatalogClient;
  ageVerification: AgeVerificationProvider<IdCardMrzInput>;
  payments: PaymentMethods;
  /** The legal text versions an order keeps (content service). */
  legalVersions: { current(): Promise<LegalVersions | null> };
  /** Sends each order's confirmation e-mail once. */
  confirmations: Pick<OrderConfirmations, 'send'>;
  /**
   * The operator's shipping settings in force: the age check DHL performs at the door (recorded on
   * the order: what the buyer was told) and the cash-on-delivery offer.
   */
  deliveryTerms: () => Promise<Pick<StoredShippingSettings, 'ageCheck' | 'cashOnDelivery'>>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How long a placement owns its pending order before a retry may take it over (ms; ORDER_PLACING_LEASE_MS). */
  placingLeaseMs: number;
}

/**
 * Places orders without multi-document transactions:
 * 1. the idempotency key gives the order id (hash of cart owner and key): a key seen before
 *    returns that order (never a second one); the cart is then claimed for this order id
 *    (compare-and-set), so a parallel request with another key gets 409;
 * 2. the cart is re-priced by the catalog; changes since the review (notices, another total, another
 *    check at the door, a cart deleted and created anew since the claim) are a 409, and so is cash
 *    on delivery when it is off or above its limit;
 * 3. the age is verified (provider; only result, method, reference and time are kept);
 * 4. a 'pending' order is inserted (unique idempotency key, readable number from the counter);
 * 5. stock is reserved through the catalog, all lines or none (one reservation id per attempt);
 * 6. the promo use is counted with a conditional update (usage limit never exceeded);
 * 7. the order becomes 'awaiting_payment' (prepayment) or 'ready_to_ship' (cash on delivery), the
 *    cart is emptied, the confirmation e-mail is sent.
 * When 5 or 6 fails, what was done is undone (reservation released, pending order deleted), so
 * the shopper can try again with nothing lost or half-written.
 *
 * A process that dies mid-placement leaves its state in the database, and the retry
 * with the same key (on any instance) finishes it: before step 4 it places afresh (the cart claim
 * is this order's); a pending order is owned by its placement until `placingUntil`
 * (`placingLeaseMs`), then taken over by compare-and-set and finished from step 5 (the
 * reservation is idempotent by its id, the promo use is counted once per order); a placed order
 * is returned, its cart emptied if that never happened, and its confirmation sent if it never
 * went out. Every confirmation is claimed before it is sent, so a retry, the
 * 'order-confirmations' job and the placement never send two.
 */
export class OrderPlacement {
  private readonly orders: Orders;
  private readonly promoCodes: PromoCodes;
  private readonly claims: CheckoutClaims;

  constructor(private readonly deps: OrderPlacementDeps) {
    this.orders = new Orders(deps.db);
    this.promoCodes = new PromoCodes(deps.db);
    this.claims = new CheckoutClaims(deps.db);
  }

  /**
   * The order id a cart's idempotency key stands for: derived from owner and key, so the repeat
   * of a request finds its order by primary key (no second order can get the same id).
   */
  static orderIdFor(ownerKey: string, idempotencyKey: string): string {
    return createHash('sha256').update(`${ownerKey}\n${idempotencyKey}`).digest('hex').slice(0, 24);
  }

  /**
   * Why `method` cannot pay for the cart of `ownerKey` as it is now (German, for the checkout's
   * payment step), or null when it can: cash on delivery off, or the cart's total with the fee
   * above its limit. The placement checks again (the settings or the cart may change meanwhile).
   */
  async paymentRefusal(ownerKey: string, method: PaymentMethodId): Promise<string | null> {
    if (method !== 'cod') return null;
    const [terms, cart] = await Promise.all([this.deps.deliveryTerms(), this.deps.cart.read(ownerKey)]);
    return cashOnDeliveryRefusal(terms.cashOnDelivery, withPaymentFee(cart.totals, terms.cashOnDelivery.feeCents).totalCents);
  }

  /**
   * The order placed with this key before, if any: its cart emptied now if the placement stopped
   * before (while still claimed by this order and the cart the claim was made on, as step 7
   * does), its confirmation sent now if it never went out; a pending one whose placement stopped
   * is finished here.
   * @throws 409 while another placement of it is still under way.
   */
  private async existing(ownerKey: string, orderId: string): Promise<{ order: Order; created: boolean } | null> {
    const found = await this.orders.findById(orderId);
    if (!found) return null;
    if (found.status !== 'pending') {
      const order = toApiOrder(found, this.deps.payments, null);
      await this.deps.cart.clearAfterOrder(ownerKey, orderId);
      if (!found.confirmationEmailSentAt) await this.deps.confirmations.send(order);
      return { order, created: false };
    }
    const taken = await this.orders.takeOverPending(orderId, this.deps.now(), this.deps.placingLeaseMs);
    if (!taken)
      throw refusedFor('in_progress', new ConflictError('Ihre Bestellung wird gerade bearbeitet. Bitte warten Sie einen Moment.'));
    this.deps.log.warn({ orderNumber: taken.orderNumber }, 'finishing an order whose placement stopped');
    try {
      return { order: await this.finish(taken), created: true };
    } catch (error) {
      await this.deps.cart.releaseOrderClaim(ownerKey, orderId);
      throw error;
    }
  }

  /** Stops this process at `point` when the fault tests asked for it (placement-faults.ts). */
  private faultPoint(point: PlacementFaultPoint, crashAt: PlacementFaultPoint | undefined): void {
    stopAtFaultPoint(point, crashAt, this.deps.log);
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
    input: PlacementInput,
    userId: string | null,
    crashAt?: PlacementFaultPoint,
  ): Promise<{ order: Order; created: boolean }> {
    return countPlacement(this.placeOnce(ownerKey, idempotencyKey, input, userId, crashAt), isDatabaseUnavailable);
  }

  /** {@link place} without its counting. */
  private async placeOnce(
    ownerKey: string,
    idempotencyKey: string,
    input: PlacementInput,
    userId: string | null,
    crashAt?: PlacementFaultPoint,
  ): Promise<{ order: Order; created: boolean }> {
    const orderId = OrderPlacement.orderIdFor(ownerKey, idempotencyKey);
    const before = await this.existing(ownerKey, orderId);
    if (before) return before;

    // One order per cart at a time: parallel requests with other keys get 409 before anything
    // is reserved or mailed. Released when this attempt fails; gone with the cart on success.
    const claim = await this.deps.cart.claimForOrder(ownerKey, orderId, STALE_PENDING_MS);
    if (claim === 'empty') throw refusedFor('empty_cart', new BadRequestError('Ihr Warenkorb ist leer.'));
    if (claim === 'busy')
      throw refusedFor(
        'in_progress',
        new ConflictError('Für diesen Warenkorb wird gerade eine Bestellung aufgegeben. Bitte warten Sie einen Moment.'),
      );
    this.faultPoint('after-cart-claim', crashAt);
    try {
      return await this.placeClaimed(ownerKey, orderId, idempotencyKey, input, userId, crashAt);
    } catch (error) {
      if (!claimNotGivenBack.has(error as object)) await this.deps.cart.releaseOrderClaim(ownerKey, orderId);
      throw error;
    }
  }

  /** Steps 2–7 for a cart claimed by this order. */
  private async placeClaimed(
    ownerKey: string,
    orderId: string,
    idempotencyKey: string,
    input: PlacementInput,
    userId: string | null,
    crashAt: PlacementFaultPoint | undefined,
  ): Promise<{ order: Order; created: boolean }> {
    const cart = await this.deps.cart.read(ownerKey);
    if (cart.notices.length)
      throw refusedFor(
        'cart_changed',
        new ConflictError(`Ihr Warenkorb hat sich geändert: ${cart.notices.join(' ')} Bitte prüfen Sie Ihre Bestellung.`),
      );
    if (!cart.lines.length) throw refusedFor('empty_cart', new BadRequestError('Ihr Warenkorb ist leer.'));
    // The cart read must be the one this order claimed. Deleted since (another tab emptied it) and
    // created anew, it is a cart the shopper did not review for this order, and the claim went
    // with the old one: another order may hold the new cart. Nothing is given back (whatever
    // claim is on the new cart is not this attempt's).
    if (!(await this.claims.holds(ownerKey, orderId, cart.cartCreatedAt))) {
      const changed = refusedFor('cart_changed', new ConflictError('Ihr Warenkorb hat sich geändert. Bitte prüfen Sie Ihre Bestellung.'));
      claimNotGivenBack.add(changed);
      throw changed;
    }
    const terms = await this.deps.deliveryTerms();
    const payment = this.deps.payments.of(input.paymentMethod);
    const paymentFeeCents = payment.id === 'cod' ? terms.cashOnDelivery.feeCents : 0;
    const totals = withPaymentFee(cart.totals, paymentFeeCents);
    if (payment.id === 'cod') {
      const refusal = cashOnDeliveryRefusal(terms.cashOnDelivery, totals.totalCents);
      if (refusal) throw refusedFor('payment_unavailable', new PaymentMethodUnavailableError(refusal));
    }
    if (input.expectedTotal !== centsToDecimal(totals.totalCents)) {
      throw refusedFor('total_changed', new ConflictError('Der Gesamtbetrag hat sich geändert. Bitte prüfen Sie Ihre Bestellung erneut.'));
    }
    // The check at the door the buyer is told of is the one the order records and its label books.
    const deliveryAgeCheck = terms.ageCheck;
    if (input.expectedAgeCheck && input.expectedAgeCheck !== deliveryAgeCheck) {
      throw refusedFor(
        'age_check_changed',
        new ConflictError(
          `Die Altersprüfung bei Zustellung hat sich geändert: ${DOOR_CHECKS[deliveryAgeCheck].atTheDoor} Bitte prüfen Sie Ihre Bestellung erneut.`,
        ),
      );
    }

    const shippingAddress: Address = input.shippingAddress ?? input.billingAddress;
    const now = this.deps.now();
    const age =
      'passedAgeCheck' in input
        ? input.passedAgeCheck
        : await this.deps.ageVerification.verify({
            mrzLines: input.ageVerification.mrzLines,
            birthDate: input.birthDate,
            orderDate: now,
            holder: shippingAddress,
          });
    if (!age.verified) {
      ageCheckRefusals.inc();
      throw refusedFor('age_check', new AgeVerificationFailedError(age.failureReason ?? 'Die Altersprüfung ist fehlgeschlagen.'));
    }

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
          shippingWeightGrams: line.product.shippingWeightGrams ?? null,
          category: line.product.category,
        })),
        totals: {
          itemCount: cart.totals.itemCount,
          subtotalCents: cart.totals.subtotalCents,
          savingsCents: cart.totals.savingsCents,
          promoDiscountCents: cart.totals.promoDiscountCents,
          shippingCents: totals.shippingCents,
          paymentFeeCents: totals.paymentFeeCents,
          totalCents: totals.totalCents,
          vatIncludedCents: totals.vatIncludedCents,
        },
        promo: cart.promo ? { code: cart.promo.code, ...discountToStored(cart.promo.discount) } : null,
        shippingMethod: input.shippingMethod,
        deliveryAgeCheck,
        paymentMethod: payment.id,
        ageVerification: { method: age.method, verified: true, providerReference: age.providerReference, checkedAt: age.checkedAt },
        termsAcceptedAt: now,
        legalVersions: await this.deps.legalVersions.current(),
        placingUntil: new Date(now.getTime() + this.deps.placingLeaseMs),
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // The same request placed concurrently: its order, or 409 while that attempt still places it.
      const raced = await this.existing(ownerKey, orderId).catch((busy: unknown) => {
        if (busy instanceof Error) claimNotGivenBack.add(busy);
        throw busy;
      });
      if (raced) return raced;
      throw refusedFor('key_reused', new ConflictError('Dieser Idempotency-Key wurde bereits für eine andere Bestellung verwendet.'));
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
    // Recorded only for an order with a code: an order without one has nothing to count twice.
    if (doc.promo && !doc.promoCountedAt) {
      await this.countPromoOrUndo(doc);
      await this.orders.markPromoCounted(orderId, this.deps.now());
    }
    const { initialStatus } = this.deps.payments.of(doc.paymentMethod);
    await this.orders.markPlaced(orderId, initialStatus);
    const order = toApiOrder({ ...doc, status: initialStatus }, this.deps.payments, null);
    await this.deps.cart.clearAfterOrder(doc.ownerKey, orderId);
    this.faultPoint('before-email', crashAt);
    await this.deps.confirmations.send(order);
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
      if (error instanceof ConflictError) stockOuts.inc({ where: 'order' });
      throw refusedFor(error instanceof ConflictError ? 'out_of_stock' : 'catalog_unavailable', error as Error);
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
      promoRejections.inc({ reason: 'per_customer' });
      throw refusedFor(
        'promo_used_up',
        new ConflictError(
          `Der Gutscheincode ${code} kann pro Kunde nur ${promo.perCustomerLimit === 1 ? 'einmal' : `${promo.perCustomerLimit}-mal`} eingelöst werden und wurde entfernt. Bitte prüfen Sie Ihre Bestellung.`,
        ),
      );
    }
    if (await this.promoCodes.countUse(promo)) return;
    if (customerUse) await this.promoCodes.releaseCustomerUse(customerUse);
    await this.undoForPromo(doc);
    promoRejections.inc({ reason: 'used_up' });
    throw refusedFor(
      'promo_used_up',
      new ConflictError(`Der Gutscheincode ${code} wurde bereits zu oft eingelöst und wurde entfernt. Bitte prüfen Sie Ihre Bestellung.`),
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
}
