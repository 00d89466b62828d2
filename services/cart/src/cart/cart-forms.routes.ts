import formBody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  CART_FORM_ACTIONS,
  CartQuantity,
  CLEAR_CART_CONFIRMATION,
  RETURN_FIELD,
  safeReturnPath,
  type CartResponse,
  type FlashNotice,
  type SellerDetails,
} from '@shop/contracts';
import { CART_ACTION_DONE, CART_ACTION_FAILED, CART_UNREACHABLE, PROMO_REJECTED, promoSavingLabel } from '@shop/cart-rules';
import { answerForm, type AttemptLimiter } from '@shop/service-kit';
import type { CartOperations } from './cart-operations';
import type { CartOwners } from './cart-owner';
import { toApiCart } from './priced-cart';
import { refusalWithoutScript, UnknownPromoCodeError } from '../limits/windows';

type Fields = Record<string, unknown>;

const CART_PAGE = '/warenkorb';
const OBJECT_ID = /^[0-9a-f]{24}$/i;
const BAD_INPUT = 'Die Angabe wurde nicht verstanden. Bitte versuchen Sie es erneut.';
const isGuess = ({ error }: { error?: unknown }) => error instanceof UnknownPromoCodeError;

/** A form field as the one string a form sends, or null. */
const text = (fields: Fields, name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : null);
/** An id field (a line item or product: 24 hex digits), lowercased, or null. */
const idField = (fields: Fields, name: string) => {
  const value = text(fields, name);
  return value && OBJECT_ID.test(value) ? value.toLowerCase() : null;
};
/** A whole number field, or null (empty, not a number, a fraction). */
const intField = (fields: Fields, name: string) => {
  const value = text(fields, name);
  return value !== null && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : null;
};

/** An answer that is another page of the shop instead of the form's own (no notice). */
interface AnotherPage {
  goTo: string;
}

const failed = (title: string, text: string): FlashNotice => ({ tone: 'error', title, text, link: null });
const done = (title: string, text: string, link: FlashNotice['link'] = null): FlashNotice => ({ tone: 'success', title, text, link });

/**
 * The German reason of a failed action for the next page: the service's own answer for expected
 * errors (sold out, 'nur noch 3 Stück', unknown code), 'nicht erreichbar' for anything else.
 */
function reasonOf(error: unknown): { status: number; text: string } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof status === 'number' && status < 500 && typeof message === 'string') return { status, text: message };
  return { status: 500, text: CART_UNREACHABLE };
}

/**
 * The cart actions as HTML forms (docs/decisions/forms-first.md; paths in CART_FORM_ACTIONS of
 * @shop/contracts): add to cart from product cards and pages, and the cart page's quantity
 * stepper, remove, empty and promo code, for a tap before the JavaScript is live and for
 * browsers without it. Each runs the same CartOperations as the JSON endpoints (cart.routes.ts)
 * with the same rules and limits, then answers 303 to the form's `zurueck` (a path of this
 * shop; else the cart page) with the spec §8 text of the outcome as a flash notice: a failure
 * changes nothing and says why in German. The JSON endpoints stay the API for scripts.
 */
