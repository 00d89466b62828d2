import type { Connection } from 'mongoose';
import { MAX_LINE_QUANTITY, type CartResponse, type Product } from '@shop/contracts';
import { decimalToCents } from '@shop/format';
import { BadRequestError, ConflictError, NotFoundError } from '@shop/service-kit';
import { cartModel } from '../models/cart';
import { promoCodeModel } from '../models/promo-code';
import { computeTotals, lineQuantityLimit, lineQuantityMessage, totalsToApi, type PricedLine } from '@shop/cart-rules';
import { checkPromo, type PromoCodeData } from '../domain/promo';
import { UnknownPromoCodeError } from '../limits/windows';
import type { CatalogClient } from '../catalog-client/catalog-client';

interface StoredLine {
  _id?: unknown;
  productId: string;
  quantity: number;
  createdAt?: Date;
  updatedAt?: Date;
}
interface StoredCart {
  _id?: unknown;
  items: StoredLine[];
  promoCode: string | null;
  version: number;
}

const EMPTY: StoredCart = { items: [], promoCode: null, version: 0 };
/** Compare-and-set attempts of one cart change before it answers 409 (parallel tabs, double taps). */
const MUTATE_ATTEMPTS = 10;

/** Sold out by spec §4: inactive, or stock set and at most 0. */
const soldOut = (p: Product) => !p.isActive || (p.stock !== null && p.stock <= 0);
/** Largest quantity of one line: the stock when tracked, at most 99 (issue #4). */

function quantityError(product: Product, wanted: number): Error | null {
  if (soldOut(product)) return new ConflictError('Dieses Produkt ist leider ausverkauft.');
  const limit = lineQuantityLimit(product);
  if (wanted <= limit) return null;
  return new BadRequestError(lineQuantityMessage(limit));
}

/**
 * Cart operations (issue #4). Every change is a compare-and-set on the cart's `version`, retried
 * on a concurrent change, so two tabs never lose each other's updates and a failed check leaves
 * the cart unchanged. Every read re-prices the lines through the catalog: a client's price is
 * never used.
 */
