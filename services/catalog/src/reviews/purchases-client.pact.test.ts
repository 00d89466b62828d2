/**
 * What the catalog expects of the cart service's internal API before a review is taken (only a
 * buyer of a delivered order reviews its products), written down as a consumer-driven contract
 * (Pact, docs/releases.md 'Contracts between the services'): each interaction runs the catalog's
 * real PurchasesClient against Pact's mock of the cart. The contract
 * (packages/contracts/pacts/catalog-cart.json) is verified against the real cart service in its
 * tests (services/cart/src/cart-provider.pact.test.ts).
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerPact } from '@shop/test-fixtures/pact';
import { PurchasesClient } from './purchases-client';

const { like, fromProviderState } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
const CUSTOMER = '665f1c2b9a1e4b0012345610';
const EMAIL = 'erika@example.de';
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';
/** The delivered order's id: made by the provider state, an example here. */
const ORDER_ID = '6760a0c2b9a1e4b001234567';

const contract = consumerPact('catalog', 'cart');

describe('the catalog of the cart service (consumer-driven contract)', () => {
  test('the products of a delivered order of the logged-in buyer: POST /internal/review-eligibility, 200', async () => {
    await contract.pact
      .addInteraction()
      .given(`customer ${CUSTOMER} (${EMAIL}) has a delivered order of product ${PRODUCT_ID}`)
      .uponReceiving("a check of a delivered order's buyer")
      .withRequest('POST', '/internal/review-eligibility', (request) =>
        request
          .headers({ 'x-internal-token': like(SECRET) })
          .jsonBody({ orderId: fromProviderState('${orderId}', ORDER_ID), userId: CUSTOMER, email: EMAIL }),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({
          orderId: fromProviderState('${orderId}', ORDER_ID),
          orderNumber: like('RM-2026-000123'),
          products: [{ productId: PRODUCT_ID, name: like('RandM Tornado 9000 Test'), image: null }],
        }),
      )
      .executeTest(async (cart) => {
        await expect(
          new PurchasesClient(cart.url, SECRET).eligibility({ orderId: ORDER_ID, userId: CUSTOMER, email: EMAIL }),
        ).resolves.toEqual({
          orderId: ORDER_ID,
          orderNumber: 'RM-2026-000123',
          products: [{ productId: PRODUCT_ID, name: 'RandM Tornado 9000 Test', image: null }],
        });
      });
  });

  test('no delivered order of this buyer under that id: 404, which the catalog reads as not eligible', async () => {
    await contract.pact
      .addInteraction()
      .given(`customer ${CUSTOMER} (${EMAIL}) has no delivered order ${ORDER_ID}`)
      .uponReceiving('a check of an order that is not a delivered order of this buyer')
      .withRequest('POST', '/internal/review-eligibility', (request) =>
        request.headers({ 'x-internal-token': like(SECRET) }).jsonBody({ orderId: ORDER_ID, userId: CUSTOMER, email: EMAIL }),
      )
      .willRespondWith(404)
      .executeTest(async (cart) => {
        await expect(
          new PurchasesClient(cart.url, SECRET).eligibility({ orderId: ORDER_ID, userId: CUSTOMER, email: EMAIL }),
        ).resolves.toBeNull();
      });
  });

  contract.committedContractTest('services/catalog/src/reviews/purchases-client.pact');
});
