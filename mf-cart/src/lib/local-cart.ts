import { appliedPromoFromValidation, computeTotals, lineQuantityProblem, promoDiscountOf, totalsToApi } from '@shop/cart-rules';
import {
  checkAppliedPromo,
  type AppliedPromo,
  type CartResponse,
  type ErrorCode,
  type Product,
  type PromoValidationResponse,
} from '@shop/contracts';
import { decimalToCents } from '@shop/format';

/**
 * The local cart (spec §3 'Browser storage', §4 'Cart'): inside an embedded frame, where the
 * browser blocks the cart cookie, the cart lives in local storage. Line ids are 'local-' +
 * timestamp + random part; userId and sessionId are null; each product is loaded by id and a
 * failed load is logged and the line skipped. Prices shown here are the catalogue's; the server
 * prices everything again when the cart is taken over for checkout.
 */
const STORAGE_KEY = 'cart:local';

export interface LocalLine {
  id: string;
  productId: string;
  quantity: number;
  createdAt: string;
  updatedAt: string;
}
export interface LocalCartData {
  lines: LocalLine[];
  promo: CartResponse['promo'];
}

/** The German notice shown when the cart switches to local storage (spec §4; 4 s, spec §9: 3–5 s). */
export const LOCAL_CART_NOTICE = {
  title: 'Warenkorb lokal gespeichert',
  description: 'In dieser eingebetteten Ansicht funktionieren keine Cookies. Ihr Warenkorb wird deshalb nur in diesem Browser gespeichert.',
  durationMs: 4000,
};

