import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, STAFF_ACCESS_ERRORS, STAFF_RECORD_ERRORS } from '@shop/contracts';
import { isoDateInBerlin } from '@shop/format';
import {
  AdminProductDetail,
  AdminProductListQuery,
  AdminProductListResponse,
  ProductBulkAction,
  ProductBulkResult,
  ProductChange,
  ProductInput,
} from '@shop/contracts/admin';
import type { ProductAdmin } from './product-admin';
import type { AdminProductQueries } from './admin-product-queries';
import { productsCsv } from './csv/product-csv-export';

const idParams = z.object({ id: z.string().max(64) });
const writeErrors = errorResponses({ ...STAFF_RECORD_ERRORS, 422: ['PUBLISH_BLOCKED'] });

/**
 * Staff endpoints of the catalogue's products, all under /api/admin/products and
 * checked by service-kit's staffAccessPlugin (permission `catalog:write`). Writes answer 409
 * STALE_VERSION when the product changed since the `version` sent, 422 PUBLISH_BLOCKED when
 * production rules keep a flagged product from going live.
 */
export const adminProductRoutes: FastifyPluginAsyncZod<{ products: ProductAdmin; queries: AdminProductQueries }> = async (
  app,
  { products, queries },
) => {
  const config = { permission: 'catalog:write' } as const;

  app.get(
    '/api/admin/products',
    {
      config,
      schema: {
        summary: 'Staff product table: search, filters, sorting, paging',
        description:
          'search matches name, flavour and SKU (case-insensitive, plain text). status: all, active, inactive, flagged (product-law objections), sold-out (stock ≤ 0), low-stock (1–10). Includes inactive products.',
        querystring: AdminProductListQuery,
        response: { 200: AdminProductListResponse, ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (request) => queries.list(request.query),
  );

  app.get(
    '/api/admin/products/export.csv',
    {
      config,
      schema: {
        summary: 'Every product as CSV (Excel in Germany: UTF-8 with BOM, `;`, decimal comma)',
        description:
          'One row per product by SKU with every field staff edit under German headers (product-csv-columns.ts); formula-like cells start with an apostrophe (CSV injection). Sent as attachment produkte-YYYY-MM-DD.csv.',
        response: { 200: z.any().describe('text/csv'), ...errorResponses(STAFF_ACCESS_ERRORS) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="produkte-${isoDateInBerlin(new Date())}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(productsCsv(await queries.allForExport())),
  );

  app.get(
    '/api/admin/products/:id',
    {
      config,
      schema: {
        summary: 'One product with version, law objections and price history',
        params: idParams,
        response: { 200: AdminProductDetail, ...errorResponses({ ...STAFF_ACCESS_ERRORS, 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => queries.detail(request.params.id),
  );

  app.post(
    '/api/admin/products',
    {
      config,
      schema: {
        summary: 'Create a product',
        description: 'Every field of ProductInput; prices in EUR as two-decimal strings. The first price is recorded in the price history.',
        body: ProductInput,
        response: { 201: AdminProductDetail, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await products.create(request.staff!, request.body)),
  );

  app.patch(
    '/api/admin/products/:id',
    {
      config,
      schema: {
        summary: 'Change a product (optimistic concurrency)',
        description:
          'Body: { version, changes, complianceOverrideReason? }. 409 STALE_VERSION when the product changed since version. complianceOverrideReason (admins: compliance:override) records a reasoned release of the current product-law objections.',
        params: idParams,
        body: ProductChange,
        response: { 200: AdminProductDetail, ...writeErrors },
      },
    },
    async (request) => products.change(request.staff!, request.params.id, request.body),
  );

  app.post(
    '/api/admin/products/bulk',
    {
      config,
      schema: {
        summary: 'Bulk actions: activate, deactivate, set a category price',
        description: 'Each product is changed and audited on its own; refused ones are listed with the German reason.',
        body: ProductBulkAction,
        response: { 200: ProductBulkResult, ...writeErrors },
      },
    },
    async (request) => products.bulk(request.staff!, request.body),
  );
};
