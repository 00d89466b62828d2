/**
 * The admin service keeps what the gateways expect of its release registry (consumer-driven
 * contract, docs/releases.md 'Contracts between the services'): Pact replays every interaction of
 * packages/contracts/pacts/gateway-admin.json, written by the gateway's tests
 * (services/gateway/src/live-remotes.pact.test.ts), against this service running on the real
 * local database, each in the provider state it names.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@shop/service-kit';
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { buildApp } from '../app';
import { AdminEnv } from '../config';
import { releaseRegistryOn, testReleaseRecord } from '../test-support/release-records';
import { releaseChannelModel, releaseModel } from './release.model';

const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
const developer = { userId: 'cli:team-cart@example.de', role: 'developer' };

let app: Awaited<ReturnType<typeof buildApp>>;
let url: string;

beforeAll(async () => {
  app = await buildApp(
    loadConfig(AdminEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_admin_pact_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      INTERNAL_API_SECRET,
      IDENTITY_SECRET: 'test-identity-secret-0123456789-abcdef',
    }),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await app.db.dropDatabase();
  await app.close();
});

/** A registry with no release of any slice. */
async function noReleases(): Promise<void> {
  await releaseModel(app.db).deleteMany({});
  await releaseChannelModel(app.db).deleteMany({});
}

test("the admin service's release registry answers every interaction the gateway's contract expects", async () => {
  const verified = verifyProviderContracts({
    provider: 'admin',
    url,
    consumers: ['gateway'],
    stateHandlers: {
      'no slice has a release': noReleases,
      'cart release aaaaaaaaaaa2 is live, with the canary aaaaaaaaaaa3 for 10 % of visitors': async () => {
        await noReleases();
        const { registry, relay } = releaseRegistryOn(app.db, app.log);
        for (const version of ['aaaaaaaaaaa2', 'aaaaaaaaaaa3']) await registry.register(testReleaseRecord(version));
        await registry.promote(developer, 'cart', 'aaaaaaaaaaa2');
        await registry.startCanary(developer, 'cart', 'aaaaaaaaaaa3', 10);
        await relay.flush();
      },
    },
  });
  // Rejects, listing each mismatch, when an interaction is not answered as the gateway expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
