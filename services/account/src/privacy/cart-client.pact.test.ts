/**
 * What the account service expects of the cart service's internal API for a customer's data
 * (DSGVO Art. 15, 17, 20: the export and the deletion of an account), written down as a
 * consumer-driven contract (Pact, docs/releases.md 'Contracts between the services'): each
 * interaction runs the account service's real CartClient against Pact's mock of the cart. The
 * contract (packages/contracts/pacts/account-cart.json) is verified against the real cart
 * service in its tests (services/cart/src/cart-provider.pact.test.ts).
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { testOrder } from '@shop/test-fixtures';
import { consumerPact } from '@shop/test-fixtures/pact';
import { CartClient } from './cart-client';

const { like, eachLike } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
/** The customer of the provider states (a user id of the account service). */
const CUSTOMER = '665f1c2b9a1e4b0012345610';
const EMAIL = 'erika@example.de';
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';

/**
 * An order as the cart service keeps it for its buyer: placed while logged in, by prepayment,
 * awaiting payment, not shipped, under the legal texts in force then (the fields' types are the
 * contract, not their values).
 */
const ORDER = testOrder({
  email: EMAIL,
  items: [{ ...testOrder().items[0]!, productId: PRODUCT_ID }],
  legalVersions: { terms: '2026-11-23', withdrawal: '2026-11-23', privacy: '2026-11-20' },
});

const contract = consumerPact('account', 'cart');

describe('the account service of the cart service (consumer-driven contract)', () => {
  test("a customer's orders, cart and withdrawals for the data export: GET /internal/customers/:id/data?email=", async () => {
    await contract.pact
      .addInteraction()
      .given(`customer ${CUSTOMER} (${EMAIL}) has an order placed while logged in and 3 of product ${PRODUCT_ID} in the cart`)
      .uponReceiving("a read of a customer's commerce data")
      .withRequest('GET', `/internal/customers/${CUSTOMER}/data`, (request) =>
        request.query({ email: EMAIL }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({
          orders: eachLike(ORDER),
          cart: { items: [{ productId: PRODUCT_ID, quantity: 3 }], promoCode: null },
          withdrawals: [],
        }),
      )
      .executeTest(async (cart) => {
        const data = await new CartClient(cart.url, SECRET).commerceData(CUSTOMER, EMAIL);
        expect(data.orders).toHaveLength(1);
        expect(data.orders[0]).toMatchObject({ email: EMAIL, status: 'awaiting_payment', items: [{ productId: PRODUCT_ID }] });
        expect(data.cart).toEqual({ items: [{ productId: PRODUCT_ID, quantity: 3 }], promoCode: null });
      });
  });

  test('a customer with nothing in the cart service: no orders, no cart, no withdrawals', async () => {
    await contract.pact
      .addInteraction()
      .given(`customer ${CUSTOMER} has no orders, cart or withdrawals`)
      .uponReceiving('a read of the commerce data of a customer who has none')
      .withRequest('GET', `/internal/customers/${CUSTOMER}/data`, (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(200, (response) => response.jsonBody({ orders: [], cart: null, withdrawals: [] }))
      .executeTest(async (cart) => {
        await expect(new CartClient(cart.url, SECRET).commerceData(CUSTOMER, undefined)).resolves.toEqual({
          orders: [],
          cart: null,
          withdrawals: [],
        });
      });
  });

  test("the customer's cart erased with the account: DELETE /internal/customers/:id/cart, 204", async () => {
    await contract.pact
      .addInteraction()
      .given(`customer ${CUSTOMER} (${EMAIL}) has an order placed while logged in and 3 of product ${PRODUCT_ID} in the cart`)
      .uponReceiving("the erasure of a customer's cart")
      .withRequest('DELETE', `/internal/customers/${CUSTOMER}/cart`, (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(204)
      .executeTest(async (cart) => {
        await expect(new CartClient(cart.url, SECRET).eraseCart(CUSTOMER)).resolves.toBeUndefined();
      });
  });

  contract.committedContractTest('services/account/src/privacy/cart-client.pact');
});
