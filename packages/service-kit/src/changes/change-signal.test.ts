/**
 * ChangeSignal with two instances on one database: an announcement through one is
 * heard by the other within the poll interval (local engine) or at once (change stream on a
 * replica set), every announcement made while nobody listened is found by the counter, a
 * polling writer does not hear its own announcement unless another came between, and a
 * stopped signal calls nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { isFerretDb, openDatabase } from '../database';
import { ChangeSignal } from './change-signal';

const quiet = () => undefined;
const log = { info: quiet, error: quiet, debug: quiet, warn: quiet } as unknown as FastifyBaseLogger;
let dbA: Connection;
let dbB: Connection;

beforeAll(async () => {
  const name = `test_changes_${randomUUID().slice(0, 8)}`;
  // Two connections, as two processes have.
  [dbA, dbB] = await Promise.all([openDatabase(process.env.MONGODB_URI!, name), openDatabase(process.env.MONGODB_URI!, name)]);
});

afterAll(async () => {
  await dbA.dropDatabase();
  await Promise.all([dbA.close(), dbB.close()]);
});

/** Resolves with the ms from now until `heard()` is true (fails the test after 3 s). */
async function timeUntil(heard: () => boolean): Promise<number> {
  const started = Date.now();
  while (!heard()) {
    if (Date.now() - started > 3000) throw new Error('not heard within 3 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('ChangeSignal', () => {
  const signals: ChangeSignal[] = [];
  afterEach(async () => {
    await Promise.all(signals.splice(0).map((signal) => signal.stop()));
  });
  const signal = (db: Connection, options: { pollMs?: number; prefer?: 'poll' } = {}) => {
    const created = new ChangeSignal({ db: () => db, log, ...options });
    signals.push(created);
    return created;
  };

  it('tells the other instance of a change within a second, each announcement once', async () => {
    const writer = signal(dbA);
    const reader = signal(dbB);
    const heard: string[] = [];
    reader.subscribe('catalog', () => void heard.push('catalog'));
    reader.subscribe('posts', () => void heard.push('posts'));
    await Promise.all([writer.start(), reader.start()]);
    // Where the engine has change streams (MongoDB replica set) they are used; FerretDB polls.
    expect(reader.mode).toBe((await isFerretDb(dbB)) ? 'poll' : 'stream');

    await writer.announce('catalog');
    const ms = await timeUntil(() => heard.includes('catalog'));
    expect(ms).toBeLessThan(2000);
    // Nothing else was announced: nothing else is heard, and the change is not heard twice.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(heard).toEqual(['catalog']);
  });

  it('finds announcements made while it was not listening, and calls nothing after stop', async () => {
    const writer = signal(dbA, { prefer: 'poll' });
    const reader = signal(dbB, { prefer: 'poll', pollMs: 100 });
    let heard = 0;
    reader.subscribe('pages', () => void (heard += 1));
    await Promise.all([writer.start(), reader.start()]);
    await reader.stop();
    await writer.announce('pages');
    await writer.announce('pages');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toBe(0);
    // Restarted: the counter it saw last differs, so it hears once (the snapshot reloads once).
    const restarted = signal(dbB, { prefer: 'poll', pollMs: 100 });
    restarted.subscribe('pages', () => void (heard += 1));
    await writer.announce('pages');
    await restarted.start();
    await writer.announce('pages');
    await timeUntil(() => heard === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toBe(1);
  });

  it("spares a polling writer's own listeners its announcement, but not one another instance's came before", async () => {
    const writer = signal(dbA, { prefer: 'poll', pollMs: 100 });
    const other = signal(dbB, { prefer: 'poll', pollMs: 100 });
    let writerHeard = 0;
    let otherHeard = 0;
    writer.subscribe('offers', () => void (writerHeard += 1));
    other.subscribe('offers', () => void (otherHeard += 1));
    await Promise.all([writer.start(), other.start()]);

    await writer.announce('offers');
    await timeUntil(() => otherHeard === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(writerHeard).toBe(0);

    // Another instance's change: heard by the writer.
    await other.announce('offers');
    await timeUntil(() => writerHeard === 1);

    // The other instance's change and the writer's own in one poll interval: the writer cannot
    // skip its own without skipping the other's, so it hears them (once).
    await writer.stop();
    const restarted = signal(dbA, { prefer: 'poll', pollMs: 100 });
    restarted.subscribe('offers', () => void (writerHeard += 1));
    await restarted.start();
    await other.announce('offers');
    await restarted.announce('offers');
    await timeUntil(() => writerHeard === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(writerHeard).toBe(2);
    expect(otherHeard).toBe(2);
  });

  it('keeps polling through a failing listener and a database that is away, and announces without throwing', async () => {
    const lost = await openDatabase(process.env.MONGODB_URI!, dbA.name);
    const writer = signal(lost, { prefer: 'poll' });
    const reader = signal(dbB, { prefer: 'poll', pollMs: 100 });
    let calls = 0;
    reader.subscribe('catalog', () => {
      calls += 1;
      if (calls === 1) throw new Error('listener failed');
    });
    await Promise.all([writer.start(), reader.start()]);
    await writer.announce('catalog');
    await timeUntil(() => calls === 1);
    await writer.announce('catalog');
    await timeUntil(() => calls === 2);
    await lost.close();
    await expect(writer.announce('catalog')).resolves.toBeUndefined();
  });
});
