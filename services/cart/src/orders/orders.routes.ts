import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgeVerificationBody,
  AgeVerificationResponse,
  errorResponses,
  IdempotencyKey,
  Order,
  OrderListResponse,
  ReorderResponse,
} from '@shop/contracts';
import { PlaceOrderBody } from '@shop/contracts/checkout';
import { BadRequestError, NotFoundError, customerEmailKey, readIdentity } from '@shop/service-kit';
import type { OrderPlacement, PlacementInput } from './order-placement';
import { AgeVerificationFailedError } from './order-placement';
import { PLACEMENT_FAULT_POINTS, type PlacementFaultPoint } from './placement-faults';
import type { BuyerOrders } from './buyer-orders';
import { accessibleOrderIds, grantOrderAccess } from './order-access';
import type { CartOwners } from '../cart/cart-owner';
import type { CartOperations } from '../cart/cart-operations';
import { toApiCart } from '../cart/priced-cart';
import type { AgeVerificationProvider } from '../age-verification/provider';
import type { IdCardMrzInput } from '../age-verification/id-card-mrz';
import { orderFailures } from '../metrics/shop-metrics';
import type { AttemptLimiter } from '@shop/service-kit';

interface OrderRouteOptions {
  placement: OrderPlacement;
  /** Orders as their buyers read them. */
  buyerOrders: BuyerOrders;
  /** The cart 'Erneut bestellen' fills. */
  cart: CartOperations;
  owners: CartOwners;
  ageVerification: AgeVerificationProvider<IdCardMrzInput>;
  secureCookie: boolean;
  identitySecret: string | undefined;
  now: () => Date;
  /** Orders placed per client IP and per e-mail address (limits/windows.ts). */
  orderLimits: { perIp: AttemptLimiter; perEmail: AttemptLimiter };
  /** FAULT_INJECTION: the header `x-fault-point` may stop the process mid-placement (fault tests only). */
  faultInjection: boolean;
}

/** Only an order placed now uses up the window (not a repeat of the same key, not a refused attempt). */
const isNewOrder = ({ result }: { result?: { created: boolean } }) => result?.created === true;

/**
 * Places an order within the order limits per client IP and per e-mail address (limits/windows.ts):
 * the JSON endpoint and the checkout form without JavaScript both place through here.
 * @throws 429 ORDER_LIMIT_REACHED, and whatever OrderPlacement.place throws.
 */
export function placeWithinLimits(
  placement: OrderPlacement,
  limits: { perIp: AttemptLimiter; perEmail: AttemptLimiter },
  ip: string,
  order: { ownerKey: string; idempotencyKey: string; input: PlacementInput; userId: string | null; crashAt?: PlacementFaultPoint },
): Promise<{ order: Order; created: boolean }> {
  const place = () => placement.place(order.ownerKey, order.idempotencyKey, order.input, order.userId, order.crashAt);
  return limits.perIp.guard(ip, () => limits.perEmail.guard(customerEmailKey(order.input.email), place, isNewOrder), isNewOrder);
}

const errors = errorResponses({
  401: ['UNAUTHENTICATED'],
  404: ['NOT_FOUND'],
  409: ['CONFLICT', 'OUT_OF_STOCK', 'PAYMENT_METHOD_UNAVAILABLE'],
  422: ['AGE_VERIFICATION_FAILED'],
  429: ['ORDER_LIMIT_REACHED'],
  503: ['CATALOG_UNAVAILABLE'],
});