export class CartOperations {
  constructor(
    private readonly db: Connection,
    private readonly catalog: CatalogClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async load(ownerKey: string): Promise<StoredCart> {
    return ((await cartModel(this.db).findById(ownerKey).lean()) as StoredCart | null) ?? EMPTY;
  }

  /** Applies `change` to the current cart and stores it only if nobody changed it meanwhile. */
  private async mutate(ownerKey: string, change: (cart: StoredCart) => Promise<Pick<StoredCart, 'items' | 'promoCode'>>): Promise<void> {
    const Cart = cartModel(this.db);
    for (let attempt = 0; attempt < MUTATE_ATTEMPTS; attempt++) {
      // After a lost race, wait a little (growing, randomised) so parallel writers spread out.
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      const current = await this.load(ownerKey);
      const next = await change(current);
      if (current === EMPTY) {
        try {
          await Cart.create({ _id: ownerKey, ...next, version: 1 });
          return;
        } catch (error) {
          if ((error as { code?: number }).code === 11000) continue; // created concurrently: retry on it
          throw error;
        }
      }
      const result = await Cart.updateOne({ _id: ownerKey, version: current.version }, { $set: next, $inc: { version: 1 } });
      if (result.modifiedCount === 1) return;
    }
    throw new ConflictError('Der Warenkorb wurde gleichzeitig geändert. Bitte versuchen Sie es erneut.');
  }

  private async promoFor(code: string | null): Promise<PromoCodeData | null> {
    if (!code) return null;
    return (await promoCodeModel(this.db).findOne({ code }).lean()) as PromoCodeData | null;
  }

  /**
   * The priced cart. Lines whose product is gone or sold out are removed, quantities above the
   * stock are reduced, and a promo code that no longer applies is dropped; each with a German
   * notice, and stored so the shopper sees it once.
   */
  async read(ownerKey: string | null): Promise<CartResponse> {
    if (!ownerKey) return this.present([], new Map(), null, []);
    const cart = await this.load(ownerKey);
    const products = await this.catalog.productsById(cart.items.map((line) => line.productId));
    const notices: string[] = [];
    const kept: StoredLine[] = [];
    for (const line of cart.items) {
      const product = products.get(line.productId);
      if (!product || soldOut(product)) {
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
      const subtotal = computeTotals(this.priced(kept, products), null).subtotalCents;
      const check = checkPromo(promo, this.now(), subtotal);
      if (!check.ok) {
        notices.push(`Gutscheincode ${cart.promoCode} wurde entfernt: ${check.message}`);
        promo = null;
      }
    }
    if (notices.length) {
      await this.mutate(ownerKey, async () => ({ items: kept, promoCode: promo ? cart.promoCode : null }));
    }
    return this.present(kept, products, promo, notices);
  }

  private priced(lines: StoredLine[], products: Map<string, Product>): PricedLine[] {
    return lines.map((line) => {
      const product = products.get(line.productId)!;
      return {
        quantity: line.quantity,
        regularCents: decimalToCents(product.price),
        saleCents: product.salePrice ? decimalToCents(product.salePrice) : null,
      };
    });
  }

  private present(lines: StoredLine[], products: Map<string, Product>, promo: PromoCodeData | null, notices: string[]): CartResponse {
    const totals = computeTotals(this.priced(lines, products), promo ? { type: promo.type, value: promo.value } : null);
    return {
      items: lines.map((line) => {
        const product = products.get(line.productId)!;
        return {
          id: String(line._id),
          productId: line.productId,
          quantity: line.quantity,
          price: product.salePrice ?? product.price,
          userId: null,
          // The guest session id is the HttpOnly cookie's value; it is not exposed to scripts.
          sessionId: null,
          createdAt: new Date(line.createdAt ?? 0).toISOString(),
          updatedAt: new Date(line.updatedAt ?? 0).toISOString(),
          product,
        };
      }),
      totals: totalsToApi(totals),
      promo: promo ? { code: promo.code, type: promo.type, value: promo.type === 'fixed' ? promo.value / 100 : promo.value } : null,
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
      if (error) throw error;
      const items = existing
        ? cart.items.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity, updatedAt: this.now() } : line))
        : [...cart.items, { productId, quantity }];
      return { items, promoCode: cart.promoCode };
    });
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
   * Claims the cart for the order `orderId` (issue #9: parallel checkouts of one cart gave one
   * order each). A compare-and-set on the claim field: it succeeds when the cart has items and no
   * other order holds it (or that claim is older than `staleAfterMs`, left by a crash), and again
   * for the same order (a retry with the same idempotency key).
   * @returns 'claimed', 'empty' (no cart or no items) or 'busy' (another order is being placed).
   */
  async claimForOrder(ownerKey: string, orderId: string, staleAfterMs: number): Promise<'claimed' | 'empty' | 'busy'> {
    const now = this.now();
    const result = await cartModel(this.db).updateOne(
      {
        _id: ownerKey,
        'items.0': { $exists: true },
        $or: [
          { checkoutClaim: null },
          { 'checkoutClaim.orderId': orderId },
          { 'checkoutClaim.at': { $lt: new Date(now.getTime() - staleAfterMs) } },
        ],
      },
      { $set: { checkoutClaim: { orderId, at: now } } },
    );
    if (result.modifiedCount === 1) return 'claimed';
    const cart = await this.load(ownerKey);
    return cart.items.length ? 'busy' : 'empty';
  }

  /** Gives the cart back after an order attempt that did not go through (only this order's claim). */
  async releaseOrderClaim(ownerKey: string, orderId: string): Promise<void> {
    await cartModel(this.db).updateOne({ _id: ownerKey, 'checkoutClaim.orderId': orderId }, { $set: { checkoutClaim: null } });
  }

  /**
   * Empties the cart (lines and promo code) by deleting its document: an absent cart reads as
   * empty, a concurrent compare-and-set then misses and retries on the empty cart.
   */
  async clear(ownerKey: string): Promise<void> {
    await cartModel(this.db).deleteOne({ _id: ownerKey });
  }

  /**
   * Moves a guest cart into a customer's cart (login): quantities of the same product are added
   * (at most 99 a line; the next read reduces them to the stock), the customer's promo code wins,
   * and the guest cart is deleted.
   */
  async merge(guestKey: string, userKey: string): Promise<void> {
    const guest = await this.load(guestKey);
    if (guest !== EMPTY && guest.items.length) {
      await this.mutate(userKey, async (cart) => {
        const items = cart.items.map((line) => ({ ...line }));
        for (const line of guest.items) {
          const existing = items.find((item) => item.productId === line.productId);
          if (existing) existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + line.quantity);
          else items.push({ productId: line.productId, quantity: line.quantity });
        }
        return { items, promoCode: cart.promoCode ?? guest.promoCode };
      });
    }
    await cartModel(this.db).deleteOne({ _id: guestKey });
  }

  /** Checks a code without a cart (spec §7 /api/promo/validate). @throws 400 with the German reason. */
  async validatePromo(code: string): Promise<PromoCodeData> {
    const promo = await this.promoFor(code);
    const check = checkPromo(promo, this.now(), null);
    if (!check.ok) throw promoRejected(promo, check.message);
    return promo!;
  }

  /** Stores a code on the cart after checking it against the current subtotal. @throws 400 with the reason. */
  async applyPromo(ownerKey: string, code: string): Promise<void> {
    const promo = await this.promoFor(code);
    const cart = await this.read(ownerKey);
    const check = checkPromo(promo, this.now(), decimalToCents(cart.totals.subtotal));
    if (!check.ok) throw promoRejected(promo, check.message);
    if (!cart.items.length) throw new BadRequestError('Bitte legen Sie zuerst Produkte in den Warenkorb.');
    await this.mutate(ownerKey, async (current) => ({ items: current.items, promoCode: promo!.code }));
  }

  async removePromo(ownerKey: string): Promise<void> {
    await this.mutate(ownerKey, async (current) => ({ items: current.items, promoCode: null }));
  }
}

/** A rejected code: unknown or switched-off codes count as guesses (limits/windows.ts PROMO_GUESSES), the rest do not. */
function promoRejected(promo: PromoCodeData | null, message: string): Error {
  return promo?.isActive ? new BadRequestError(message) : new UnknownPromoCodeError(message);
}
