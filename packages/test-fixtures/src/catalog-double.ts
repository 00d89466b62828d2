import Fastify, { type FastifyInstance } from 'fastify';
import type { Product } from '@shop/contracts';

/** A catalogue product as the catalog's internal API returns it (active, in stock, 26,99 € → 16,99 €). */
export function testProduct(id: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name: `RandM Tornado 9000 Test ${id.slice(-4)}`,
    slug: `test-${id}`,
    flavorSlug: 'test-einweg-vape',
    categoryId: 'cat-tornado-9000',
    category: 'randm-tornado-9000',
    price: '26.99',
    salePrice: '16.99',
    referencePrice: '26.99',
    images: [],
    description: '<p>Test</p>',
    features: [],
    brand: 'RandM',
    flavor: 'Test',
    puffCount: 9000,
    nicotineStrength: '2%',
    nicotineMgPerMl: 20,
    nicotineWarning: 'Warnung',
    stock: 50,
    isActive: true,
    salesCount: 0,
    productType: 'disposable',
    liquidVolumeMl: 18,
    batteryMah: 600,
    coil: 'Mesh-Coil',
    durabilityGuaranteeYears: null,
    shippingWeightGrams: null,
    rating: null,
    sku: `SKU-${id}`,
    gtin: null,
    isDemo: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** What every catalog double knows; tests change it directly. */
export interface CatalogDoubleState {
  products: Map<string, Product>;
  /** false: every call answers 500. */
  up: boolean;
}

/**
 * A stand-in for the catalog service in a service's tests, speaking the catalog's internal
 * contract: calls without the shared secret get 401, `GET /internal/products?ids=` answers the
 * known products (InternalProductsResponse). `addRoutes` adds what one service needs beyond
 * that (the cart: stock reservations). Listens on a free port of 127.0.0.1.
 */
export async function startCatalogDouble<S extends CatalogDoubleState>(
  internalSecret: string,
  state: S,
  addRoutes: (catalog: FastifyInstance, state: S) => void = () => undefined,
): Promise<{ state: S; url: string; close: () => Promise<void> }> {
  const catalog = Fastify();
  catalog.addHook('onRequest', async (request, reply) => {
    if (request.headers['x-internal-token'] !== internalSecret)
      return reply.code(401).send({ message: 'no token', code: 'INTERNAL_UNAUTHORIZED' });
  });
  catalog.get('/internal/products', async (request, reply) => {
    if (!state.up) return reply.code(500).send({ message: 'down' });
    const ids = String((request.query as { ids: string }).ids).split(',');
    return { products: ids.flatMap((id) => state.products.get(id) ?? []) };
  });
  addRoutes(catalog, state);
  const url = await catalog.listen({ port: 0, host: '127.0.0.1' });
  return { state, url, close: () => catalog.close() };
}