/**
 * Checkout and orders:
 * - `POST /api/checkout/age-verification`: checks the ID card before the review step (422 with
 *   the German reason); the order checks again, nothing is stored here.
 * - `POST /api/orders` (header `Idempotency-Key`): places the cart as an order; 201 the new
 *   order, 200 the order placed earlier with the same key; grants this browser access to it;
 *   429 ORDER_LIMIT_REACHED after ORDER_LIMIT_PER_EMAIL orders per e-mail address or
 *   ORDER_LIMIT_PER_IP per client IP within 24 hours.
 * - `GET /api/orders/{id}`: the order for its buyer (access cookie or logged-in owner), else 404.
 * - `GET /api/orders`: the logged-in customer's orders (401 'Anmeldung erforderlich' otherwise).
 * - `POST /api/orders/{id}/reorder`: 'Erneut bestellen' for the order's buyer (as the
 *   GET; 404 otherwise): its products go into this browser's cart as far as they are available
 *   today (ReorderResponse says which were left out and why); 503 when the catalog is unreachable.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, options) => {
  const { placement, buyerOrders, secureCookie, identitySecret } = options;
  /** The placement step the fault tests stop this process after (`x-fault-point`), only with FAULT_INJECTION on. */
  const crashAt = (request: FastifyRequest): PlacementFaultPoint | undefined => {
    const point = request.headers['x-fault-point'];
    return options.faultInjection && PLACEMENT_FAULT_POINTS.includes(point as PlacementFaultPoint)
      ? (point as PlacementFaultPoint)
      : undefined;
  };

  app.post(
    '/api/checkout/age-verification',
    {
      schema: {
        summary: 'Check the age with the German ID card (stage 1 of the age check)',
        body: AgeVerificationBody,
        response: { 200: AgeVerificationResponse, ...errorResponses({ 422: ['AGE_VERIFICATION_FAILED'] }) },
      },
    },
    async (request) => {
      const { birthDate, firstName, lastName, ageVerification } = request.body;
      const result = await options.ageVerification.verify({
        mrzLines: ageVerification.mrzLines,
        birthDate,
        orderDate: options.now(),
        holder: { firstName, lastName },
      });
      if (!result.verified) throw new AgeVerificationFailedError(result.failureReason ?? 'Die Altersprüfung ist fehlgeschlagen.');
      return { verified: true as const, method: result.method, checkedAt: result.checkedAt.toISOString() };
    },
  );

  app.post(
    '/api/orders',
    {
      schema: {
        summary: 'Place the cart as an order (Vorkasse or Nachnahme, DHL with age check); idempotent by the Idempotency-Key header',
        headers: z.object({ 'idempotency-key': IdempotencyKey }),
        body: PlaceOrderBody,
        response: { 200: Order, 201: Order, ...errors },
      },
    },
    async (request, reply) => {
      const { ownerKey, userId } = await options.owners.resolve(request, reply, false);
      if (!ownerKey) {
        orderFailures.inc({ reason: 'empty_cart' });
        throw new BadRequestError('Ihr Warenkorb ist leer.');
      }
      const { order, created } = await placeWithinLimits(placement, options.orderLimits, request.ip, {
        ownerKey,
        idempotencyKey: request.headers['idempotency-key'],
        input: request.body,
        userId,
        crashAt: crashAt(request),
      });
      grantOrderAccess(request, reply, order.id, secureCookie);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        summary: "An order for its buyer (this browser's access cookie or the logged-in owner)",
        params: z.object({ id: z.string() }),
        response: { 200: Order, ...errorResponses({ 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      const identity = await readIdentity(request, identitySecret);
      if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFoundError('Bestellung nicht gefunden.');
      return buyerOrders.forBuyer(id, accessibleOrderIds(request), identity);
    },
  );

  app.post(
    '/api/orders/:id/reorder',
    {
      schema: {
        summary: "Puts an earlier order's products into the cart again ('Erneut bestellen')",
        params: z.object({ id: z.string() }),
        response: { 200: ReorderResponse, ...errorResponses({ 404: ['NOT_FOUND'], 409: ['CONFLICT'], 503: ['CATALOG_UNAVAILABLE'] }) },
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFoundError('Bestellung nicht gefunden.');
      const order = await buyerOrders.forBuyer(id, accessibleOrderIds(request), await readIdentity(request, identitySecret));
      const ownerKey = (await options.owners.resolve(request, reply, true)).ownerKey!;
      const outcome = await options.cart.reorder(ownerKey, order.items);
      return { ...outcome, cart: toApiCart(await options.cart.read(ownerKey)) };
    },
  );

  app.get(
    '/api/orders',
    {
      schema: {
        summary: "The logged-in customer's orders, newest first",
        response: { 200: OrderListResponse, ...errorResponses({ 401: ['UNAUTHENTICATED'] }) },
      },
    },
    async (request, reply) => {
      const identity = await readIdentity(request, identitySecret);
      if (!identity) return reply.code(401).send({ message: 'Anmeldung erforderlich', code: 'UNAUTHENTICATED' });
      return { orders: await buyerOrders.forUser(identity) };
    },
  );
};
