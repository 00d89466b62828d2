import { createDomainService } from '@shop/service-kit';
import type { CatalogConfig } from './config';
import { CatalogSearchIndex } from './search/search-index';
import { productRoutes } from './routes/products';
import { categoryRoutes } from './routes/categories';
import { mediaRoutes } from './routes/media';

/**
 * Builds the catalog service: products, categories, search, product images and placeholders
 * on its own database (shop_catalog). The search index is built before the app is ready and
 * kept in sync (see CatalogSearchIndex).
 */
export async function buildApp(config: CatalogConfig) {
  const app = await createDomainService(config, { service: 'catalog', description: 'Products, categories, stock, search and product images.' });
  const search = new CatalogSearchIndex(app.db);
  app.decorate('searchIndex', search);
  await app.register(productRoutes, { search });
  await app.register(categoryRoutes);
  await app.register(mediaRoutes);
  app.addHook('onReady', async () => {
    await search.refresh();
    search.startSync(config.SEARCH_SYNC_INTERVAL_MS, (error) => app.log.error({ err: error }, 'search index sync failed'));
  });
  app.addHook('onClose', async () => search.stopSync());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    searchIndex: CatalogSearchIndex;
  }
}
