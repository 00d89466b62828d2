/**
 * The account service keeps what its consumers expect of its internal API (consumer-driven
 * contracts, docs/releases.md 'Contracts between the services'): Pact replays every interaction of
 * packages/contracts/pacts/gateway-account.json (session resolution, written by
 * services/gateway/src/proxy/identity.pact.test.ts) and of admin-account.json (the audit log's
 * staff names, written by services/admin/src/internal-reads.pact.test.ts) against this service
 * running on the real local database, each in the provider state it names.
 */
import { SESSION_COOKIE } from '@shop/contracts';
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { startAccountTestEnv } from './test-support/account-test-env';
import { userModel } from './users/user.model';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
let url: string;

beforeAll(async () => {
  env = await startAccountTestEnv();
  url = await env.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(() => env.close());

test("the account service's internal API answers every interaction its consumers' contracts expect", async () => {
  const verified = verifyProviderContracts({
    provider: 'account',
    url,
    consumers: ['gateway', 'admin'],
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
      'a user named Erika Mustermann exists': async () => {
        await userModel(env.app.db).deleteMany({ email: 'erika@example.de' });
        const { userId } = await env.loggedIn('erika@example.de');
        // The user's id goes into the query (fromProviderState in the back office's contract).
        return { userId };
      },
    },
  });
  // Rejects, listing each mismatch, when an interaction is not answered as a consumer expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
