/**
 * What the back office (the admin service) expects of the services it reads, written down as
 * consumer-driven contracts (Pact, docs/releases.md 'Contracts between the services'): the
 * dashboard's figures (ServiceFigures: the cart's orders, the catalog's stock), where a media
 * library image is used before it may be deleted (MediaUsage: the catalog's products, the content
 * service's posts) and the staff names of the audit log (ActorNames: the account service). Each
 * interaction runs the admin service's real client against Pact's mock of the provider; the
 * contracts (packages/contracts/pacts/admin-*.json) are verified against the real services in
 * their provider tests.
 */
import Fastify from 'fastify';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerPact } from '@shop/test-fixtures/pact';
import { ActorNames } from './audit/actor-names';
import { ServiceFigures } from './dashboard/service-figures';
import { MediaUsage } from './media/media-usage';

const { like, eachLike, regex, eachKeyMatches, fromProviderState } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
const log = Fastify().log;
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';
/** A media library image shown by a product and a blog post, and one shown nowhere. */
const USED_ASSET = '6761b0c2b9a1e4b001234a01';
const UNUSED_ASSET = '6761b0c2b9a1e4b001234a02';
const USER_ID = '665f1c2b9a1e4b0012345610';
const token = { 'x-internal-token': like(SECRET) };

const cart = consumerPact('admin', 'cart');
const catalog = consumerPact('admin', 'catalog');
const content = consumerPact('admin', 'content');
const account = consumerPact('admin', 'account');

/** The clients as the admin service builds them, `url` the mock's. */
const figures = (url: string) => new ServiceFigures({ cartUrl: url, catalogUrl: url, internalSecret: SECRET, log });
const usage = (url: string) => new MediaUsage({ catalogUrl: url, contentUrl: url, internalSecret: SECRET, log });

describe('the back office of the cart (consumer-driven contract)', () => {
  test("the dashboard's order figures: GET /internal/admin/order-stats", async () => {
    const period = { orders: like(1), revenue: regex('^\\d+\\.\\d{2}$', '38.97') };
    await cart.pact
      .addInteraction()
      .given('one order awaits payment')
      .uponReceiving("a read of the dashboard's order figures")
      .withRequest('GET', '/internal/admin/order-stats', (request) => request.headers(token))
      .willRespondWith(200, (response) =>
        response.jsonBody({ today: period, week: period, awaitingPayment: like(1), overdue: like(0), openWithdrawals: like(0) }),
      )
      .executeTest(async (mock) => {
        expect(await figures(mock.url).orders()).toEqual({
          today: { orders: 1, revenue: '38.97' },
          week: { orders: 1, revenue: '38.97' },
          awaitingPayment: 1,
          overdue: 0,
          openWithdrawals: 0,
        });
      });
  });

  cart.committedContractTest('services/admin/src/internal-reads.pact');
});

describe('the back office of the catalog (consumer-driven contract)', () => {
  test("the dashboard's stock figures: GET /internal/admin/stock-stats", async () => {
    const item = { id: like(PRODUCT_ID), name: like('RandM Tornado 9000 Test 5601'), stock: like(1) };
    await catalog.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} is in the catalogue with 1 in stock`)
      .uponReceiving("a read of the dashboard's stock figures")
      .withRequest('GET', '/internal/admin/stock-stats', (request) => request.headers(token))
      .willRespondWith(200, (response) =>
        response.jsonBody({ lowStock: eachLike(item), lowStockCount: like(1), soldOut: like([]), soldOutCount: like(0) }),
      )
      .executeTest(async (mock) => {
        expect(await figures(mock.url).stock()).toMatchObject({ lowStock: [{ id: PRODUCT_ID, stock: 1 }], lowStockCount: 1 });
      });
  });

  test('an image a product shows: GET /internal/media-usage?assetId=', async () => {
    await catalog.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} shows media library image ${USED_ASSET}`)
      .uponReceiving('a question where a product image is used')
      .withRequest('GET', '/internal/media-usage', (request) => request.query({ assetId: USED_ASSET }).headers(token))
      .willRespondWith(200, (response) =>
        response.jsonBody({ uses: [{ kind: 'product', id: PRODUCT_ID, label: like('RandM Tornado 9000 Test 5601') }] }),
      )
      .executeTest(async (mock) => {
        const uses = await usage(mock.url).of(USED_ASSET);
        // Both services are the one mock here: the product is named once per service asked.
        expect(uses).toEqual([
          { kind: 'product', id: PRODUCT_ID, label: 'RandM Tornado 9000 Test 5601' },
          { kind: 'product', id: PRODUCT_ID, label: 'RandM Tornado 9000 Test 5601' },
        ]);
      });
  });

  catalog.committedContractTest('services/admin/src/internal-reads.pact');
});

describe('the back office of the content service (consumer-driven contract)', () => {
  test('an image a blog post shows, and one shown nowhere: GET /internal/media-usage?assetId=', async () => {
    await content.pact
      .addInteraction()
      .given(`a blog post shows media library image ${USED_ASSET}`)
      .uponReceiving('a question where a blog image is used')
      .withRequest('GET', '/internal/media-usage', (request) => request.query({ assetId: USED_ASSET }).headers(token))
      .willRespondWith(200, (response) =>
        response.jsonBody({ uses: [{ kind: 'post', id: like('6760a0c2b9a1e4b001234599'), label: like('Ratgeber mit Bild') }] }),
      )
      .executeTest(async (mock) => {
        expect(await usage(mock.url).of(USED_ASSET)).toHaveLength(2);
      });
    await content.pact
      .addInteraction()
      .given(`no post or page shows media library image ${UNUSED_ASSET}`)
      .uponReceiving('a question where an unused image is used')
      .withRequest('GET', '/internal/media-usage', (request) => request.query({ assetId: UNUSED_ASSET }).headers(token))
      .willRespondWith(200, (response) => response.jsonBody({ uses: [] }))
      .executeTest(async (mock) => {
        expect(await usage(mock.url).of(UNUSED_ASSET)).toEqual([]);
      });
  });

  content.committedContractTest('services/admin/src/internal-reads.pact');
});

describe('the back office of the account service (consumer-driven contract)', () => {
  test("the names of the audit log's staff: GET /internal/users/names?ids=", async () => {
    await account.pact
      .addInteraction()
      .given('a user named Erika Mustermann exists')
      .uponReceiving('a read of user names by id')
      .withRequest('GET', '/internal/users/names', (request) =>
        request.query({ ids: fromProviderState('${userId}', USER_ID) }).headers(token),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({ names: eachKeyMatches({ [USER_ID]: 'Erika Mustermann' }, regex('^[0-9a-f]{24}$', USER_ID)) }),
      )
      .executeTest(async (mock) => {
        const names = await new ActorNames({ accountUrl: mock.url, internalSecret: SECRET, log }).namesOf([USER_ID]);
        expect([...names]).toEqual([[USER_ID, 'Erika Mustermann']]);
      });
  });

  account.committedContractTest('services/admin/src/internal-reads.pact');
});
