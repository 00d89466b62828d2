/**
 * The account service keeps what the gateway expects of its session resolution (consumer-driven
 * contract, docs/releases.md 'Contracts between the services'): Pact replays every interaction of
 * packages/contracts/pacts/gateway-account.json, written by the gateway's tests
 * (services/gateway/src/plugins/identity.pact.test.ts), against this service running on the real
 * local database, each in the provider state it names.
 */
import { SESSION_COOKIE } from '@shop/contracts';
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { startAccountTestEnv } from '../test-support/account-test-env';
import { userModel } from '../users/user.model';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
let url: string;

beforeAll(async () => {
  env = await startAccountTestEnv();
  url = await env.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(() => env.close());

test("the account service's session resolution answers every interaction the gateway's contract expects", async () => {
  const verified = verifyProviderContracts({
    provider: 'account',
    url,
    consumers: ['gateway'],
    stateHandlers: {
      'customer erika@example.de is logged in': async () => {
        await userModel(env.app.db).deleteMany({ email: 'erika@example.de' });
        const browser = await env.loggedIn('erika@example.de');
        const token = browser.jar.get(SESSION_COOKIE);
        if (!token) throw new Error('the login of the provider state set no session cookie');
        // The session token goes into the request (fromProviderState in the gateway's contract).
        return { token };
      },
      'no session has the token': async () => undefined,
    },
  });
  // Rejects, listing each mismatch, when an interaction is not answered as the gateway expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
