/**
 * The catalog keeps what its consumers expect of its internal API (consumer-driven contracts,
 * docs/releases.md 'Contracts between the services'): Pact replays every interaction of
 * packages/contracts/pacts/cart-catalog.json (prices and stock reservations, written by
 * services/cart/src/catalog-client/catalog-client.pact.test.ts) and of account-catalog.json (the
 * wishlist's products, written by services/account/src/wishlist/catalog-reader.pact.test.ts) and
 * of gateway-catalog.json (page heads and sitemap entries, written by
 * services/gateway/src/storefront/service-head.pact.test.ts) and of admin-catalog.json (the
 * dashboard's stock figures and where an image is used, written by
 * services/admin/src/internal-reads.pact.test.ts) against this service running on the real local database, each in the provider state it names.
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { loadConfig } from '@shop/service-kit';
import { mediaUrl } from '@shop/contracts';
import { testProduct } from '@shop/test-fixtures';
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { buildCatalogService } from '../app';
import { CatalogEnv } from '../config';
import { productModel } from '../products/product.model';

const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';

let service: Awaited<ReturnType<typeof buildCatalogService>>;
let url: string;

beforeAll(async () => {
  service = await buildCatalogService(
    loadConfig(CatalogEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_catalog_pact_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      IDENTITY_SECRET: 'test-identity-secret-0123456789-abcdef',
      INTERNAL_API_SECRET,
    }),
  );
  url = await service.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await service.app.db.dropDatabase();
  await service.app.close();
});

/**
 * A product in the catalogue under `id` with `stock` units: the product of the contract
 * (testProduct, regular price 26,99 €, no sale), stored the way the catalog keeps it (cents).
 */
async function productInCatalogue(id: string, stock: number): Promise<void> {
  const products = productModel(service.app.db);
  await products.deleteOne({ _id: new Types.ObjectId(id) });
  // The API's computed fields (id, price, salePrice, referencePrice, rating) are not stored: the
  // model's strict schema leaves them out.
  await products.create({ ...testProduct(id), _id: new Types.ObjectId(id), priceCents: 2699, salePriceCents: null, stock });
  await service.domain.catalog.refresh();
}

/** The product the contracts name, and one the catalogue does not hold. */
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';
const GONE_ID = '665f1c2b9a1e4b00123456ff';
/** A media library image the back office asks about before deleting it. */
const USED_ASSET = '6761b0c2b9a1e4b001234a01';

test("the catalog's internal API answers every interaction its consumers' contracts expect", async () => {
  const verified = verifyProviderContracts({
    provider: 'catalog',
    url,
    consumers: ['cart', 'account', 'gateway', 'admin'],
    stateHandlers: {
      [`product ${PRODUCT_ID} shows media library image ${USED_ASSET}`]: async () => {
        await productInCatalogue(PRODUCT_ID, 50);
        await productModel(service.app.db).updateOne(
          { _id: new Types.ObjectId(PRODUCT_ID) },
          { $set: { images: [mediaUrl(USED_ASSET, 800)] } },
        );
      },
      // The contract's path names a flavour no product of the test catalogue has.
      'no product is called gibt-es-nicht': async () => undefined,
      [`product ${GONE_ID} is not in the catalogue`]: async () => {
        await productModel(service.app.db).deleteOne({ _id: new Types.ObjectId(GONE_ID) });
        await service.domain.catalog.refresh();
      },
      [`product ${PRODUCT_ID} is in the catalogue with 50 in stock`]: () => productInCatalogue(PRODUCT_ID, 50),
      [`product ${PRODUCT_ID} is in the catalogue with 1 in stock`]: () => productInCatalogue(PRODUCT_ID, 1),
      [`reservation pact-order-0003 holds 2 of product ${PRODUCT_ID}`]: async () => {
        await productInCatalogue(PRODUCT_ID, 50);
        const reserved = await fetch(`${url}/internal/stock/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_API_SECRET },
          body: JSON.stringify({ reservationId: 'pact-order-0003', lines: [{ productId: PRODUCT_ID, quantity: 2 }] }),
        });
        if (reserved.status !== 201) throw new Error(`the reservation of the provider state failed: ${reserved.status}`);
      },
    },
  });
  // Rejects, listing each mismatch, when an interaction is not answered as a consumer expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
