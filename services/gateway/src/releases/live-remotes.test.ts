import Fastify, { type FastifyInstance } from 'fastify';
import type { RemotesManifest } from '@shop/contracts';
import { LiveRemotes } from './live-remotes';

/**
 * LiveRemotes against a real HTTP registry (a Fastify stand-in for the admin service's
 * `GET /internal/releases/live`), with a preparation that never ends for one version: the
 * server build of a release that hangs (docs/releases.md).
 */

const SECRET = 'test-internal-secret-0123456789-abcdef';
const CONFIGURED: RemotesManifest = { remotes: [{ name: 'cart', entry: '/remotes/cart/mf-manifest.json' }] };
const GOOD = 'aaaaaaaaaaa1';
const HANGING = 'bbbbbbbbbbb2';
const entryOf = (version: string) => `/remotes/cart/${version}/mf-manifest.json`;
const release = (version: string) => ({
  slice: 'cart',
  version,
  changedAt: '2026-11-29T05:00:00.000Z',
  changedBy: 'cli:team-cart@example.de',
});

let registry: FastifyInstance;
let registryUrl: string;
let live: unknown[] = [];
/** How many preparations of HANGING have started (they never end). */
let hangingPreparations = 0;
const started: LiveRemotes[] = [];

beforeAll(async () => {
  registry = Fastify();
  registry.get('/internal/releases/live', async () => ({ releases: live }));
  registryUrl = await registry.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const remotes of started) remotes.stop();
  await registry.close();
});

/** Every entry put in force at a switch, as the instances log it ('live releases changed'). */
const switchedTo: string[] = [];
const log = Fastify().log;
const recordingLog = Object.assign(Object.create(log) as typeof log, {
  info: (object: unknown, message?: string) => {
    if (message === 'live releases changed')
      for (const { entry } of (object as { remotes: Array<{ entry: string }> }).remotes) switchedTo.push(entry);
  },
});

/** A polling instance whose preparation of `HANGING` never ends and of anything else takes `prepareMs`. */
function instance(prepareMs = 0): LiveRemotes {
  const remotes = new LiveRemotes({
    configured: CONFIGURED,
    adminServiceUrl: () => registryUrl,
    internalSecret: SECRET,
    pollMs: 100,
    log: recordingLog,
  });
  remotes.prepareWith(async (manifests) => {
    if (manifests.some(({ remotes: list }) => list.some(({ entry }) => entry === entryOf(HANGING)))) {
      hangingPreparations += 1;
      await new Promise(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, prepareMs));
  });
  started.push(remotes);
  return remotes;
}

/** Milliseconds until the cart's entry in force is `entry` (fails after 20 s). */
async function msUntilInForce(remotes: LiveRemotes, entry: string, since = performance.now()): Promise<number> {
  while (remotes.manifest().remotes[0]!.entry !== entry) {
    if (performance.now() - since > 20_000) throw new Error(`${entry} not in force after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - since;
}

test('a switch to a version whose server build hangs takes effect within 2 s, and the rollback right after it too', async () => {
  live = [release(GOOD)];
  const remotes = instance();
  remotes.start();
  await msUntilInForce(remotes, entryOf(GOOD));

  live = [release(HANGING)];
  expect(await msUntilInForce(remotes, entryOf(HANGING))).toBeLessThan(2000);
  // Rolled back at once: the preparation of the hanging version does not hold the read back.
  const rolledBack = performance.now();
  live = [release(GOOD)];
  expect(await msUntilInForce(remotes, entryOf(GOOD), rolledBack)).toBeLessThan(2000);

  // Rolled back while the hanging version is still being prepared (not in force yet).
  const before = hangingPreparations;
  live = [release(HANGING)];
  // Waits for the read that prepares it (not for a time: a late poll on a busy machine would read
  // the rollback first, and the hanging version would never come in force).
  while (hangingPreparations === before) await new Promise((resolve) => setTimeout(resolve, 10));
  const early = performance.now();
  const switches = switchedTo.length;
  live = [release(GOOD)];
  // The hanging version comes in force once its preparation is given up, then the rollback: read
  // from the log, since it may be in force for less than one poll (too short to catch by looking).
  while (!switchedTo.slice(switches).includes(entryOf(HANGING))) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await msUntilInForce(remotes, entryOf(GOOD), early)).toBeLessThan(2000);
}, 30_000);

test('at the start the versions are in force (the instance ready) only once prepared, even when that takes longer than a switch may', async () => {
  live = [release(GOOD)];
  const remotes = instance(2500);
  const since = performance.now();
  remotes.start();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(remotes.isKnown()).toBe(false);
  expect(remotes.notReadyReason()).toBe('loading the server modules of the live remote versions');
  expect(await msUntilInForce(remotes, entryOf(GOOD), since)).toBeGreaterThanOrEqual(2400);
  expect(remotes.isKnown()).toBe(true);
}, 30_000);
