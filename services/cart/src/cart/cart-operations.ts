import type { Connection } from 'mongoose';
import { MAX_LINE_QUANTITY, type Product } from '@shop/contracts';
import { decimalToCents } from '@shop/format';
import { BadRequestError, ConflictError, NotFoundError } from '@shop/service-kit';
import { computeTotals, lineQuantityLimit, lineQuantityProblem, type PricedLine } from '@shop/cart-rules';
import { isSoldOut } from '@shop/catalog-rules';
import { checkPromo, type PromoCode, type PromoRejection } from '../promo/promo-rules';
import { cartAdds, promoRejections, stockOuts } from '../metrics/shop-metrics';
import { PromoCodes } from '../promo/promo-codes';
import { UnknownPromoCodeError } from '../limits/windows';
import type { CatalogClient } from '../catalog-client/catalog-client';
import { Carts, type CartContent, type CartLineInput, type StoredCart } from './carts';
import type { PricedCart } from './priced-cart';
import { CheckoutClaims } from './checkout-claims';

/** Compare-and-set attempts of one cart change before it answers 409 (parallel tabs, double taps). */
const MUTATE_ATTEMPTS = 10;
/** How many merged guest carts a customer's cart remembers (a guest cart is merged once; its cookie is cleared with the merge). */
const MERGED_GUESTS_KEPT = 10;

/** The API error for a quantity the line cannot hold (the shared rule of @shop/cart-rules). */
function quantityError(product: Product, wanted: number): Error | null {
  const problem = lineQuantityProblem(product, wanted);
  if (!problem) return null;
  return problem.status === 409 ? new ConflictError(problem.message) : new BadRequestError(problem.message);
}

/** Catalog prices of a product in cents (the API's EUR strings converted once, here). */
const pricesOf = (product: Product): PricedLine & { unitCents: number } => {
  const regularCents = decimalToCents(product.price);
  const saleCents = product.salePrice ? decimalToCents(product.salePrice) : null;
  return { quantity: 0, regularCents, saleCents, unitCents: saleCents ?? regularCents };
};

/**
 * Cart operations. Every change is a compare-and-set on the cart's `version`, retried
 * on a concurrent change, so two tabs never lose each other's updates and a failed check leaves
 * the cart unchanged. Every read re-prices the lines through the catalog: a client's price is
 * never used. Amounts are integer cents throughout (PricedCart).
 */
export class CartOperations {
  private readonly carts: Carts;
  private readonly promoCodes: PromoCodes;
  private readonly claims: CheckoutClaims;

  constructor(
    db: Connection,
    private readonly catalog: CatalogClient,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.carts = new Carts(db);
    this.promoCodes = new PromoCodes(db);
    this.claims = new CheckoutClaims(db);
  }

  /** Applies `change` to the current cart and stores it only if nobody changed it meanwhile. */
  private async mutate(ownerKey: string, change: (cart: StoredCart) => Promise<CartContent | null>): Promise<void> {
    for (let attempt = 0; attempt < MUTATE_ATTEMPTS; attempt++) {
      // After a lost race, wait a little (growing, randomised) so parallel writers spread out.
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      const current = await this.carts.load(ownerKey);
      const next = await change(current);
      // null: nothing to change (the change was already made).
      if (!next || (await this.carts.compareAndSet(ownerKey, current.version, next))) return;
    }
    throw new ConflictError('Der Warenkorb wurde gleichzeitig geändert. Bitte versuchen Sie es erneut.');
  }

  private async promoFor(code: string | null): Promise<PromoCode | null> {
    return code ? this.promoCodes.find(code) : null;
  }

