/**
 * What the account service's wishlist expects of the catalog's internal API (the products of a
 * customer's list with today's prices and stock, spec §4 'Wishlist'), written down as a
 * consumer-driven contract (Pact, docs/releases.md 'Contracts between the services'): each
 * interaction runs the CatalogReader the wishlist uses (@shop/catalog-client) against Pact's mock
 * of the catalog. The contract (packages/contracts/pacts/account-catalog.json) is verified against
 * the real catalog service in its tests (services/catalog/src/catalog/catalog-provider.pact.test.ts).
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { CatalogReader } from '@shop/catalog-client';
import { testProduct } from '@shop/test-fixtures';
import { consumerPact } from '@shop/test-fixtures/pact';

const { like } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';
const GONE_ID = '665f1c2b9a1e4b00123456ff';
/** The product the provider states put into the catalogue (services/catalog provider test). */
const PRODUCT = testProduct(PRODUCT_ID, { salePrice: null, referencePrice: null });

const contract = consumerPact('account', 'catalog');

describe("the account service's wishlist of the catalog (consumer-driven contract)", () => {
  test("the products on a customer's list: GET /internal/products?ids=, one the catalog no longer knows left out", async () => {
    await contract.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} is in the catalogue with 50 in stock`)
      .given(`product ${GONE_ID} is not in the catalogue`)
      .uponReceiving('a lookup of two products, one of them gone')
      .withRequest('GET', '/internal/products', (request) =>
        request.query({ ids: `${PRODUCT_ID},${GONE_ID}` }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(200, (response) => response.jsonBody({ products: [like(PRODUCT)] }))
      .executeTest(async (catalog) => {
        const products = await new CatalogReader(catalog.url, SECRET).productsById([PRODUCT_ID, GONE_ID]);
        expect([...products.keys()]).toEqual([PRODUCT_ID]);
        expect(products.get(PRODUCT_ID)).toMatchObject({ price: '26.99', stock: 50, isActive: true });
      });
  });

  contract.committedContractTest('services/account/src/wishlist/catalog-reader.pact');
});
