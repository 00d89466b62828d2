/**
 * The content service keeps what the cart expects of its internal API (consumer-driven contract,
 * docs/releases.md 'Contracts between the services'): Pact replays every interaction of
 * packages/contracts/pacts/cart-content.json, written by the cart's tests
 * (services/cart/src/legal/content-reads.pact.test.ts), against this service running on the real
 * local database with its seeded legal texts, each in the provider state it names.
 */
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { INTERNAL_API_SECRET, startContentTestEnv } from '../test-support/content-test-env';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
let url: string;

beforeAll(async () => {
  env = await startContentTestEnv();
  url = await env.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await env.close();
});

test("the content service's internal API answers every interaction the cart's contract expects", async () => {
  const verified = verifyProviderContracts({
    provider: 'content',
    url,
    consumers: ['cart'],
    stateHandlers: {
      // The texts the service publishes on its first start; the version in force goes into the request.
      'the legal texts are published': async () => {
        const versions = await fetch(`${url}/internal/legal-versions`, { headers: { 'x-internal-token': INTERNAL_API_SECRET } });
        if (!versions.ok) throw new Error(`the legal versions of the provider state could not be read: ${versions.status}`);
        return { termsVersion: ((await versions.json()) as { terms: string }).terms };
      },
      // The operator settings come from the environment (marked placeholders in tests): nothing to set up.
      'the operator settings are made': async () => undefined,
    },
  });
  // Rejects, listing each mismatch, when an interaction is not answered as the cart expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
