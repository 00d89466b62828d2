import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddWishlistItemBody, WishlistResponse, errorResponses } from '@shop/contracts';
import { sessionOf } from '../users/current-session';
import type { Wishlists } from './wishlist';

const errors = errorResponses({ 401: ['UNAUTHENTICATED'], 404: ['NOT_FOUND'], 409: ['CONFLICT'], 503: ['CATALOG_UNAVAILABLE'] });

/**
 * The logged-in customer's wishlist (spec §7 GET/POST /api/wishlist, DELETE
 * /api/wishlist/{itemId}). 401 'Nicht authentifiziert' without a login (the browser says
 * 'Anmeldung erforderlich', spec §8). POST and DELETE answer the whole list as GET does, so the
 * browser shows the state the server holds.
 */
export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlists: Wishlists }> = async (app, { wishlists }) => {
  app.get(
    '/api/wishlist',
    {
      config: { customerSession: true },
      schema: {
        summary: "The customer's wishlist, newest first, with the catalogue's current product data",
        response: { 200: WishlistResponse, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return { items: await wishlists.list(session.userId) };
    },
  );

  app.post(
    '/api/wishlist',
    {
      config: { customerSession: true },
      schema: {
        summary: 'Add a product (adding it again changes nothing); 404 for an unknown product, 409 when the list is full',
        body: AddWishlistItemBody,
        response: { 201: WishlistResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      await wishlists.add(session.userId, request.body.productId);
      return reply.code(201).send({ items: await wishlists.list(session.userId) });
    },
  );

  app.delete(
    '/api/wishlist/:itemId',
    {
      config: { customerSession: true },
      schema: {
        summary: 'Remove an item; 404 when it is not on this customer’s list',
        params: z.object({ itemId: z.string().max(100) }).strict(),
        response: { 200: WishlistResponse, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await wishlists.remove(session.userId, request.params.itemId);
      return { items: await wishlists.list(session.userId) };
    },
  );
};
