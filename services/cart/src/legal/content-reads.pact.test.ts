/**
 * What the cart expects of the content service's internal API, written down as a consumer-driven
 * contract (Pact, docs/releases.md 'Contracts between the services'): the legal text versions an
 * order is placed under, the seller an invoice names, and one legal text exactly as published for
 * the order confirmation. Each interaction runs the cart's real client against Pact's mock of the
 * content service; the contract (packages/contracts/pacts/cart-content.json) is verified against
 * the real content service in its tests (services/content/src/pages/content-provider.pact.test.ts).
 */
import Fastify from 'fastify';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerPact } from '@shop/test-fixtures/pact';
import { LegalTextsClient, LegalVersionsClient, SellerDetailsClient } from './content-reads';

const { like, fromProviderState } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
/** A silent logger (Fastify without a logger). */
const log = Fastify().log;

const contract = consumerPact('cart', 'content');

describe('the cart of the content service (consumer-driven contract)', () => {
  test('the legal text versions in force: GET /internal/legal-versions', async () => {
    const versions = { terms: '2026-11-23', withdrawal: '2026-11-23', privacy: '2026-11-28' };
    await contract.pact
      .addInteraction()
      .given('the legal texts are published')
      .uponReceiving('a read of the legal text versions in force')
      .withRequest('GET', '/internal/legal-versions', (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(200, (response) => response.jsonBody(like(versions)))
      .executeTest(async (content) => {
        expect(await new LegalVersionsClient(content.url, SECRET, log).current()).toEqual(versions);
      });
  });

  test('the seller an invoice names: GET /internal/seller-details', async () => {
    const seller = {
      company: 'Muster Vape GmbH',
      street: 'Musterstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      representative: 'Max Mustermann',
      register: 'Amtsgericht Berlin-Charlottenburg, HRB 123456',
      vatId: 'DE123456789',
      email: 'kontakt@example.de',
      phone: '+49 30 1234567',
      weeeNumber: 'WEEE-Reg.-Nr. DE 12345678',
    };
    await contract.pact
      .addInteraction()
      .given('the operator settings are made')
      .uponReceiving('a read of the seller details')
      .withRequest('GET', '/internal/seller-details', (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(200, (response) => response.jsonBody(like(seller)))
      .executeTest(async (content) => {
        expect(await new SellerDetailsClient(content.url, SECRET, log).current()).toEqual(seller);
      });
  });

  test("one legal text as published under an order's version: GET /internal/legal-texts/agb?version=", async () => {
    await contract.pact
      .addInteraction()
      .given('the legal texts are published')
      .uponReceiving('a read of the terms in the version in force')
      .withRequest('GET', '/internal/legal-texts/agb', (request) =>
        request.query({ version: fromProviderState('${termsVersion}', '2026-11-23') }).headers({ 'x-internal-token': like(SECRET) }),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({
          slug: 'agb',
          title: like('Allgemeine Geschäftsbedingungen'),
          version: fromProviderState('${termsVersion}', '2026-11-23'),
          html: like('<h2>§ 1 Geltungsbereich und Anbieter</h2>'),
        }),
      )
      .executeTest(async (content) => {
        const text = await new LegalTextsClient(content.url, SECRET).text('agb', '2026-11-23');
        expect(text).toMatchObject({ slug: 'agb', version: '2026-11-23' });
      });
  });

  contract.committedContractTest('services/cart/src/legal/content-reads.pact');
});
