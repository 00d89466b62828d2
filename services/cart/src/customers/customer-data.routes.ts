import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerCommerceData, Email } from '@shop/contracts';
import type { Carts } from '../cart/carts';
import type { BuyerOrders } from '../orders/buyer-orders';
import type { Withdrawals } from '../withdrawals/withdrawals';

const params = z.object({ userId: z.string().regex(/^[0-9a-f]{24}$/i, 'Kunden-ID') }).strict();

/**
 * A customer's data in the cart service for the account service (shared INTERNAL_API_SECRET;
 * DSGVO Art. 15, 17, 20). Orders are never deleted here: German tax and commercial
 * law makes the shop keep them (services/account/README.md).
 */
export const customerDataRoutes: FastifyPluginAsyncZod<{ buyerOrders: BuyerOrders; carts: Carts; withdrawals: Withdrawals }> = async (
  app,
  { buyerOrders, carts, withdrawals },
) => {
  app.get(
    '/internal/customers/:userId/data',
    {
      schema: {
        hide: true,
        params,
        // The account's confirmed address, when it has one: guest orders placed with it belong to the export too.
        querystring: z.object({ email: Email.optional() }).strict(),
        response: { 200: CustomerCommerceData },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const orders = await buyerOrders.forUser({ userId, role: 'customer', email: request.query.email });
      const cart = await carts.load(`user:${userId}`);
      return {
        orders,
        cart:
          cart.version === 0
            ? null
            : { items: cart.items.map(({ productId, quantity }) => ({ productId, quantity })), promoCode: cart.promoCode },
        withdrawals: await withdrawals.ofOrders(orders.map((order) => order.id)),
      };
    },
  );

  app.delete(
    '/internal/customers/:userId/cart',
    { schema: { hide: true, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await carts.delete(`user:${request.params.userId}`);
      return reply.code(204).send(null);
    },
  );
};
