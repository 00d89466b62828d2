/** The release registry against the real local database: promote, rollback, races, the reads of the gateway and of staff. */
import { randomUUID } from 'node:crypto';
import { type AuditRelay, loadConfig, signIdentity } from '@shop/service-kit';
import { LiveReleases, SliceReleases } from '@shop/contracts/admin';
import { buildApp } from '../app';
import { AdminEnv } from '../config';
import type { ReleaseRegistry } from './release-registry';
import { releaseChannelModel, releaseModel } from './release.model';
import { auditEntryModel } from '../audit/audit-entry.model';
import { releaseRegistryOn, testReleaseRecord } from '../test-support/release-records';
import { startAccountNamesDouble } from '../test-support/account-names';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
const INTERNAL = 'test-internal-secret-0123456789-abcdef';
let app: Awaited<ReturnType<typeof buildApp>>;
let registry: ReleaseRegistry;
let relay: AuditRelay;
let account: Awaited<ReturnType<typeof startAccountNamesDouble>>;
const developer = { userId: 'cli:team-cart@example.de', role: 'developer' };
/** An admin in the back office, whom the account service names. */
const ANNA = { userId: '665f1c2b9a1e4b00123456ee', role: 'admin' };

beforeAll(async () => {
  account = await startAccountNamesDouble({ [ANNA.userId]: 'Anna Admin' }, INTERNAL);
  app = await buildApp(
    loadConfig(AdminEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_releases_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      INTERNAL_API_SECRET: INTERNAL,
      IDENTITY_SECRET,
      ACCOUNT_SERVICE_URL: account.url,
    }),
  );
  await app.ready();
  // The same registry and relay the release commands open on the service's database.
  ({ registry, relay } = releaseRegistryOn(app.db, app.log));
});
afterAll(async () => {
  await app.db.dropDatabase();
  await app.close();
  await account.close();
});

const release = testReleaseRecord;
const live = async () =>
  LiveReleases.parse(
    (await app.inject({ method: 'GET', url: '/internal/releases/live', headers: { 'x-internal-token': INTERNAL } })).json(),
  );