  /**
   * The priced cart. Lines whose product is gone or sold out are removed, quantities above the
   * stock are reduced, and a promo code that no longer applies is dropped; each with a German
   * notice, and stored so the shopper sees it once.
   */
  async read(ownerKey: string | null): Promise<PricedCart> {
    if (!ownerKey) return { ...this.price([], new Map(), null, []), cartCreatedAt: null };
    const cart = await this.carts.load(ownerKey);
    const products = await this.catalog.productsById(cart.items.map((line) => line.productId));
    const notices: string[] = [];
    const kept: CartLineInput[] = [];
    for (const line of cart.items) {
      const product = products.get(line.productId);
      if (!product || isSoldOut(product)) {
        notices.push(`${product?.name ?? 'Ein Artikel'} ist nicht mehr verfügbar und wurde aus dem Warenkorb entfernt.`);
        continue;
      }
      const limit = lineQuantityLimit(product);
      if (line.quantity > limit) {
        notices.push(`Von ${product.name} sind nur noch ${limit} Stück verfügbar; die Menge wurde angepasst.`);
        kept.push({ ...line, quantity: limit });
      } else kept.push(line);
    }
    let promo = await this.promoFor(cart.promoCode);
    if (cart.promoCode) {
      const subtotal = this.price(kept, products, null, []).totals.subtotalCents;
      const check = checkPromo(promo, this.now(), subtotal);
      if (!check.ok) {
        notices.push(`Gutscheincode ${cart.promoCode} wurde entfernt: ${check.message}`);
        promo = null;
      }
    }
    if (notices.length) {
      await this.mutate(ownerKey, async () => ({ items: kept, promoCode: promo ? cart.promoCode : null }));
    }
    return { ...this.price(kept, products, promo, notices), cartCreatedAt: cart.createdAt };
  }

  /** Prices stored lines (all of whose products are in `products`) with the spec §9 rules. */
  private price(
    lines: CartLineInput[],
    products: Map<string, Product>,
    promo: PromoCode | null,
    notices: string[],
  ): Omit<PricedCart, 'cartCreatedAt'> {
    const priced = lines.map((line) => {
      const product = products.get(line.productId)!;
      const prices = pricesOf(product);
      return {
        id: String(line._id),
        productId: line.productId,
        quantity: line.quantity,
        unitCents: prices.unitCents,
        regularCents: prices.regularCents,
        saleCents: prices.saleCents,
        product,
        createdAt: line.createdAt ?? new Date(0),
        updatedAt: line.updatedAt ?? new Date(0),
      };
    });
    return {
      lines: priced.map(({ saleCents: _sale, ...line }) => line),
      totals: computeTotals(priced, promo?.discount ?? null),
      promo: promo ? { code: promo.code, discount: promo.discount } : null,
      notices,
    };
  }

