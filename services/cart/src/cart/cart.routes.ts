import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartLineItemCreateBody,
  CartLineItemUpdateBody,
  CartResponse,
  ChallengeSolutionHeaders,
  errorResponses,
  PromoCodeBody,
  PromoValidationResponse,
} from '@shop/contracts';
import { promoValidation } from '@shop/cart-rules';
import type { CartOperations } from './cart-operations';
import { toApiCart } from './priced-cart';
import type { CartOwners } from './cart-owner';
import { challengeSolutionOf, SECURITY_CHECK_MESSAGE, type AttemptLimiter, type ChallengeGate } from '@shop/service-kit';
import { UnknownPromoCodeError } from '../limits/windows';

const errors = errorResponses({ 404: ['NOT_FOUND'], 409: ['OUT_OF_STOCK', 'CONFLICT'], 503: ['CATALOG_UNAVAILABLE'] });
const readErrors = errorResponses({ 503: ['CATALOG_UNAVAILABLE'] });
const promoErrors = errorResponses({
  400: ['PROMO_UNKNOWN'],
  429: ['PROMO_ATTEMPTS_EXCEEDED', 'CHALLENGE_REQUIRED'],
  503: ['CATALOG_UNAVAILABLE'],
});
/** Only an unknown code uses up one of a client's allowed guesses. */
const isGuess = ({ error }: { error?: unknown }) => error instanceof UnknownPromoCodeError;
const itemParams = z.object({ itemId: z.string().regex(/^[0-9a-f]{24}$/i, 'ungültige Artikel-ID') });

/**
 * Cart endpoints (spec §7) and promo codes. Every answer is the priced cart (CartResponse):
 * line items with embedded product, totals by spec §9, the applied code, notices.
 * Errors: 400 bad quantity or code (German message, cart unchanged; an unknown code has code
 * PROMO_UNKNOWN), 404 unknown line or product, 409 sold out, 429 PROMO_ATTEMPTS_EXCEEDED after
 * 10 unknown codes per cart within 10 minutes; 429 CHALLENGE_REQUIRED with a proof-of-work
 * `challenge` after PROMO_GUESS_LIMIT_PER_IP (100) per client IP (limits/windows.ts): the request
 * sent again with its solution in the `x-challenge-solution` header passes that backstop once (the
 * per-cart limit still applies); 503 catalog not reachable.
 */
export const cartRoutes: FastifyPluginAsyncZod<{
  operations: CartOperations;
  owners: CartOwners;
  promoGuesses: { perCart: AttemptLimiter; perIp: AttemptLimiter; challenge: ChallengeGate };
}> = async (app, { operations, owners, promoGuesses }) => {
  const readApi = async (ownerKey: string | null) => toApiCart(await operations.read(ownerKey));
  const owner = async (request: FastifyRequest, reply: FastifyReply, create: boolean) =>
    (await owners.resolve(request, reply, create)).ownerKey;
  /**
   * A promo check counted against the cart's guesses and the client IP's backstop (limits/windows.ts);
   * beyond the backstop only with a solved challenge.
   */
  const checkPromo = <T>(request: FastifyRequest, ownerKey: string, check: () => Promise<T>) =>
    promoGuesses.perIp.guard(
      request.ip,
      () => promoGuesses.perCart.guard(ownerKey, check, isGuess),
      isGuess,
      promoGuesses.challenge.refuseOrPass(challengeSolutionOf(request.headers), SECURITY_CHECK_MESSAGE),
    );

  app.get('/api/cart', { schema: { summary: 'The priced cart', response: { 200: CartResponse, ...readErrors } } }, async (request, reply) =>
    readApi(await owner(request, reply, false)),
  );

  app.post(
    '/api/cart',
    {
      schema: {
        summary: 'Add a product (a client price is ignored)',
        body: CartLineItemCreateBody,
        response: { 201: CartResponse, ...errors },
      },
    },
    async (request, reply) => {
      const key = (await owner(request, reply, true))!;
      await operations.add(key, request.body.productId.toLowerCase(), request.body.quantity);
      return reply.code(201).send(await readApi(key));
    },
  );

  app.patch(
    '/api/cart/:itemId',
    {
      schema: {
        summary: 'Set a line quantity (1–99, at most the stock)',
        params: itemParams,
        body: CartLineItemUpdateBody,
        response: { 200: CartResponse, ...errors },
      },
    },
    async (request, reply) => {
      const key = await owner(request, reply, false);
      if (!key) return reply.code(404).send({ message: 'Dieser Artikel ist nicht im Warenkorb.', code: 'NOT_FOUND' });
      await operations.update(key, request.params.itemId.toLowerCase(), request.body.quantity);
      return readApi(key);
    },
  );

  app.delete(
    '/api/cart/:itemId',
    { schema: { summary: 'Remove a line', params: itemParams, response: { 200: CartResponse, ...errors } } },
    async (request, reply) => {
      const key = await owner(request, reply, false);
      if (!key) return reply.code(404).send({ message: 'Dieser Artikel ist nicht im Warenkorb.', code: 'NOT_FOUND' });
      await operations.remove(key, request.params.itemId.toLowerCase());
      return readApi(key);
    },
  );

  app.delete(
    '/api/cart',
    { schema: { summary: 'Empty the cart', response: { 200: CartResponse, ...readErrors } } },
    async (request, reply) => {
      const key = await owner(request, reply, false);
      if (key) await operations.clear(key);
      return readApi(key);
    },
  );

  app.post(
    '/api/promo/validate',
    {
      schema: {
        summary: 'Check a promo code (spec §7): ok gives discount and type, else a German message',
        body: PromoCodeBody,
        headers: ChallengeSolutionHeaders,
        response: {
          200: PromoValidationResponse,
          ...errorResponses({ 400: ['PROMO_UNKNOWN'], 429: ['PROMO_ATTEMPTS_EXCEEDED', 'CHALLENGE_REQUIRED'] }),
        },
      },
    },
    async (request, reply) => {
      // A check without a cart still belongs to a guest session (the cookie is set now), so its
      // guesses count for that session and never for other shoppers behind the same IP.
      const key = (await owner(request, reply, true))!;
      const promo = await checkPromo(request, key, () => operations.validatePromo(request.body.code));
      return promoValidation(promo.code, promo.discount);
    },
  );

  app.post(
    '/api/cart/promo',
    {
      schema: {
        summary: 'Apply a promo code to the cart (the server computes the discount)',
        body: PromoCodeBody,
        headers: ChallengeSolutionHeaders,
        response: { 200: CartResponse, ...promoErrors },
      },
    },
    async (request, reply) => {
      const key = (await owner(request, reply, true))!;
      await checkPromo(request, key, () => operations.applyPromo(key, request.body.code));
      return readApi(key);
    },
  );

  app.delete(
    '/api/cart/promo',
    { schema: { summary: 'Remove the promo code', response: { 200: CartResponse, ...readErrors } } },
    async (request, reply) => {
      const key = await owner(request, reply, false);
      if (key) await operations.removePromo(key);
      return readApi(key);
    },
  );
};