describe('release registry', () => {
  test('promote and rollback change what every gateway reads as live; a rollback without a version goes to the one before', async () => {
    await registry.register(release('aaaaaaaaaaa1'));
    await registry.register(release('aaaaaaaaaaa2'));
    expect((await live()).releases).toEqual([]);

    await registry.promote(developer, 'cart', 'aaaaaaaaaaa1');
    await registry.promote(developer, 'cart', 'aaaaaaaaaaa2');
    expect((await live()).releases).toEqual([
      { slice: 'cart', version: 'aaaaaaaaaaa2', changedAt: expect.any(String), changedBy: 'cli:team-cart@example.de', canary: null },
    ]);

    const back = await registry.rollback(developer, 'cart');
    expect(back).toMatchObject({ action: 'rollback', version: 'aaaaaaaaaaa1', previousVersion: 'aaaaaaaaaaa2' });
    expect((await live()).releases.map((r) => r.version)).toEqual(['aaaaaaaaaaa1']);
    // A second rollback returns to where the first one started.
    await registry.rollback(developer, 'cart');
    expect((await live()).releases.map((r) => r.version)).toEqual(['aaaaaaaaaaa2']);

    const { history, live: liveVersion, releases } = await registry.ofSlice('cart');
    expect(liveVersion).toBe('aaaaaaaaaaa2');
    expect(releases.map((r) => r.version).sort()).toEqual(['aaaaaaaaaaa1', 'aaaaaaaaaaa2']);
    expect(history.map((change) => [change.action, change.previousVersion, change.version])).toEqual([
      ['rollback', 'aaaaaaaaaaa1', 'aaaaaaaaaaa2'],
      ['rollback', 'aaaaaaaaaaa2', 'aaaaaaaaaaa1'],
      ['promote', 'aaaaaaaaaaa1', 'aaaaaaaaaaa2'],
      ['promote', null, 'aaaaaaaaaaa1'],
    ]);
  });

  test('refuses with a reason: an unknown version, the live one again, a rollback with nothing before, a version re-published from another commit', async () => {
    await expect(registry.promote(developer, 'cart', 'ffffffffffff')).rejects.toThrow('cart has no release ffffffffffff');
    await expect(registry.promote(developer, 'cart', 'aaaaaaaaaaa2')).rejects.toThrow('cart aaaaaaaaaaa2 is already live');
    await expect(registry.rollback(developer, 'content')).rejects.toThrow('content has no live release to roll back');
    await expect(registry.register(release('aaaaaaaaaaa1', { commit: 'other99' }))).rejects.toThrow(
      'cart@aaaaaaaaaaa1 is already registered from commit abc1234',
    );
    // Registering the same build again is not a change.
    await expect(registry.register(release('aaaaaaaaaaa1'))).resolves.toBeUndefined();
  });

  test('of two promotes at once, exactly one goes live and the other is refused; the history holds only the one', async () => {
    for (const version of ['bbbbbbbbbbb1', 'bbbbbbbbbbb2', 'bbbbbbbbbbb3']) await registry.register(release(version, { slice: 'content' }));
    await registry.promote(developer, 'content', 'bbbbbbbbbbb1');
    const outcomes = await Promise.allSettled([
      registry.promote(developer, 'content', 'bbbbbbbbbbb2'),
      registry.promote(developer, 'content', 'bbbbbbbbbbb3'),
    ]);
    const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.version] : []));
    expect(won).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    const { live: liveVersion, history } = await registry.ofSlice('content');
    expect(liveVersion).toBe(won[0]);
    expect(history).toHaveLength(2);
  });

  test("a slice's first release from two terminals at once: one goes live, the other is refused", async () => {
    for (const version of ['ccccccccccc1', 'ccccccccccc2']) await registry.register(release(version, { slice: 'account' }));
    const outcomes = await Promise.allSettled([
      registry.promote(developer, 'account', 'ccccccccccc1'),
      registry.promote(developer, 'account', 'ccccccccccc2'),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await registry.ofSlice('account')).history).toHaveLength(1);
  });

  test('every change of what is live is in the audit log: who, which slice, from which version to which', async () => {
    await relay.flush();
    const entries = await auditEntryModel(app.db).find({ entity: 'release', entityId: 'cart' }).sort({ at: 1 }).lean();
    expect(entries.map((entry) => [entry.actorId, entry.actorRole, entry.action, entry.changes])).toEqual([
      ['cli:team-cart@example.de', 'developer', 'promote', [{ field: 'liveVersion', before: null, after: 'aaaaaaaaaaa1' }]],
      ['cli:team-cart@example.de', 'developer', 'promote', [{ field: 'liveVersion', before: 'aaaaaaaaaaa1', after: 'aaaaaaaaaaa2' }]],
      ['cli:team-cart@example.de', 'developer', 'rollback', [{ field: 'liveVersion', before: 'aaaaaaaaaaa2', after: 'aaaaaaaaaaa1' }]],
      ['cli:team-cart@example.de', 'developer', 'rollback', [{ field: 'liveVersion', before: 'aaaaaaaaaaa1', after: 'aaaaaaaaaaa2' }]],
    ]);
  });

  test('a canary gives its version to a share of visitors beside the live one; a new share, a rollback and a promote end or change it, each audited', async () => {
    for (const version of ['ddddddddddd1', 'ddddddddddd2', 'ddddddddddd3']) await registry.register(release(version, { slice: 'catalog' }));
    await expect(registry.startCanary(developer, 'catalog', 'ddddddddddd2', 10)).rejects.toThrow(
      'catalog has no live release yet: its first release goes live for everyone, without a canary',
    );
    await registry.promote(developer, 'catalog', 'ddddddddddd1');
    await expect(registry.startCanary(developer, 'catalog', 'ddddddddddd1', 10)).rejects.toThrow('already live for everyone');

    await registry.startCanary(developer, 'catalog', 'ddddddddddd2', 10);
    const catalogLive = async () => (await live()).releases.find((r) => r.slice === 'catalog');
    expect(await catalogLive()).toMatchObject({ version: 'ddddddddddd1', canary: { version: 'ddddddddddd2', percent: 10 } });
    await expect(registry.startCanary(developer, 'catalog', 'ddddddddddd2', 10)).rejects.toThrow('already runs as a canary for 10 %');
    await registry.startCanary(developer, 'catalog', 'ddddddddddd2', 50);
    expect((await catalogLive())?.canary?.percent).toBe(50);

    // A rollback without a version stops the canary and leaves the live release as it is.
    const stopped = await registry.rollback(developer, 'catalog');
    expect(stopped).toMatchObject({ action: 'canary-stop', version: 'ddddddddddd2', previousVersion: 'ddddddddddd1' });
    expect(await catalogLive()).toMatchObject({ version: 'ddddddddddd1', canary: null });
    await expect(registry.stopCanary(developer, 'catalog')).rejects.toThrow('catalog has no canary running');

    // Promoting the canary's version makes it live for everyone and ends the canary.
    await registry.startCanary(developer, 'catalog', 'ddddddddddd3', 20);
    await registry.promote(developer, 'catalog', 'ddddddddddd3');
    expect(await catalogLive()).toMatchObject({ version: 'ddddddddddd3', canary: null });

    const { history, canary } = await registry.ofSlice('catalog');
    expect(canary).toBeNull();
    expect(history.map((change) => [change.action, change.version, change.percent ?? null])).toEqual([
      ['promote', 'ddddddddddd3', null],
      ['canary', 'ddddddddddd3', 20],
      ['canary-stop', 'ddddddddddd2', null],
      ['canary', 'ddddddddddd2', 50],
      ['canary', 'ddddddddddd2', 10],
      ['promote', 'ddddddddddd1', null],
    ]);
    await relay.flush();
    const entries = await auditEntryModel(app.db).find({ entity: 'release', entityId: 'catalog' }).sort({ at: 1 }).lean();
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['promote', [{ field: 'liveVersion', before: null, after: 'ddddddddddd1' }]],
      ['canary', [{ field: 'canary', before: null, after: 'ddddddddddd2 (10 %)' }]],
      ['canary', [{ field: 'canary', before: 'ddddddddddd2 (10 %)', after: 'ddddddddddd2 (50 %)' }]],
      ['canary-stop', [{ field: 'canary', before: 'ddddddddddd2 (50 %)', after: null }]],
      ['canary', [{ field: 'canary', before: null, after: 'ddddddddddd3 (20 %)' }]],
      [
        'promote',
        [
          { field: 'liveVersion', before: 'ddddddddddd1', after: 'ddddddddddd3' },
          { field: 'canary', before: 'ddddddddddd3 (20 %)', after: null },
        ],
      ],
    ]);
  });

  test('of two canary changes at once, one is made and the other refused', async () => {
    for (const version of ['eeeeeeeeeee1', 'eeeeeeeeeee2']) await registry.register(release(version, { slice: 'admin' }));
    await registry.promote(developer, 'admin', 'eeeeeeeeeee1');
    const outcomes = await Promise.allSettled([
      registry.startCanary(developer, 'admin', 'eeeeeeeeeee2', 10),
      registry.startCanary(developer, 'admin', 'eeeeeeeeeee2', 30),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await registry.ofSlice('admin')).history).toHaveLength(2);
  });

  test('admins change what is live from the back office: the canary for all or stopped, a version live before again; never-live versions, stale views and managers are refused', async () => {
    const slice = 'content';
    const versions = ['fffffffffff1', 'fffffffffff2', 'fffffffffff3', 'fffffffffff4'];
    for (const version of versions) await registry.register(release(version, { slice }));
    // Where this test starts: the live version the earlier tests left.
    const start = (await registry.ofSlice(slice)).live;
    await registry.promote(developer, slice, versions[0]!);
    await registry.startCanary(developer, slice, versions[1]!, 10);
    const post = async (role: string, body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/admin/releases/${slice}/live`, headers: await staff(role), payload: body });

    expect((await post('manager', { action: 'stop-canary', expectedLive: versions[0] })).statusCode).toBe(403);
    const stale = await post('admin', { action: 'stop-canary', expectedLive: start });
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      'Die Live-Version wurde inzwischen geändert. Bitte laden Sie die Seite neu und prüfen Sie den Stand.',
    ]);
    const neverLive = await post('admin', { action: 'go-live', version: versions[2], expectedLive: versions[0] });
    expect(neverLive.statusCode).toBe(409);
    expect(neverLive.json().message).toContain(
      `Version ${versions[2]} war noch nie live. Neue Versionen gehen mit „npm run release -- content“ live`,
    );
    expect((await post('admin', { action: 'go-live', version: 'abcdefabcdef', expectedLive: versions[0] })).statusCode).toBe(404);
    expect((await post('admin', { action: 'go-live', version: 'nope', expectedLive: versions[0] })).statusCode).toBe(400);

    // The canary's version for everyone: a promote.
    const promoted = await post('admin', { action: 'go-live', version: versions[1], expectedLive: versions[0] });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({
      action: 'promote',
      version: versions[1],
      previousVersion: versions[0],
      by: '665f1c2b9a1e4b00123456cc',
    });
    expect((await post('admin', { action: 'stop-canary', expectedLive: versions[1] })).json().message).toBe(
      'Es läuft kein Canary, der beendet werden könnte.',
    );
    // A version live before, again: a rollback.
    const back = await post('admin', { action: 'go-live', version: versions[0], expectedLive: versions[1] });
    expect(back.json()).toMatchObject({ action: 'rollback', version: versions[0], previousVersion: versions[1] });
    // A canary stopped.
    await registry.startCanary(developer, slice, versions[3]!, 25);
    const stopped = await post('admin', { action: 'stop-canary', expectedLive: versions[0] });
    expect(stopped.json()).toMatchObject({ action: 'canary-stop', version: versions[3] });
    expect((await live()).releases.find((r) => r.slice === slice)).toMatchObject({ version: versions[0], canary: null });

    await relay.flush();
    const entries = await auditEntryModel(app.db).find({ entity: 'release', entityId: slice, actorRole: 'admin' }).sort({ at: 1 }).lean();
    expect(entries.map((entry) => entry.action)).toEqual(['promote', 'rollback', 'canary-stop']);
  });

  test('retention: old releases go, while the live, the previous, the canary, the newest and those live within the grace period stay; a removed one comes back when published again', async () => {
    // A database of its own: the slices' histories of the tests above stay out of the rule.
    const db = app.db.useDb(`${app.db.name}_retention`);
    const own = (now: () => Date) => releaseRegistryOn(db, app.log, now).registry;
    const registry = own(() => new Date());
    const slice = 'account';
    // Twelve releases published an hour apart; the first made live five days ago, then the eleventh.
    const day = 24 * 3600_000;
    const versions = Array.from({ length: 12 }, (_, k) => `a0000000000${k.toString(16)}`);
    for (const [k, version] of versions.entries())
      await registry.register(release(version, { slice, createdAt: new Date(Date.now() - 10 * day + k * 3600_000).toISOString() }));
    const past = own(() => new Date(Date.now() - 5 * day));
    await past.promote(developer, slice, versions[0]!);
    await past.promote(developer, slice, versions[10]!);
    await registry.promote(developer, slice, versions[11]!);
    await registry.rollback(developer, slice, versions[10]!);
    await registry.startCanary(developer, slice, versions[11]!, 10);

    // Kept: the 3 newest (a0…9, a0…a, a0…b), the live a0…a, the previous and canary a0…b, and
    // every version live within the day (a0…a, a0…b); a0…0 was live five days ago only.
    const retired = await registry.retire(developer, slice, { kept: 3, servedGraceMs: day });
    expect(retired.sort()).toEqual(versions.slice(0, 9).sort());
    const left = (await registry.ofSlice(slice)).releases.map((r) => r.version).sort();
    expect(left).toEqual(versions.slice(9));
    await expect(registry.rollback(developer, slice, versions[0]!)).rejects.toThrow(`account has no release ${versions[0]}`);
    // Applied again: the same answer (the caller deletes any folder left), nothing new retired.
    expect((await registry.retire(developer, slice, { kept: 3, servedGraceMs: day })).sort()).toEqual(versions.slice(0, 9).sort());

    // Published again (rebuilt from its commit): it can go live again.
    await registry.register(release(versions[0]!, { slice }));
    await registry.promote(developer, slice, versions[0]!);
    expect((await registry.live()).releases.find((r) => r.slice === slice)?.version).toBe(versions[0]);
    await db.dropDatabase();
  });

  test('a removal and a promote of the same version at once: the version is live and kept, or removed and not live, never both', async () => {
    const slice = 'admin';
    const versions = ['b00000000001', 'b00000000002', 'b00000000003', 'b00000000004'];
    for (const [k, version] of versions.entries())
      await registry.register(release(version, { slice, createdAt: new Date(Date.now() - 3_600_000 + k * 60_000).toISOString() }));
    const before = (await registry.ofSlice(slice)).live!;
    const [promoted, retiring] = await Promise.allSettled([
      registry.promote(developer, slice, versions[0]!),
      registry.retire(developer, slice, { kept: 0, servedGraceMs: 0 }),
    ]);
    const channel = await releaseChannelModel(app.db).findById(slice).lean();
    if (promoted.status === 'fulfilled') expect(channel!.retired).not.toContain(versions[0]);
    else expect(channel!.liveVersion).toBe(before);
    expect(channel!.retired).not.toContain(channel!.liveVersion);
    expect(promoted.status === 'fulfilled' || retiring.status === 'fulfilled').toBe(true);
  });

  test('staff see every version live before that a rollback may return to, newest first; never-live and removed ones are not offered', async () => {
    // A database of its own: the slices' histories of the other tests stay out of it.
    const { registry } = releaseRegistryOn(app.db.useDb(`${app.db.name}_formerly_live`), app.log);
    const slice = 'account';
    for (const [minute, version] of ['eeeeeeeeeee1', 'eeeeeeeeeee2', 'eeeeeeeeeee3', 'eeeeeeeeeee4'].entries())
      await registry.register(release(version, { slice, createdAt: `2026-11-20T10:0${minute}:00.000Z` }));
    // eeeeeeeeeee4 is published, never live (its checks refused it).
    await registry.promote(developer, slice, 'eeeeeeeeeee1');
    await registry.promote(developer, slice, 'eeeeeeeeeee2');
    await registry.promote(developer, slice, 'eeeeeeeeeee3');
    await registry.changeFromBackOffice(ANNA, slice, { action: 'go-live', version: 'eeeeeeeeeee2', expectedLive: 'eeeeeeeeeee3' });
    // The newer one and the older one, not the live one nor the one never live.
    expect((await registry.ofSlice(slice)).formerlyLive).toEqual(['eeeeeeeeeee3', 'eeeeeeeeeee1']);
    await registry.changeFromBackOffice(ANNA, slice, { action: 'go-live', version: 'eeeeeeeeeee1', expectedLive: 'eeeeeeeeeee2' });
    expect((await registry.ofSlice(slice)).formerlyLive).toEqual(['eeeeeeeeeee3', 'eeeeeeeeeee2']);
    // Removed by the retention rule (only the live and the previous one kept): no longer offered.
    await registry.retire(developer, slice, { kept: 0, servedGraceMs: 0 });
    expect((await registry.ofSlice(slice)).formerlyLive).toEqual(['eeeeeeeeeee2']);
  });

  test("the history names the staff member who changed what is live, by the account service's name", async () => {
    const before = (await registry.ofSlice('cart')).live!;
    const other = before === 'aaaaaaaaaaa1' ? 'aaaaaaaaaaa2' : 'aaaaaaaaaaa1';
    await registry.changeFromBackOffice(ANNA, 'cart', { action: 'go-live', version: other, expectedLive: before });
    const response = await app.inject({ method: 'GET', url: '/api/admin/releases?slice=cart', headers: await staff('manager') });
    const view = SliceReleases.parse(response.json());
    expect(view.history[0]).toMatchObject({ action: 'rollback', version: other, by: ANNA.userId });
    expect(view.names).toEqual({ [ANNA.userId]: 'Anna Admin' });
    expect(view.formerlyLive).toEqual([before]);
    // Back to where the other tests expect the cart.
    await registry.changeFromBackOffice(ANNA, 'cart', { action: 'go-live', version: before, expectedLive: other });
  });

  test('a release recorded by an older release command (no schema fingerprints yet) is still listed', async () => {
    await releaseModel(app.db).collection.insertOne({
      _id: 'content@0123456789ab',
      slice: 'content',
      version: '0123456789ab',
      commit: 'old1234',
      createdAt: new Date('2026-11-01T10:00:00Z'),
      createdBy: 'team-content@example.de',
      shared: {},
      contractsVersion: '0.1.0',
      events: { emits: [], listens: ['auth:changed'], asks: [], answers: [] },
      exposes: ['./pages'],
    } as never);
    const response = await app.inject({ method: 'GET', url: '/api/admin/releases?slice=content', headers: await staff('manager') });
    expect(response.statusCode).toBe(200);
    const old = SliceReleases.parse(response.json()).releases.find((r) => r.version === '0123456789ab');
    expect(old?.events).toEqual({ emits: [], listens: ['auth:changed'], asks: [], answers: [], fingerprints: {} });
  });

  test('staff read a slice’s releases with releases:read; customers and strangers do not; the gateway’s read needs the internal token', async () => {
    const manager = await app.inject({ method: 'GET', url: '/api/admin/releases?slice=cart', headers: await staff('manager') });
    expect(manager.statusCode).toBe(200);
    expect(SliceReleases.parse(manager.json()).live).toBe('aaaaaaaaaaa2');
    const customer = await app.inject({ method: 'GET', url: '/api/admin/releases?slice=cart', headers: await staff('customer') });
    expect(customer.statusCode).toBe(403);
    const unknownSlice = await app.inject({ method: 'GET', url: '/api/admin/releases?slice=shell', headers: await staff('admin') });
    expect(unknownSlice.statusCode).toBe(400);
    const stranger = await app.inject({ method: 'GET', url: '/internal/releases/live' });
    expect(stranger.statusCode).toBe(401);
  });
});

async function staff(role: string) {
  return { 'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456cc', role }, IDENTITY_SECRET) };
}