  /** Adds a product (or more of it). @throws 404 unknown product, 409 sold out, 400 over stock or 99. */
  async add(ownerKey: string, productId: string, quantity: number): Promise<void> {
    const product = (await this.catalog.productsById([productId])).get(productId);
    if (!product) throw new NotFoundError('Dieses Produkt gibt es nicht.');
    await this.mutate(ownerKey, async (cart) => {
      const existing = cart.items.find((line) => line.productId === productId);
      const error = quantityError(product, (existing?.quantity ?? 0) + quantity);
      if (error instanceof ConflictError) stockOuts.inc({ where: 'cart' });
      if (error) throw error;
      const items = existing
        ? cart.items.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity, updatedAt: this.now() } : line))
        : [...cart.items, { productId, quantity }];
      return { items, promoCode: cart.promoCode };
    });
    cartAdds.inc();
  }

  /**
   * 'Erneut bestellen': puts the lines of an earlier order into the cart in one
   * change, each as far as it can go today: a product that is gone or sold out is left out with
   * the reason, a quantity above the stock or the line limit (99, counting what the cart already
   * holds) is reduced. Prices are today's (the cart re-prices on every read).
   */
  async reorder(
    ownerKey: string,
    lines: ReadonlyArray<{ productId: string; name: string; quantity: number }>,
  ): Promise<{
    added: Array<{ productId: string; name: string; quantity: number; ordered: number }>;
    unavailable: Array<{ productId: string; name: string; reason: string }>;
  }> {
    const products = await this.catalog.productsById([...new Set(lines.map((line) => line.productId))]);
    let outcome: Awaited<ReturnType<CartOperations['reorder']>> = { added: [], unavailable: [] };
    await this.mutate(ownerKey, async (cart) => {
      outcome = { added: [], unavailable: [] };
      let items = cart.items;
      for (const line of lines) {
        const product = products.get(line.productId);
        if (!product || !product.isActive) {
          outcome.unavailable.push({ productId: line.productId, name: line.name, reason: 'Nicht mehr im Sortiment' });
          continue;
        }
        if (isSoldOut(product)) {
          outcome.unavailable.push({ productId: line.productId, name: product.name, reason: 'Derzeit ausverkauft' });
          continue;
        }
        const existing = items.find((item) => item.productId === line.productId);
        const quantity = Math.min(line.quantity, lineQuantityLimit(product) - (existing?.quantity ?? 0));
        if (quantity <= 0) {
          outcome.unavailable.push({
            productId: line.productId,
            name: product.name,
            reason: 'Die verfügbare Menge liegt schon im Warenkorb',
          });
          continue;
        }
        items = existing
          ? items.map((item) => (item === existing ? { ...item, quantity: item.quantity + quantity, updatedAt: this.now() } : item))
          : [...items, { productId: line.productId, quantity }];
        outcome.added.push({ productId: line.productId, name: product.name, quantity, ordered: line.quantity });
      }
      return { items, promoCode: cart.promoCode };
    });
    return outcome;
  }

  /** Sets a line's quantity. @throws 404 unknown line, 409 sold out, 400 over stock or 99. */
  async update(ownerKey: string, itemId: string, quantity: number): Promise<void> {
    await this.mutate(ownerKey, async (cart) => {
      const line = cart.items.find((item) => String(item._id) === itemId);
      if (!line) throw new NotFoundError('Dieser Artikel ist nicht im Warenkorb.');
      const product = (await this.catalog.productsById([line.productId])).get(line.productId);
      if (!product) throw new ConflictError('Dieses Produkt ist nicht mehr verfügbar.');
      const error = quantityError(product, quantity);
      if (error) throw error;
      return {
        items: cart.items.map((item) => (item === line ? { ...item, quantity, updatedAt: this.now() } : item)),
        promoCode: cart.promoCode,
      };
    });
  }

  /** Removes a line. @throws 404 unknown line. */
  async remove(ownerKey: string, itemId: string): Promise<void> {
    await this.mutate(ownerKey, async (cart) => {
      if (!cart.items.some((item) => String(item._id) === itemId)) throw new NotFoundError('Dieser Artikel ist nicht im Warenkorb.');
      return { items: cart.items.filter((item) => String(item._id) !== itemId), promoCode: cart.promoCode };
    });
  }

  /**
   * Claims the cart for the order `orderId` (parallel checkouts of one cart gave one
   * order each): it succeeds when the cart has items and no other order holds it (or that claim
   * is older than `staleAfterMs`, left by a crash, or was made on a cart deleted since), and
   * again for the same order (a retry with the same idempotency key). The placement reads the
   * cart again after the claim, so a cart emptied in between is refused there.
   * @returns 'claimed', 'empty' (no cart or no items) or 'busy' (another order is being placed).
   */
  async claimForOrder(ownerKey: string, orderId: string, staleAfterMs: number): Promise<'claimed' | 'empty' | 'busy'> {
    const cart = await this.carts.load(ownerKey);
    if (!cart.items.length) return 'empty';
    const at = this.now();
    const claimed = await this.claims.claim(
      ownerKey,
      { orderId, at, cartCreatedAt: cart.createdAt },
      new Date(at.getTime() - staleAfterMs),
    );
    return claimed ? 'claimed' : 'busy';
  }

  /** Gives the cart back after an order attempt that did not go through (only this order's claim). */
  async releaseOrderClaim(ownerKey: string, orderId: string): Promise<void> {
    await this.claims.release(ownerKey, orderId);
  }

  /** Empties the cart (lines and promo code). */
  async clear(ownerKey: string): Promise<void> {
    await this.carts.delete(ownerKey);
  }

  /**
   * Empties the cart an order was placed from, if it is still claimed by that order and is the
   * cart the claim was made on (an order finished late, or retried after it was placed, never
   * empties a cart another order holds or the owner's next cart): the claim is renewed first, so
   * no other order can take it over before the cart is gone, and goes with the cart. Idempotent.
   */
  async clearAfterOrder(ownerKey: string, orderId: string): Promise<void> {
    const { createdAt } = await this.carts.load(ownerKey);
    if (!(await this.claims.renew(ownerKey, orderId, this.now(), createdAt))) return;
    // With the cart goes its claim (Carts.delete).
    await this.carts.delete(ownerKey);
  }

  /**
   * Moves a guest cart into a customer's cart (login): quantities of the same product are added
   * (at most 99 a line; the next read reduces them to the stock), the customer's promo code wins,
   * and the guest cart is deleted. The requests right after a login all carry the guest cookie and
   * may merge at once: the customer's cart records the guest cart's key in the same write that
   * adds its lines, so its lines are added once, and each request returns only after the merge is
   * in the customer's cart (a read beside it never sees the cart without the guest's lines). The
   * guest cart is deleted last: an interrupted merge is finished by the next request.
   */
  async merge(guestKey: string, userKey: string): Promise<void> {
    const guest = await this.carts.load(guestKey);
    if (guest.items.length) {
      await this.mutate(userKey, async (cart) => {
        if (cart.mergedGuests.includes(guestKey)) return null;
        const items = cart.items.map((line) => ({ ...line }));
        for (const line of guest.items) {
          const existing = items.find((item) => item.productId === line.productId);
          if (existing) existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + line.quantity);
          else items.push({ productId: line.productId, quantity: line.quantity });
        }
        return {
          items,
          promoCode: cart.promoCode ?? guest.promoCode,
          mergedGuests: [...cart.mergedGuests, guestKey].slice(-MERGED_GUESTS_KEPT),
        };
      });
    }
    if (guest.version) await this.carts.delete(guestKey);
  }

  /** Checks a code without a cart (spec §7 /api/promo/validate). @throws 400 with the German reason. */
  async validatePromo(code: string): Promise<PromoCode> {
    const promo = await this.promoFor(code);
    const check = checkPromo(promo, this.now(), null);
    if (!check.ok) throw promoRejected(promo, check);
    return promo!;
  }

  /** Stores a code on the cart after checking it against the current subtotal. @throws 400 with the reason. */
  async applyPromo(ownerKey: string, code: string): Promise<void> {
    const promo = await this.promoFor(code);
    const cart = await this.read(ownerKey);
    const check = checkPromo(promo, this.now(), cart.totals.subtotalCents);
    if (!check.ok) throw promoRejected(promo, check);
    if (!cart.lines.length) {
      promoRejections.inc({ reason: 'empty_cart' });
      throw new BadRequestError('Bitte legen Sie zuerst Produkte in den Warenkorb.');
    }
    await this.mutate(ownerKey, async (current) => ({ items: current.items, promoCode: promo!.code }));
  }

  async removePromo(ownerKey: string): Promise<void> {
    await this.mutate(ownerKey, async (current) => ({ items: current.items, promoCode: null }));
  }
}

/** A rejected code: unknown or switched-off codes count as guesses (limits/windows.ts PROMO_GUESSES_PER_CART and the per-IP backstop), the rest do not. */
function promoRejected(promo: PromoCode | null, { message, reason }: PromoRejection): Error {
  promoRejections.inc({ reason });
  return promo?.isActive ? new BadRequestError(message) : new UnknownPromoCodeError(message);
}
