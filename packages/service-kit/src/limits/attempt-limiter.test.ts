/**
 * AttemptLimiter against the real local database: parallel attempts from two instances (two
 * connections, as two processes of a service have) never pass the limit, and a key holding far
 * more attempts than its limit (a limit lowered while attempts were stored, a key attacked
 * through many instances) is still refused with the wait until its oldest attempt leaves.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { openDatabase } from '../database';
import { AttemptLimiter, type RateWindow } from './attempt-limiter';
import { attemptModel } from './attempt.model';

const MINUTE = 60_000;
const window = (limit: number): RateWindow => ({
  name: 'test-window',
  limit,
  windowMs: 10 * MINUTE,
  code: 'PROMO_ATTEMPTS_EXCEEDED',
  message: (wait) => `Bitte versuchen Sie es in ${wait} erneut.`,
});

let instances: Connection[];

beforeAll(async () => {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set (run through npm test or jest with its global setup)');
  const dbName = `test_limiter_${randomUUID().slice(0, 8)}`;
  instances = [await openDatabase(uri, dbName), await openDatabase(uri, dbName)];
});

afterAll(async () => {
  await instances[0]!.dropDatabase();
  await Promise.all(instances.map((db) => db.close()));
});

test('12 parallel attempts of one client over two instances: exactly the limit of 4 go on', async () => {
  const limiters = instances.map((db) => new AttemptLimiter(db, () => new Date(), window(4)));
  const client = `parallel-${randomUUID()}`;
  const outcomes = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      limiters[i % 2]!.guard(
        client,
        async () => 'ran',
        () => true,
      ),
    ),
  );
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
  const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  expect(refused).toHaveLength(8);
  for (const { reason } of refused) expect(reason).toMatchObject({ statusCode: 429, code: 'PROMO_ATTEMPTS_EXCEEDED' });
  expect(await limiters[0]!.count(client)).toBe(4);
});

test('a key with 60 attempts stored against a limit of 3 is refused, the wait counted from its oldest attempt', async () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const client = `crowded-${randomUUID()}`;
  const key = `test-window:${client}`;
  // The oldest attempt 9 minutes ago, the others after it: the window frees up in 1 minute.
  await attemptModel(instances[0]!).insertMany(
    Array.from({ length: 60 }, (_, i) => ({ key, at: new Date(now.getTime() - 9 * MINUTE + i * 1000) })),
  );
  const limiter = new AttemptLimiter(instances[1]!, () => now, window(3));
  let ran = false;
  await expect(
    limiter.guard(
      client,
      async () => {
        ran = true;
      },
      () => true,
    ),
  ).rejects.toMatchObject({ statusCode: 429, message: 'Bitte versuchen Sie es in einer Minute erneut.' });
  expect(ran).toBe(false);
  // The refused attempt is not stored.
  expect(await limiter.count(client)).toBe(60);
});

test('attempts that do not count are removed, so the next one goes on', async () => {
  const limiter = new AttemptLimiter(instances[0]!, () => new Date(), window(1));
  const client = `uncounted-${randomUUID()}`;
  await limiter.guard(
    client,
    async () => 'fine',
    () => false,
  );
  await expect(
    limiter.guard(
      client,
      async () => 'counted',
      () => true,
    ),
  ).resolves.toBe('counted');
  await expect(
    limiter.guard(
      client,
      async () => 'third',
      () => true,
    ),
  ).rejects.toMatchObject({ statusCode: 429 });
});
