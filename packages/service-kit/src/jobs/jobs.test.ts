/**
 * Jobs and migrations with two instances on one database: a shared job runs once per
 * tick across instances, a per-instance job everywhere, migrations never at once, and nothing
 * runs after stop.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../database';
import { Jobs } from './jobs';

let db: Connection;
const quiet = () => undefined;
const log = { info: quiet, error: quiet, debug: quiet, warn: quiet } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  db = await openDatabase(process.env.MONGODB_URI!, `test_jobs_${randomUUID().slice(0, 8)}`);
});

afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

const twoInstances = () => [new Jobs({ db: () => db, log, instanceId: 'a' }), new Jobs({ db: () => db, log, instanceId: 'b' })] as const;

describe('Jobs', () => {
  it('runs a shared job once per tick across two instances that tick together', async () => {
    const [a, b] = twoInstances();
    let runs = 0;
    for (const jobs of [a, b]) jobs.every('shared-once', { intervalMs: 60_000 }, async () => void (runs += 1));
    const ticks = await Promise.all([a.tick('shared-once'), b.tick('shared-once'), b.tick('shared-once')]);
    expect(ticks.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // The other instance stays out while the lease (90 % of the interval) lasts.
    expect(await b.tick('shared-once')).toBe(false);
    expect(runs).toBe(1);
  });

  it('lets the other instance run the job once the lease of the last run has passed', async () => {
    const [a, b] = twoInstances();
    const ranOn: string[] = [];
    a.every('shared-next', { intervalMs: 200 }, async () => void ranOn.push('a'));
    b.every('shared-next', { intervalMs: 200 }, async () => void ranOn.push('b'));
    expect(await a.tick('shared-next')).toBe(true);
    const deadline = Date.now() + 5000;
    while (!(await b.tick('shared-next')) && Date.now() < deadline);
    expect(ranOn).toEqual(['a', 'b']);
  });

  it('runs a per-instance job on every instance', async () => {
    const [a, b] = twoInstances();
    const ranOn: string[] = [];
    a.every('cache-refresh', { intervalMs: 60_000, perInstance: true }, async () => void ranOn.push('a'));
    b.every('cache-refresh', { intervalMs: 60_000, perInstance: true }, async () => void ranOn.push('b'));
    await Promise.all([a.tick('cache-refresh'), b.tick('cache-refresh')]);
    expect(ranOn.sort()).toEqual(['a', 'b']);
  });

  it('never overlaps a job with itself in one process, and logs a failing run without throwing', async () => {
    const [a] = twoInstances();
    let release!: () => void;
    let runs = 0;
    a.every('slow', { intervalMs: 60_000, perInstance: true }, () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    });
    const first = a.tick('slow');
    while (!release) await new Promise((resolve) => setImmediate(resolve));
    expect(await a.tick('slow')).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(runs).toBe(1);
    a.every('failing', { intervalMs: 60_000, perInstance: true }, async () => {
      throw new Error('boom');
    });
    await expect(a.tick('failing')).resolves.toBe(true);
  });

  it('runs a migration on two starting instances one after the other, never at once', async () => {
    const [a, b] = twoInstances();
    let active = 0;
    let most = 0;
    let runs = 0;
    const migrate = async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 50));
      runs += 1;
      active -= 1;
    };
    a.migration('backfill', migrate);
    b.migration('backfill', migrate);
    await Promise.all([a.runMigrations(), b.runMigrations()]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('refuses to start on a failed migration', async () => {
    const [a] = twoInstances();
    a.migration('broken', async () => {
      throw new Error('kaputt');
    });
    await expect(a.runMigrations()).rejects.toThrow('kaputt');
  });

  it('starts timers with start() and runs nothing after stop()', async () => {
    const [a] = twoInstances();
    let runs = 0;
    a.every('timed', { intervalMs: 20, perInstance: true }, async () => void (runs += 1));
    a.start();
    const deadline = Date.now() + 5000;
    while (runs < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBeGreaterThanOrEqual(2);
    await a.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(after);
  });
});
