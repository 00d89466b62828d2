/**
 * The admin service keeps what its consumers expect of its internal API (consumer-driven
 * contracts, docs/releases.md 'Contracts between the services'): Pact replays every interaction of
 * packages/contracts/pacts/gateway-admin.json (the live releases, written by
 * services/gateway/src/releases/live-remotes.pact.test.ts) and of audit-relay-admin.json (every service's
 * audit entries, written by packages/service-kit/src/audit/audit-relay.pact.test.ts) against this
 * service running on the real local database, each in the provider state it names.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@shop/service-kit';
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { buildApp } from './app';
import { AdminEnv } from './config';
import { auditEntryModel } from './audit/audit-entry.model';
import { storeAuditEntries } from './audit/audit-log';
import { releaseRegistryOn, testReleaseRecord } from './test-support/release-records';
import { releaseChannelModel, releaseModel } from './releases/release.model';

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

/** The audit entry id the relay's contract delivers. */
const ENTRY_ID = '0b6f3c52-1f0e-4c3e-9a57-3d2f0e3f7a10';

test("the admin service's internal API answers every interaction its consumers' contracts expect", async () => {
  const verified = verifyProviderContracts({
    provider: 'admin',
    url,
    consumers: ['gateway', 'audit-relay'],
    stateHandlers: {
      [`the audit log does not hold entry ${ENTRY_ID}`]: async () => {
        await auditEntryModel(app.db).deleteOne({ _id: ENTRY_ID });
      },
      [`the audit log holds entry ${ENTRY_ID}`]: () =>
        storeAuditEntries(app.db, [
          {
            id: ENTRY_ID,
            at: '2026-11-28T12:00:00.000Z',
            actorId: '665f1c2b9a1e4b00123456aa',
            actorRole: 'manager',
            service: 'catalog',
            entity: 'product',
            entityId: '665f1c2b9a1e4b0012345601',
            label: 'RandM Tornado 9000 Blueberry Ice',
            action: 'update',
            changes: [],
            reason: null,
          },
        ]),
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
  // Rejects, listing each mismatch, when an interaction is not answered as a consumer expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
