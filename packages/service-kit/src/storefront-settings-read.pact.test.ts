/**
 * What the gateway, the catalog and the cart expect of the content service's storefront settings
 * (the presentation, § 19 TabakerzG, and the reviews switch, § 5b UWG), read through service-kit's
 * storefrontSettingsRead, written down as a consumer-driven contract (Pact, docs/releases.md
 * 'Contracts between the services'): the real read against Pact's mock of the content service.
 * The contract (packages/contracts/pacts/storefront-settings-read-content.json) is verified
 * against the real content service in its tests (services/content/src/pages/content-provider.pact.test.ts).
 */
import Fastify from 'fastify';
import { MatchersV3 } from '@pact-foundation/pact';
import { consumerPact } from '@shop/test-fixtures/pact';
import { storefrontSettingsRead } from './cached-internal-read';

const { like } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';

const contract = consumerPact('storefront-settings-read', 'content');

describe('the storefront settings read of the content service (consumer-driven contract)', () => {
  for (const settings of [
    { presentationMode: 'factual', reviewsEnabled: false },
    { presentationMode: 'marketing', reviewsEnabled: true },
  ] as const) {
    const state = `staff chose the ${settings.presentationMode} presentation with reviews ${settings.reviewsEnabled ? 'on' : 'off'}`;
    test(`${state}: GET /internal/storefront-settings`, async () => {
      await contract.pact
        .addInteraction()
        .given(state)
        .uponReceiving(`a read of the storefront settings (${settings.presentationMode})`)
        .withRequest('GET', '/internal/storefront-settings', (request) => request.headers({ 'x-internal-token': like(SECRET) }))
        .willRespondWith(200, (response) => response.jsonBody(settings))
        .executeTest(async (content) => {
          const read = storefrontSettingsRead({ contentServiceUrl: content.url, internalSecret: SECRET, log: Fastify().log });
          expect(await read.current()).toEqual(settings);
        });
    });
  }

  contract.committedContractTest('packages/service-kit/src/storefront-settings-read.pact');
});
