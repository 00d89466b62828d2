/**
 * What the cart expects of the catalog's internal API, written down as a consumer-driven contract
 * (Pact, docs/releases.md 'Contracts between the services'): each interaction runs the cart's
 * real CatalogClient against Pact's mock of the catalog. The contract is kept in
 * packages/contracts/pacts/cart-catalog.json and verified against the real catalog service in
 * its tests (services/catalog/src/catalog/catalog-provider.pact.test.ts); a changed expectation
 * fails here until the file is renewed (UPDATE_PACTS=1) and committed.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { STOCK_ERROR_CODES } from '@shop/contracts';
import { ConflictError } from '@shop/service-kit';
import { testProduct } from '@shop/test-fixtures';
import { consumerPact } from '@shop/test-fixtures/pact';
import { CatalogClient } from './catalog-client';

const { like } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';
/** The product the provider states put into the catalogue (services/catalog provider test). */
const PRODUCT = testProduct(PRODUCT_ID, { salePrice: null, referencePrice: null });

const contract = consumerPact('cart', 'catalog');

describe('the cart of the catalog (consumer-driven contract)', () => {
  test('a price lookup: GET /internal/products?ids= with the internal token answers the products', async () => {
    await contract.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} is in the catalogue with 50 in stock`)
      .uponReceiving('a lookup of one product by id')
      .withRequest('GET', '/internal/products', (request) =>
        request.query({ ids: PRODUCT_ID }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(200, (response) => response.jsonBody({ products: [like(PRODUCT)] }))
      .executeTest(async (catalog) => {
        const products = await new CatalogClient(catalog.url, SECRET).productsById([PRODUCT_ID]);
        expect(products.get(PRODUCT_ID)).toMatchObject({ id: PRODUCT_ID, price: '26.99', stock: 50, isActive: true });
      });
  });

  test('a stock reservation for an order: all lines reserved, 201', async () => {
    await contract.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} is in the catalogue with 50 in stock`)
      .uponReceiving('a reservation of stock that is there')
      .withRequest('POST', '/internal/stock/reservations', (request) =>
        request
          .headers({ 'x-internal-token': like(SECRET) })
          .jsonBody({ reservationId: 'pact-order-0001', lines: [{ productId: PRODUCT_ID, quantity: 2 }] }),
      )
      .willRespondWith(201)
      .executeTest(async (catalog) => {
        await expect(
          new CatalogClient(catalog.url, SECRET).reserveStock('pact-order-0001', [{ productId: PRODUCT_ID, quantity: 2 }]),
        ).resolves.toBeUndefined();
      });
  });

  test('a reservation of more than is in stock: 409 OUT_OF_STOCK with the German message the shopper reads', async () => {
    await contract.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} is in the catalogue with 1 in stock`)
      .uponReceiving('a reservation of more than is in stock')
      .withRequest('POST', '/internal/stock/reservations', (request) =>
        request
          .headers({ 'x-internal-token': like(SECRET) })
          .jsonBody({ reservationId: 'pact-order-0002', lines: [{ productId: PRODUCT_ID, quantity: 2 }] }),
      )
      .willRespondWith(409, (response) =>
        response.jsonBody({
          code: STOCK_ERROR_CODES.outOfStock,
          message: like('Nur noch 1 Stück verfügbar: RandM Tornado 9000 Test 5601'),
        }),
      )
      .executeTest(async (catalog) => {
        const reservation = new CatalogClient(catalog.url, SECRET).reserveStock('pact-order-0002', [
          { productId: PRODUCT_ID, quantity: 2 },
        ]);
        await expect(reservation).rejects.toBeInstanceOf(ConflictError);
        await expect(reservation).rejects.toThrow('Nur noch 1 Stück verfügbar');
      });
  });

  test('a reservation given back (an order not placed, or cancelled): 200', async () => {
    await contract.pact
      .addInteraction()
      .given(`reservation pact-order-0003 holds 2 of product ${PRODUCT_ID}`)
      .uponReceiving('the release of a reservation')
      .withRequest('POST', '/internal/stock/reservations/pact-order-0003/release', (request) =>
        request.headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(200)
      .executeTest(async (catalog) => {
        await expect(new CatalogClient(catalog.url, SECRET).releaseReservation('pact-order-0003')).resolves.toBeUndefined();
      });
  });

  contract.committedContractTest('services/cart/src/catalog-client');
});