export const cartFormRoutes: FastifyPluginAsync<{
  operations: CartOperations;
  owners: CartOwners;
  promoGuesses: { perCart: AttemptLimiter; perIp: AttemptLimiter };
  secureCookies: boolean;
  /** The operator settings: a used-up backstop names the shop's e-mail address. */
  seller: () => Promise<SellerDetails | null>;
}> = async (app, { operations, owners, promoGuesses, secureCookies, seller }) => {
  // Scoped to this plugin: the JSON endpoints keep taking JSON only.
  await app.register(formBody);

  /**
   * One form endpoint: `act` runs with the form's fields and the cart's owner key (created for
   * a guest when `create`) and returns the notice for the next page. A failure is titled
   * `failedTitle`, one refused by a limit (429) `limitedTitle` when the form has its own.
   */
  const form = (
    path: string,
    options: { create: boolean; fallback: string; failedTitle: string; limitedTitle?: string },
    act: (fields: Fields, ownerKey: string | null, request: FastifyRequest) => Promise<FlashNotice | null | AnotherPage>,
  ) =>
    app.post(path, { schema: { hide: true } }, async (request, reply: FastifyReply) => {
      const fields = (request.body ?? {}) as Fields;
      const returnTo = safeReturnPath(fields[RETURN_FIELD], options.fallback);
      let notice: FlashNotice | null;
      try {
        const { ownerKey } = await owners.resolve(request, reply, options.create);
        const outcome = await act(fields, ownerKey, request);
        if (outcome && 'goTo' in outcome) return answerForm(reply, outcome.goTo, null, secureCookies);
        notice = outcome;
      } catch (error) {
        const reason = reasonOf(error);
        if (reason.status >= 500) request.log.error({ err: error }, `cart form ${path} failed`);
        notice = failed((reason.status === 429 && options.limitedTitle) || options.failedTitle, reason.text);
      }
      return answerForm(reply, returnTo, notice, secureCookies);
    });

  const lineOf = (cart: CartResponse, productId: string) => cart.items.find((item) => item.productId === productId);

  form(CART_FORM_ACTIONS.add, { create: true, fallback: '/', failedTitle: CART_ACTION_FAILED.add }, async (fields, ownerKey) => {
    const productId = idField(fields, 'productId');
    const quantity = fields.quantity === undefined ? 1 : intField(fields, 'quantity');
    if (!productId || quantity === null || !CartQuantity.safeParse(quantity).success) return failed(CART_ACTION_FAILED.add, BAD_INPUT);
    await operations.add(ownerKey!, productId, quantity);
    const name = lineOf(toApiCart(await operations.read(ownerKey)), productId)?.product.name ?? 'Das Produkt';
    const { title, text: message } = CART_ACTION_DONE.added(name);
    return done(title, message, { href: CART_PAGE, label: 'Zum Warenkorb' });
  });

  form(
    CART_FORM_ACTIONS.quantity,
    { create: false, fallback: CART_PAGE, failedTitle: CART_ACTION_FAILED.update },
    async (fields, ownerKey) => {
      const itemId = idField(fields, 'itemId');
      const quantity = intField(fields, 'quantity');
      if (!itemId || quantity === null) return failed(CART_ACTION_FAILED.update, BAD_INPUT);
      if (!ownerKey) return failed(CART_ACTION_FAILED.update, 'Dieser Artikel ist nicht im Warenkorb.');
      // Reducing to 0 removes the line (spec §4 'Cart').
      if (quantity === 0) {
        await operations.remove(ownerKey, itemId);
        return done(CART_ACTION_DONE.removed.title, CART_ACTION_DONE.removed.text);
      }
      if (!CartQuantity.safeParse(quantity).success) return failed(CART_ACTION_FAILED.update, BAD_INPUT);
      await operations.update(ownerKey, itemId, quantity);
      return null;
    },
  );

  form(
    CART_FORM_ACTIONS.remove,
    { create: false, fallback: CART_PAGE, failedTitle: CART_ACTION_FAILED.remove },
    async (fields, ownerKey) => {
      const itemId = idField(fields, 'itemId');
      if (!itemId) return failed(CART_ACTION_FAILED.remove, BAD_INPUT);
      if (!ownerKey) return failed(CART_ACTION_FAILED.remove, 'Dieser Artikel ist nicht im Warenkorb.');
      await operations.remove(ownerKey, itemId);
      return done(CART_ACTION_DONE.removed.title, CART_ACTION_DONE.removed.text);
    },
  );

  form(CART_FORM_ACTIONS.empty, { create: false, fallback: CART_PAGE, failedTitle: CART_ACTION_FAILED.clear }, async (fields, ownerKey) => {
    // Every line goes: the cart page asks once more first ('Ja, leeren' / 'Abbrechen').
    const answer = text(fields, 'bestaetigt');
    if (answer === 'nein') return null;
    if (answer !== 'ja') return { goTo: `${CART_PAGE}?${CLEAR_CART_CONFIRMATION.param}=${CLEAR_CART_CONFIRMATION.value}` };
    if (ownerKey) await operations.clear(ownerKey);
    return done(CART_ACTION_DONE.cleared.title, CART_ACTION_DONE.cleared.text);
  });

  form(
    CART_FORM_ACTIONS.applyPromo,
    { create: true, fallback: CART_PAGE, failedTitle: PROMO_REJECTED.invalid, limitedTitle: PROMO_REJECTED.tooManyAttempts },
    async (fields, ownerKey, request) => {
      // Spec §5: trimmed and uppercased; nothing to do when empty.
      const code = (text(fields, 'code') ?? '').trim().toUpperCase();
      if (!code) return null;
      if (code.length > 32) return failed(PROMO_REJECTED.invalid, 'Der Gutscheincode ist nicht gültig oder abgelaufen.');
      // Counted like the JSON endpoint: per cart, with the per-IP backstop (limits/windows.ts);
      // a form cannot solve the backstop's proof-of-work, so its refusal names the e-mail way.
      await promoGuesses.perIp.guard(
        request.ip,
        () => promoGuesses.perCart.guard(ownerKey!, () => operations.applyPromo(ownerKey!, code), isGuess),
        isGuess,
        refusalWithoutScript(seller),
      );
      const promo = toApiCart(await operations.read(ownerKey)).promo;
      return done(CART_ACTION_DONE.promoApplied.title, promo ? `Sie sparen ${promoSavingLabel(promo)}` : '');
    },
  );

  form(CART_FORM_ACTIONS.removePromo, { create: false, fallback: CART_PAGE, failedTitle: 'Fehler' }, async (_fields, ownerKey) => {
    if (ownerKey) await operations.removePromo(ownerKey);
    return done(CART_ACTION_DONE.promoRemoved.title, CART_ACTION_DONE.promoRemoved.text);
  });
};
