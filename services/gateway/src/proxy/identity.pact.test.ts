/**
 * What the gateway expects of the account service when it turns a session cookie into the
 * identity every service verifies, written down as a consumer-driven contract (Pact,
 * docs/releases.md 'Contracts between the services'): each interaction runs the gateway's real
 * identity plugin against Pact's mock of the account service. The contract
 * (packages/contracts/pacts/gateway-account.json) is verified against the real account service in
 * its tests (services/account/src/account-provider.pact.test.ts).
 */
import Fastify from 'fastify';
import { MatchersV3 } from '@pact-foundation/pact';
import { SESSION_COOKIE } from '@shop/contracts';
import { readIdentity } from '@shop/service-kit';
import { consumerPact } from '@shop/test-fixtures/pact';
import { identityPlugin } from './identity';

const { like, fromProviderState } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
/** A session token as the account service issues them: made by the provider state, an example here. */
const TOKEN = 'Qm9vdHN0cmFwcGVkLXNlc3Npb24tdG9rZW4tZXhhbXBsZQ';
const UNKNOWN_TOKEN = 'dW5rbm93bi1zZXNzaW9uLXRva2VuLW9mLW5vLW9uZS1hdC1hbGw';

const contract = consumerPact('gateway', 'account');

/** What a service behind the gateway learns of a request with the session cookie `token`. */
async function identityBehindGateway(accountUrl: string, token: string) {
  const gateway = Fastify();
  await gateway.register(identityPlugin, {
    accountServiceUrl: () => accountUrl,
    internalSecret: SECRET,
    identitySecret: IDENTITY_SECRET,
    sessionCacheMs: 5000,
  });
  gateway.get('/api/whoami', async (request) => {
    // The signed identity as the service receives it in the header the gateway sets.
    if (request.shopIdentity) request.headers['x-shop-identity'] = request.shopIdentity;
    return { role: request.shopRole, identity: await readIdentity(request, IDENTITY_SECRET) };
  });
  const answer = await gateway.inject({ method: 'GET', url: '/api/whoami', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  await gateway.close();
  return answer.json() as { role: string | null; identity: { userId: string; role: string; email?: string } | null };
}

describe('the gateway of the account service (consumer-driven contract)', () => {
  test("a logged-in customer's session: POST /internal/sessions/resolve answers the user, role and confirmed address", async () => {
    await contract.pact
      .addInteraction()
      .given('customer erika@example.de is logged in')
      .uponReceiving('a resolution of a session token')
      .withRequest('POST', '/internal/sessions/resolve', (request) =>
        request.headers({ 'x-internal-token': like(SECRET) }).jsonBody({ token: fromProviderState('${token}', TOKEN) }),
      )
      .willRespondWith(200, (response) =>
        response.jsonBody({ userId: like('665f1c2b9a1e4b0012345610'), role: 'customer', email: 'erika@example.de' }),
      )
      .executeTest(async (account) => {
        expect(await identityBehindGateway(account.url, TOKEN)).toEqual({
          role: 'customer',
          identity: { userId: '665f1c2b9a1e4b0012345610', role: 'customer', email: 'erika@example.de' },
        });
      });
  });

  test('a token of no session: 404, and the request goes on anonymous', async () => {
    await contract.pact
      .addInteraction()
      .given('no session has the token')
      .uponReceiving('a resolution of an unknown session token')
      .withRequest('POST', '/internal/sessions/resolve', (request) =>
        request.headers({ 'x-internal-token': like(SECRET) }).jsonBody({ token: UNKNOWN_TOKEN }),
      )
      .willRespondWith(404)
      .executeTest(async (account) => {
        expect(await identityBehindGateway(account.url, UNKNOWN_TOKEN)).toEqual({ role: null, identity: null });
      });
  });

  contract.committedContractTest('services/gateway/src/proxy/identity.pact');
});
