/**
 * What the gateway expects of the services whose pages it serves, for each page's first HTML
 * (title, description, canonical address, Open Graph, JSON-LD) and for sitemap.xml, written down
 * as consumer-driven contracts (Pact, docs/releases.md 'Contracts between the services'): each
 * interaction runs the gateway's real lookups (service-head.ts) against Pact's mock of the
 * catalog or the content service. The contracts (packages/contracts/pacts/gateway-catalog.json,
 * gateway-content.json) are verified against the real services in their tests
 * (services/catalog/src/catalog/catalog-provider.pact.test.ts,
 * services/content/src/pages/content-provider.pact.test.ts).
 */
import Fastify from 'fastify';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerPact } from '@shop/test-fixtures/pact';
import { fetchSitemapEntries, lookupPageHead } from './service-head';

const { like, eachLike, regex } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
const PRODUCT_ID = '665f1c2b9a1e4b0012345601';
const PRODUCT_PATH = '/kategorien/randm-tornado-9000/test-einweg-vape';
const log = Fastify().log;
/** A JSON-LD object: its schema.org type is what the gateway's page carries on. */
const JSON_LD = { '@context': 'https://schema.org', '@type': like('BreadcrumbList') };
const SITEMAP_ENTRY = { path: regex('^/[a-z0-9/-]*$', '/kategorien/randm-tornado-9000'), lastModified: like('2026-11-28T12:00:00.000Z') };

const catalog = consumerPact('gateway', 'catalog');
const content = consumerPact('gateway', 'content');

describe('the gateway of the catalog: page heads and sitemap entries (consumer-driven contract)', () => {
  test("a product page's head: GET /internal/page-head?path=, a product with its offer", async () => {
    await catalog.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} is in the catalogue with 50 in stock`)
      .uponReceiving("a read of a product page's head")
      .withRequest('GET', '/internal/page-head', (request) =>
        request.query({ path: PRODUCT_PATH }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({
          title: like('RandM Tornado 9000 Test 5601'),
          description: like('RandM Tornado 9000 Test 5601: 9000 Züge, Geschmack Test.'),
          canonicalPath: regex('^/kategorien/[a-z0-9-]+/[a-z0-9-]+$', PRODUCT_PATH),
          ogImage: null,
          ogType: 'product',
          structuredData: eachLike({ ...JSON_LD, '@type': like('Product') }),
        }),
      )
      .executeTest(async (mock) => {
        const found = await lookupPageHead(mock.url, PRODUCT_PATH, SECRET, log);
        expect(found).toMatchObject({ kind: 'head', head: { ogType: 'product', canonicalPath: PRODUCT_PATH } });
      });
  });

  test('a product page of no product: 404, and the gateway answers the page with 404', async () => {
    await catalog.pact
      .addInteraction()
      .given('no product is called gibt-es-nicht')
      .uponReceiving('a read of the head of a product that does not exist')
      .withRequest('GET', '/internal/page-head', (request) =>
        request.query({ path: '/kategorien/randm-tornado-9000/gibt-es-nicht' }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(404)
      .executeTest(async (mock) => {
        expect(await lookupPageHead(mock.url, '/kategorien/randm-tornado-9000/gibt-es-nicht', SECRET, log)).toEqual({ kind: 'missing' });
      });
  });

  test("the catalogue's sitemap entries: GET /internal/sitemap-entries", async () => {
    await catalog.pact
      .addInteraction()
      .given(`product ${PRODUCT_ID} is in the catalogue with 50 in stock`)
      .uponReceiving("a read of the catalogue's sitemap entries")
      .withRequest('GET', '/internal/sitemap-entries', (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(200, (response) => response.jsonBody(eachLike(SITEMAP_ENTRY)))
      .executeTest(async (mock) => {
        expect(await fetchSitemapEntries(mock.url, SECRET, log)).toEqual([
          { path: '/kategorien/randm-tornado-9000', lastModified: '2026-11-28T12:00:00.000Z' },
        ]);
      });
  });

  catalog.committedContractTest('services/gateway/src/storefront/service-head.pact');
});

describe('the gateway of the content service: page heads and sitemap entries (consumer-driven contract)', () => {
  test("the blog's head: GET /internal/page-head?path=", async () => {
    await content.pact
      .addInteraction()
      .given('the blog guides the shop starts with are published')
      .uponReceiving("a read of the blog's head")
      .withRequest('GET', '/internal/page-head', (request) =>
        request.query({ path: '/randm-tornado-vape-blog' }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({
          title: like('Ratgeber und Neuigkeiten'),
          description: like('Tipps rund um RandM Tornado Einweg-Vapes.'),
          canonicalPath: '/randm-tornado-vape-blog',
          ogImage: null,
          ogType: 'website',
          structuredData: eachLike(JSON_LD),
        }),
      )
      .executeTest(async (mock) => {
        expect(await lookupPageHead(mock.url, '/randm-tornado-vape-blog', SECRET, log)).toMatchObject({
          kind: 'head',
          head: { canonicalPath: '/randm-tornado-vape-blog', ogType: 'website' },
        });
      });
  });

  test('a blog post that does not exist: 404', async () => {
    await content.pact
      .addInteraction()
      .given('the blog guides the shop starts with are published')
      .uponReceiving('a read of the head of a blog post that does not exist')
      .withRequest('GET', '/internal/page-head', (request) =>
        request.query({ path: '/randm-tornado-vape-blog/gibt-es-nicht' }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(404)
      .executeTest(async (mock) => {
        expect(await lookupPageHead(mock.url, '/randm-tornado-vape-blog/gibt-es-nicht', SECRET, log)).toEqual({ kind: 'missing' });
      });
  });

  test("the content service's sitemap entries: GET /internal/sitemap-entries", async () => {
    await content.pact
      .addInteraction()
      .given('the blog guides the shop starts with are published')
      .uponReceiving("a read of the content service's sitemap entries")
      .withRequest('GET', '/internal/sitemap-entries', (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(200, (response) =>
        response.jsonBody(
          eachLike({ ...SITEMAP_ENTRY, path: regex('^/[a-z0-9/-]*$', '/randm-tornado-vape-blog/ratgeber-randm-tornado-9000') }),
        ),
      )
      .executeTest(async (mock) => {
        expect(await fetchSitemapEntries(mock.url, SECRET, log)).toEqual([
          { path: '/randm-tornado-vape-blog/ratgeber-randm-tornado-9000', lastModified: '2026-11-28T12:00:00.000Z' },
        ]);
      });
  });

  content.committedContractTest('services/gateway/src/storefront/service-head.pact');
});
