import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, INTERNAL_ACCESS_ERRORS, InternalProductsResponse, PageHead, PageHeadQuery, SitemapEntries } from '@shop/contracts';
import { LOW_STOCK_THRESHOLD, StockStats } from '@shop/contracts/admin';
import { NotFoundError } from '@shop/service-kit';
import { pageHeadFor, sitemapEntries } from '../seo/page-head';
import type { CatalogSnapshot } from './catalog-snapshot';

/**
 * Internal endpoints (not routed under /api): for the gateway the head of a catalogue page for
 * its first HTML and the sitemap entries; for the cart products by id; for the admin service's
 * dashboard the stock figures.
 */
export const internalRoutes: FastifyPluginAsyncZod<{
  publicOrigin: string;
  catalog: CatalogSnapshot;
  /** Whether reviews are switched on: the JSON-LD rating and the products' `rating` only then. */
  reviewsEnabled: () => Promise<boolean>;
}> = async (app, { publicOrigin, catalog, reviewsEnabled }) => {
  app.get(
    '/internal/page-head',
    {
      schema: {
        summary: 'Head data of a catalogue page; 404 when its category or product does not exist',
        querystring: PageHeadQuery,
        response: { 200: PageHead, ...errorResponses({ ...INTERNAL_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => {
      const head = pageHeadFor(catalog, request.query.path, publicOrigin, await reviewsEnabled(), request.query.query);
      if (!head) throw new NotFoundError('Seite nicht gefunden.');
      return head;
    },
  );
  app.get(
    '/internal/sitemap-entries',
    { schema: { summary: 'Categories and active products for sitemap.xml', response: { 200: SitemapEntries } } },
    async () => sitemapEntries(catalog),
  );

  app.get(
    '/internal/products',
    {
      schema: {
        summary: 'Products by id for other services (the cart re-prices its lines); unknown ids are left out',
        querystring: z
          .object({ ids: z.string().regex(/^[0-9a-f]{24}(,[0-9a-f]{24}){0,99}$/i, 'bis zu 100 Produkt-IDs, durch Kommas getrennt') })
          .strict(),
        response: { 200: InternalProductsResponse, ...errorResponses(INTERNAL_ACCESS_ERRORS) },
      },
    },
    async (request) => {
      const withRatings = await reviewsEnabled();
      return {
        products: request.query.ids
          .toLowerCase()
          .split(',')
          .flatMap((id) => catalog.productById(id)?.api ?? [])
          .map((product) => (withRatings || !product.rating ? product : { ...product, rating: null })),
      };
    },
  );

  app.get(
    '/internal/admin/stock-stats',
    {
      schema: {
        summary: "The admin dashboard's stock figures: active products low on stock and sold out (the 10 lowest of each, and the counts)",
        hide: true,
        response: { 200: StockStats },
      },
    },
    async () => {
      const tracked = catalog.products
        .filter((p) => p.api.isActive && p.api.stock !== null)
        .map((p) => ({ id: p.api.id, name: p.api.name, stock: p.api.stock! }))
        .sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name, 'de'));
      const soldOut = tracked.filter((p) => p.stock <= 0);
      const low = tracked.filter((p) => p.stock > 0 && p.stock <= LOW_STOCK_THRESHOLD);
      return { lowStock: low.slice(0, 10), lowStockCount: low.length, soldOut: soldOut.slice(0, 10), soldOutCount: soldOut.length };
    },
  );
};