/**
 * True inside an iframe (also when the parent is on another origin and cannot be read). The same
 * test as `isEmbedded` of @shop/shell-api, kept here so this remote runs beside a shell that
 * predates that export (a slice ships alone: docs/operations.md).
 */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export const localLineId = () => `local-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** The stored promo code, or null when it has another shape (checked without zod: the cart button reads it on every page). */
function storedPromo(value: unknown): AppliedPromo | null {
  try {
    return checkAppliedPromo(value);
  } catch {
    return null;
  }
}

export function readLocalCart(): LocalCartData {
  try {
    const data = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as LocalCartData | null;
    if (!data || !Array.isArray(data.lines)) return { lines: [], promo: null };
    // A code stored by an older version of the shop (another shape) is dropped, not misread.
    return { lines: data.lines, promo: storedPromo(data.promo) };
  } catch {
    return { lines: [], promo: null };
  }
}

export function writeLocalCart(data: LocalCartData): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(data));
}

/** Largest quantity of a line: the stock when tracked, at most 99 (as the server). */

/**
 * Prices the local cart like the server does (spec §9 via @shop/cart-rules). Lines whose product
 * cannot be loaded are logged and skipped.
 */
export async function priceLocalCart(data: LocalCartData, loadProduct: (id: string) => Promise<Product>): Promise<CartResponse> {
  const loaded = await Promise.all(
    data.lines.map(async (line) => {
      try {
        return { line, product: await loadProduct(line.productId) };
      } catch (error) {
        console.error(`local cart: product ${line.productId} could not be loaded and is skipped`, error);
        return null;
      }
    }),
  );
  const lines = loaded.filter((entry): entry is NonNullable<typeof entry> => entry !== null);
  const totals = computeTotals(
    lines.map(({ line, product }) => ({
      quantity: line.quantity,
      regularCents: decimalToCents(product.price),
      saleCents: product.salePrice ? decimalToCents(product.salePrice) : null,
    })),
    data.promo ? promoDiscountOf(data.promo) : null,
  );
  return {
    items: lines.map(({ line, product }) => ({
      ...line,
      price: product.salePrice ?? product.price,
      userId: null,
      sessionId: null,
      product,
    })),
    totals: totalsToApi(totals),
    promo: data.promo,
    notices: [],
  };
}

/**
 * Address of the cart page in a new top-level window that takes the local lines (and the code)
 * over into the server cart, where checkout works: `/warenkorb?uebernehmen=<id>:<qty>,…&gutschein=CODE`.
 */
export function takeOverUrl(data: LocalCartData): string {
  const params = new URLSearchParams({ uebernehmen: data.lines.map((line) => `${line.productId}:${line.quantity}`).join(',') });
  if (data.promo) params.set('gutschein', data.promo.code);
  return `/warenkorb?${params.toString()}`;
}

/** Parses the take-over parameter: valid 'id:qty' pairs only. */
export function parseTakeOver(value: string | null): Array<{ productId: string; quantity: number }> {
  if (!value) return [];
  return value.split(',').flatMap((pair) => {
    const match = /^([0-9a-f]{24}):(\d{1,2})$/i.exec(pair);
    return match && Number(match[2]) > 0 ? [{ productId: match[1]!.toLowerCase(), quantity: Number(match[2]) }] : [];
  });
}

/** The cart calls the store makes, answered from local storage instead of the cart service. */
export interface CartBackend {
  get(): Promise<CartResponse>;
  add(productId: string, quantity: number): Promise<CartResponse>;
  update(itemId: string, quantity: number): Promise<CartResponse>;
  remove(itemId: string): Promise<CartResponse>;
  clear(): Promise<CartResponse>;
  /** `headers`: a solved proof-of-work for the service's per-IP backstop (withChallenge of @shop/api-client/proof-of-work). */
  applyPromo(code: string, headers?: Record<string, string>): Promise<CartResponse>;
  removePromo(): Promise<CartResponse>;
}

/**
 * Local-storage backend with the same answers and German errors (ApiError 400/404/409) as the
 * cart service, so the store treats both alike. `validatePromo` is the spec's promo check.
 */
export function localCartBackend(deps: {
  loadProduct: (id: string) => Promise<Product>;
  /** `headers` carry a solved proof-of-work to the service's per-IP backstop (withChallenge of @shop/api-client/proof-of-work). */
  validatePromo: (code: string, headers?: Record<string, string>) => Promise<PromoValidationResponse>;
  /** The error the cart service would answer: its status, code and German message. */
  apiError: (status: number, code: ErrorCode, message: string) => Error;
}): CartBackend {
  const priced = () => priceLocalCart(readLocalCart(), deps.loadProduct);
  const change = async (mutate: (data: LocalCartData) => Promise<void> | void) => {
    const data = readLocalCart();
    await mutate(data);
    writeLocalCart(data);
    return priced();
  };
  const checkQuantity = async (productId: string, quantity: number) => {
    const problem = lineQuantityProblem(await deps.loadProduct(productId), quantity);
    if (problem) throw deps.apiError(problem.status, problem.code, problem.message);
  };
  const line = (data: LocalCartData, itemId: string) => {
    const found = data.lines.find((entry) => entry.id === itemId);
    if (!found) throw deps.apiError(404, 'NOT_FOUND', 'Dieser Artikel ist nicht im Warenkorb.');
    return found;
  };
  return {
    get: priced,
    add: (productId, quantity) =>
      change(async (data) => {
        const existing = data.lines.find((entry) => entry.productId === productId);
        await checkQuantity(productId, (existing?.quantity ?? 0) + quantity);
        const now = new Date().toISOString();
        if (existing) Object.assign(existing, { quantity: existing.quantity + quantity, updatedAt: now });
        else data.lines.push({ id: localLineId(), productId, quantity, createdAt: now, updatedAt: now });
      }),
    update: (itemId, quantity) =>
      change(async (data) => {
        const found = line(data, itemId);
        await checkQuantity(found.productId, quantity);
        Object.assign(found, { quantity, updatedAt: new Date().toISOString() });
      }),
    remove: (itemId) =>
      change((data) => {
        line(data, itemId);
        data.lines = data.lines.filter((entry) => entry.id !== itemId);
      }),
    clear: () =>
      change((data) => {
        data.lines = [];
        data.promo = null;
      }),
    applyPromo: (code, headers) =>
      change(async (data) => {
        data.promo = appliedPromoFromValidation(await deps.validatePromo(code, headers));
      }),
    removePromo: () =>
      change((data) => {
        data.promo = null;
      }),
  };
}
