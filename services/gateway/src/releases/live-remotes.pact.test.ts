/**
 * What every gateway instance expects of the admin service's release registry, written down as a
 * consumer-driven contract (Pact, docs/releases.md 'Contracts between the services'): each
 * interaction runs the gateway's real LiveRemotes against Pact's mock of the admin service. The
 * contract (packages/contracts/pacts/gateway-admin.json) is verified against the real admin
 * service in its tests (services/admin/src/admin-provider.pact.test.ts).
 */
import Fastify from 'fastify';
import { MatchersV3 } from '@pact-foundation/pact';
import type { RemotesManifest } from '@shop/contracts';
import { consumerPact } from '@shop/test-fixtures/pact';
import { inCanary } from './canary-visitors';
import { LiveRemotes } from './live-remotes';

const { like, regex } = MatchersV3;
const SECRET = 'test-internal-secret-0123456789-abcdef';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.source;
/** The builds in the shop's tree, served while a slice has no release. */
const CONFIGURED: RemotesManifest = {
  remotes: [
    { name: 'catalog', entry: '/remotes/catalog/mf-manifest.json' },
    { name: 'cart', entry: '/remotes/cart/mf-manifest.json' },
  ],
};

const contract = consumerPact('gateway', 'admin');

function liveRemotes(adminUrl: string): LiveRemotes {
  return new LiveRemotes({
    configured: CONFIGURED,
    adminServiceUrl: () => adminUrl,
    internalSecret: SECRET,
    pollMs: 60_000,
    log: Fastify().log,
  });
}

describe('the gateway of the release registry (consumer-driven contract)', () => {
  test('the live versions with a canary: GET /internal/releases/live', async () => {
    await contract.pact
      .addInteraction()
      .given('cart release aaaaaaaaaaa2 is live, with the canary aaaaaaaaaaa3 for 10 % of visitors')
      .uponReceiving('a read of the live releases')
      .withRequest('GET', '/internal/releases/live', (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(200, (response) =>
        response.jsonBody({
          releases: [
            {
              slice: 'cart',
              version: 'aaaaaaaaaaa2',
              changedAt: regex(ISO_TIME, '2026-11-28T12:00:00.000Z'),
              changedBy: like('cli:team-cart@example.de'),
              canary: {
                version: 'aaaaaaaaaaa3',
                percent: 10,
                changedAt: regex(ISO_TIME, '2026-11-28T12:05:00.000Z'),
                changedBy: like('cli:team-cart@example.de'),
              },
            },
          ],
        }),
      )
      .executeTest(async (admin) => {
        const remotes = liveRemotes(admin.url);
        await remotes.refresh();
        expect(remotes.isKnown()).toBe(true);
        expect(remotes.canaryRunning()).toBe(true);
        const entryOfCart = (manifest: RemotesManifest) => manifest.remotes.find(({ name }) => name === 'cart')?.entry;
        expect(entryOfCart(remotes.manifest())).toBe('/remotes/cart/aaaaaaaaaaa2/mf-manifest.json');
        const inShare = Array.from({ length: 100 }, (_, bucket) => bucket).find((bucket) => inCanary(bucket, 'cart', 10))!;
        expect(entryOfCart(remotes.manifest(inShare))).toBe('/remotes/cart/aaaaaaaaaaa3/mf-manifest.json');
        // A slice without a release keeps the build in the tree.
        expect(remotes.manifest().remotes.find(({ name }) => name === 'catalog')?.entry).toBe('/remotes/catalog/mf-manifest.json');
      });
  });

  test('no slice released yet: every remote from the build in the tree', async () => {
    await contract.pact
      .addInteraction()
      .given('no slice has a release')
      .uponReceiving('a read of the live releases before any release')
      .withRequest('GET', '/internal/releases/live', (request) => request.headers({ 'x-internal-token': like(SECRET) }))
      .willRespondWith(200, (response) => response.jsonBody({ releases: [] }))
      .executeTest(async (admin) => {
        const remotes = liveRemotes(admin.url);
        await remotes.refresh();
        expect(remotes.isKnown()).toBe(true);
        expect(remotes.canaryRunning()).toBe(false);
        expect(remotes.manifest()).toEqual(CONFIGURED);
      });
  });

  contract.committedContractTest('services/gateway/src/releases/live-remotes.pact');
});
