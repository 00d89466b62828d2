/**
 * The content service keeps what its consumers expect of its internal API (consumer-driven
 * contracts, docs/releases.md 'Contracts between the services'): Pact replays every interaction of
 * packages/contracts/pacts/cart-content.json (legal texts and seller details, written by
 * services/cart/src/legal/content-reads.pact.test.ts) and of gateway-content.json (page heads and
 * sitemap entries, written by services/gateway/src/storefront/service-head.pact.test.ts) and of
 * storefront-settings-read-content.json (the presentation and the reviews switch, written by
 * packages/service-kit/src/storefront-settings-read.pact.test.ts) and of admin-content.json (where
 * an image is used, written by services/admin/src/internal-reads.pact.test.ts) against this
 * service running on the real local database with its seeded legal texts, each in the provider
 * state it names.
 */
import { verifyProviderContracts } from '@shop/test-fixtures/pact';
import { mediaUrl } from '@shop/contracts';
import { postModel } from '../blog/post.model';
import { seedPosts } from '../seed/seed-posts';
import { STOREFRONT_SETTINGS_ID, storefrontSettingsModel } from '../settings/storefront-settings.model';
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

/** A media library image a post shows, and one nothing shows (the back office asks before deleting). */
const USED_ASSET = '6761b0c2b9a1e4b001234a01';
const UNUSED_ASSET = '6761b0c2b9a1e4b001234a02';

/** The storefront settings record as an admin's save leaves it. */
async function storefrontSettings(presentationMode: 'factual' | 'marketing', reviewsEnabled: boolean): Promise<void> {
  await storefrontSettingsModel(env.app.db).updateOne(
    { _id: STOREFRONT_SETTINGS_ID },
    { $set: { presentationMode, reviewsEnabled }, $inc: { version: 1 } },
    { upsert: true },
  );
}

test("the content service's internal API answers every interaction its consumers' contracts expect", async () => {
  const verified = verifyProviderContracts({
    provider: 'content',
    url,
    consumers: ['cart', 'gateway', 'storefront-settings-read', 'admin'],
    stateHandlers: {
      // The texts the service publishes on its first start; the version in force goes into the request.
      'the legal texts are published': async () => {
        const versions = await fetch(`${url}/internal/legal-versions`, { headers: { 'x-internal-token': INTERNAL_API_SECRET } });
        if (!versions.ok) throw new Error(`the legal versions of the provider state could not be read: ${versions.status}`);
        return { termsVersion: ((await versions.json()) as { terms: string }).terms };
      },
      [`a blog post shows media library image ${USED_ASSET}`]: async () => {
        await postModel(env.app.db).deleteMany({ slug: 'ratgeber-mit-bild' });
        await postModel(env.app.db).create({
          slug: 'ratgeber-mit-bild',
          title: 'Ratgeber mit Bild',
          excerpt: 'Kurz',
          body: 'Text',
          author: 'Redaktion',
          status: 'published',
          publishedAt: new Date('2026-11-20T10:00:00Z'),
          coverImage: mediaUrl(USED_ASSET, 800),
        });
      },
      [`no post or page shows media library image ${UNUSED_ASSET}`]: async () => undefined,
      'staff chose the factual presentation with reviews off': () => storefrontSettings('factual', false),
      'staff chose the marketing presentation with reviews on': () => storefrontSettings('marketing', true),
      // The guides a demo shop is seeded with (page heads, sitemap entries).
      'the blog guides the shop starts with are published': async () => {
        await seedPosts(env.app.db);
      },
      // The operator settings come from the environment (marked placeholders in tests): nothing to set up.
      'the operator settings are made': async () => undefined,
    },
  });
  // Rejects, listing each mismatch, when an interaction is not answered as a consumer expects.
  await expect(verified).resolves.toBeUndefined();
}, 120_000);
