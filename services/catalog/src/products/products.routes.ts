import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cacheTag,
  errorResponses,
  Product,
  ProductListQuery,
  ProductListResponse,
  RelatedProductsResponse,
  SlugParam,
} from '@shop/contracts';
import { BadRequestError, ForbiddenError, isStaffRequest, NotFoundError, tagAnswer } from '@shop/service-kit';
import { listProducts, relatedProducts } from './product-queries';
import type { CatalogSnapshot, SnapshotProduct } from '../catalog/catalog-snapshot';

const errors = errorResponses({ 404: ['NOT_FOUND'] });
const listErrors = errorResponses({ 403: ['FORBIDDEN'], 404: ['NOT_FOUND'] });
const PRODUCT_NOT_FOUND = 'Das angeforderte Produkt konnte nicht gefunden werden.';

/** Products (spec §7). Every response shape comes from @shop/contracts. */
export const productRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogSnapshot;
  identitySecret: string | undefined;
  /** Whether reviews are switched on: while off, every product's `rating` is null. */
  reviewsEnabled: () => Promise<boolean>;
}> = async (app, { catalog, identitySecret, reviewsEnabled }) => {
  /** The API shape of products as shown now: without ratings while reviews are off. */
  const shown = async (products: SnapshotProduct[]) => {
    if (await reviewsEnabled()) return products.map((p) => p.api);
    return products.map((p) => (p.api.rating ? { ...p.api, rating: null } : p.api));
  };
  /**
   * The API shape of one product as shown now; its answer is tagged with the product (a page
   * rendered from it is purged from the shared cache when the product changes).
   */
  const shownOne = async (product: SnapshotProduct, reply: FastifyReply) => {
    tagAnswer(reply, [cacheTag.product(product.api.id)]);
    return (await shown([product]))[0]!;
  };

  /**
   * A product for this caller: inactive ones only for staff (they answered 200 by id
   * and slug, and their page rendered for anyone), and then never kept by a shared cache. Carts
   * and orders that hold them read through the internal API and keep working.
   * @throws NotFoundError (404) when there is none, or it is inactive and the caller no staff member.
   */
  const visible = async (product: SnapshotProduct | undefined, request: FastifyRequest, reply: FastifyReply) => {
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
    if (product.api.isActive) return product;
    if (!(await isStaffRequest(request, identitySecret))) throw new NotFoundError(PRODUCT_NOT_FOUND);
    reply.header('cache-control', 'private, no-store');
    return product;
  };

  app.get(
    '/api/products',
    {
      schema: {
        summary: 'List products: filters, search, sorting, paging',
        description:
          'Only active products; includeInactive=true is for staff (a verified x-shop-identity with a staff role), else 403. search is plain text (case-insensitive, umlauts/transliterations, prefixes, small typos, relevance-ranked). Unknown categoryId gives an empty list.',
        querystring: ProductListQuery,
        response: { 200: ProductListResponse, ...listErrors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      // Inactive products are not for the public.
      if (query.includeInactive && !(await isStaffRequest(request, identitySecret)))
        throw new ForbiddenError('Inaktive Produkte sind nur für Mitarbeitende sichtbar.');
      if (query.sort === 'relevance' && !query.search?.trim())
        throw new BadRequestError('Sortierung nach Relevanz ist nur mit einem Suchbegriff möglich.');
      const { products, total } = listProducts(catalog, query);
      tagAnswer(reply, [cacheTag.productLists, ...products.map((p) => cacheTag.product(p.api.id))]);
      return { products: await shown(products), total, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    '/api/products/slug/:slug',
    {
      schema: {
        summary: 'Product by its unique slug (/produkt/{slug})',
        params: z.object({ slug: SlugParam }),
        response: { 200: Product, ...errors },
      },
    },
    async (request, reply) => shownOne(await visible(catalog.productBySlug(request.params.slug), request, reply), reply),
  );

  app.get(
    '/api/products/slug/:category/:productSlug',
    {
      schema: {
        summary: 'Product by category and flavour slug (/kategorien/{category}/{productSlug})',
        params: z.object({ category: SlugParam, productSlug: SlugParam }),
        response: { 200: Product, ...errors },
      },
    },
    async (request, reply) =>
      shownOne(await visible(catalog.productBySlug(request.params.productSlug, request.params.category), request, reply), reply),
  );

  const idParams = z.object({ id: z.string().max(64) });
  const loadById = (id: string, request: FastifyRequest, reply: FastifyReply) => {
    if (!/^[0-9a-f]{24}$/i.test(id)) throw new BadRequestError('Ungültige Produkt-ID.');
    return visible(catalog.productById(id.toLowerCase()), request, reply);
  };

  app.get(
    '/api/products/:id',
    { schema: { summary: 'Product by id (24 hex characters)', params: idParams, response: { 200: Product, ...errors } } },
    async (request, reply) => shownOne(await loadById(request.params.id, request, reply), reply),
  );

  app.get(
    '/api/products/:id/related',
    {
      schema: {
        summary: 'Related products by spec §9 (same category, else same puff count, else any; at most 4)',
        params: idParams,
        response: { 200: RelatedProductsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const product = await loadById(request.params.id, request, reply);
      const related = relatedProducts(catalog, product);
      // Which products are related changes with the catalogue's lists (spec §9: same category first).
      tagAnswer(reply, [cacheTag.productLists, cacheTag.product(product.api.id), ...related.map((p) => cacheTag.product(p.api.id))]);
      return { products: await shown(related) };
    },
  );
};
