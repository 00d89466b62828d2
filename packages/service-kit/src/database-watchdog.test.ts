/**
 * The database watchdog: a client that keeps failing while a new client reaches the database is
 * reported stuck once; while the database itself is away (the new client fails too), or once the
 * client answers again, nothing happens. The failing time is measured on a clock the tests set,
 * and every step waits for the watchdog's next ping, so a loaded machine's late timers change
 * nothing. The probe against the real local database and a port nobody listens on.
 */
import Fastify from 'fastify';
import type { Connection } from 'mongoose';
import { newClientReaches } from './database';
import { watchDatabaseClient } from './database-watchdog';

const log = Fastify().log;

/** A client whose pings answer as `answers` says, a clock the test sets, and a wait for the next pings. */
function watchedClient() {
  const state = { answers: false, now: 0, pings: 0 };
  const waiters: Array<{ until: number; resolve: () => void }> = [];
  const command = async () => {
    state.pings += 1;
    for (const waiter of waiters.filter((w) => state.pings >= w.until)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      setImmediate(waiter.resolve);
    }
    if (!state.answers) throw new Error('connection 1 to 127.0.0.1:27017 closed');
    return { ok: 1 };
  };
  const connection = { db: { admin: () => ({ command }) } } as unknown as Connection;
  /** Resolves once the watchdog has pinged `count` more times and handled the last answer. */
  const pings = (count: number) => new Promise<void>((resolve) => waiters.push({ until: state.pings + count, resolve }));
  return { state, connection, pings, now: () => state.now };
}

test('a client failing past the limit while a new client reaches the database is reported stuck, once', async () => {
  const stuck = jest.fn();
  const client = watchedClient();
  const stop = watchDatabaseClient(client.connection, {
    probe: async () => true,
    onStuck: stuck,
    log,
    stuckAfterMs: 60,
    everyMs: 5,
    now: client.now,
  });
  await client.pings(2);
  client.state.now = 40;
  await client.pings(2);
  expect(stuck).not.toHaveBeenCalled();
  client.state.now = 60;
  await client.pings(1);
  expect(stuck).toHaveBeenCalledTimes(1);
  // Once reported, the watchdog pings no more: later ticks cannot report it again.
  await new Promise((resolve) => setTimeout(resolve, 50));
  stop();
  expect(stuck).toHaveBeenCalledTimes(1);
});

test('while the database itself is away (the new client fails too), nothing happens', async () => {
  const stuck = jest.fn();
  const client = watchedClient();
  const stop = watchDatabaseClient(client.connection, {
    probe: async () => false,
    onStuck: stuck,
    log,
    stuckAfterMs: 20,
    everyMs: 5,
    now: client.now,
  });
  await client.pings(2);
  client.state.now = 10_000;
  await client.pings(3);
  stop();
  expect(stuck).not.toHaveBeenCalled();
});

test('a client that answers again before the limit starts the count anew', async () => {
  const stuck = jest.fn();
  const client = watchedClient();
  const stop = watchDatabaseClient(client.connection, {
    probe: async () => true,
    onStuck: stuck,
    log,
    stuckAfterMs: 300,
    everyMs: 5,
    now: client.now,
  });
  // 200 ms failing, an answer, 250 ms failing: past the limit only if the answer was not counted.
  await client.pings(2);
  client.state.now = 200;
  await client.pings(2);
  client.state.answers = true;
  await client.pings(2);
  client.state.answers = false;
  client.state.now = 400;
  await client.pings(2);
  client.state.now = 650;
  await client.pings(3);
  stop();
  expect(stuck).not.toHaveBeenCalled();
});

test('the probe: a new client reaches the running database, and not a port nobody listens on', async () => {
  expect(await newClientReaches(process.env.MONGODB_URI!)).toBe(true);
  expect(await newClientReaches('mongodb://127.0.0.1:1/?directConnection=true')).toBe(false);
}, 20_000);
