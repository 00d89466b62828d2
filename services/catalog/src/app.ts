import { CAUTIOUS_STOREFRONT_SETTINGS } from '@shop/contracts';
import { AuditRelay, createDomainService, identitySecret, storefrontSettingsRead } from '@shop/service-kit';
import type { CatalogConfig } from './config';
import { CatalogSnapshot } from './catalog/catalog-snapshot';
import { productRoutes } from './products/products.routes';
import { categoryRoutes } from './categories/categories.routes';
import { mediaRoutes } from './media/media.routes';
import { mediaUsageRoutes } from './media/media-usage.routes';
import { internalRoutes } from './catalog/internal.routes';
import { stockRoutes } from './stock/stock.routes';
import { productModel } from './products/product.model';
import { ProductAdmin } from './products/product-admin';
import { adminProductRoutes } from './products/admin-products.routes';
import { AdminProductQueries } from './products/admin-product-queries';
import { ProductCsvImport } from './products/csv/product-csv-import';
import { productImportModel } from './products/csv/product-import.model';
import { productImportRoutes } from './products/csv/product-import.routes';
import { backfillProductLawCodes } from './products/product-migrations';
import { reviewModel } from './reviews/review.model';
import { Reviews } from './reviews/reviews';
import { reviewRoutes } from './reviews/reviews.routes';
import { PurchasesClient } from './reviews/purchases-client';
import { ReviewSummaries } from './reviews/review-summaries';
import { ReviewModerationService } from './reviews/review-moderation';
import { adminReviewRoutes } from './reviews/admin-reviews.routes';

/**
 * Builds the catalog service: products, categories, search, product images, placeholders, SEO
 * data and reviews from verified buyers on its own database (shop_catalog). Reads are answered from the in-memory catalogue
 * snapshot, built before the app is ready and kept in sync (see CatalogSnapshot). Returns it with
 * the domain objects tests drive directly (the snapshot refreshed, the audit relay flushed now
 * instead of on their next tick).
 */
export async function buildCatalogService(config: CatalogConfig) {
  const app = await createDomainService(config, {
    service: 'catalog',
    description: 'Products, categories, stock, search and product images.',
  });
  const catalog = new CatalogSnapshot(app.db, app.changes, app.edge);
  // The reviews switch staff keep in the back office (content service), at most 2 s old; off while unknown.
  const storefrontSettings = storefrontSettingsRead({
    contentServiceUrl: config.CONTENT_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    log: app.log,
  });
  const reviewsEnabled = async () => ((await storefrontSettings.current()) ?? CAUTIOUS_STOREFRONT_SETTINGS).reviewsEnabled;
  const identity = identitySecret(config.IDENTITY_SECRET);
  await app.register(productRoutes, { catalog, identitySecret: identity, reviewsEnabled });
  await app.register(categoryRoutes, { catalog });
  await app.register(mediaRoutes);
  await app.register(mediaUsageRoutes(app.db));
  await app.register(internalRoutes, { publicOrigin: config.PUBLIC_ORIGIN, catalog, reviewsEnabled });
  await app.register(stockRoutes, { catalog });
  const relay = new AuditRelay({
    adminServiceUrl: config.ADMIN_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    models: [() => productModel(app.db), () => reviewModel(app.db), () => productImportModel(app.db)],
    log: app.log,
  });
  const production = config.SHOP_ENVIRONMENT === 'production';
  const products = new ProductAdmin({ db: app.db, catalog, relay, production });
  const queries = new AdminProductQueries({ db: app.db, catalog, now: () => new Date() });
  await app.register(adminProductRoutes, { products, queries });
  await app.register(productImportRoutes, { importer: new ProductCsvImport({ db: app.db, products, relay, production }) });
  const purchases = new PurchasesClient(config.CART_SERVICE_URL, app.internalApiSecret);
  await app.register(reviewRoutes, { reviews: new Reviews({ db: app.db, catalog, purchases }), reviewsEnabled, identitySecret: identity });
  const summaries = new ReviewSummaries({ db: app.db, catalog });
  await app.register(adminReviewRoutes, { moderation: new ReviewModerationService({ db: app.db, relay, summaries, edge: app.edge }) });
  app.jobs.migration('product-versions-and-law-codes', () => backfillProductLawCodes(app.db, new Date()));
  // Migrations run first (createDomainService's onReady hook); the snapshot is built from their result.
  app.addHook('onReady', () => catalog.refresh());
  app.jobs.every('catalogue-sync', { intervalMs: config.SEARCH_SYNC_INTERVAL_MS, perInstance: true }, () => catalog.sync());
  app.jobs.every('review-summaries', { intervalMs: 60_000 }, () => summaries.recountAll());
  app.jobs.every('audit-relay', { intervalMs: config.AUDIT_RELAY_INTERVAL_MS }, () => relay.flush());
  return { app, domain: { catalog, auditRelay: relay } };
}

/** The catalog service as `server.ts` runs it. */
export async function buildApp(config: CatalogConfig) {
  return (await buildCatalogService(config)).app;
}
