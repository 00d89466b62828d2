/**
 * The database watchdog: a client that keeps failing while a new client reaches the database is
 * reported stuck once; while the database itself is away (the new client fails too), or once the
 * client answers again, nothing happens. The probe against the real local database and a port
 * nobody listens on.
 */
import Fastify from 'fastify';
import type { Connection } from 'mongoose';
import { newClientReaches } from './database';
import { watchDatabaseClient } from './database-watchdog';

const log = Fastify().log;

/** A connection whose pings answer as `state.answers` says. */
function connectionThat(state: { answers: boolean }): Connection {
  const command = async () => {
    if (!state.answers) throw new Error('connection 1 to 127.0.0.1:27017 closed');
    return { ok: 1 };
  };
  return { db: { admin: () => ({ command }) } } as unknown as Connection;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a client failing past the limit while a new client reaches the database is reported stuck, once', async () => {
  const stuck = jest.fn();
  const stop = watchDatabaseClient(connectionThat({ answers: false }), {
    probe: async () => true,
    onStuck: stuck,
    log,
    stuckAfterMs: 60,
    everyMs: 10,
  });
  await wait(40);
  expect(stuck).not.toHaveBeenCalled();
  await wait(120);
  stop();
  expect(stuck).toHaveBeenCalledTimes(1);
});

test('while the database itself is away (the new client fails too), nothing happens', async () => {
  const stuck = jest.fn();
  const stop = watchDatabaseClient(connectionThat({ answers: false }), {
    probe: async () => false,
    onStuck: stuck,
    log,
    stuckAfterMs: 20,
    everyMs: 10,
  });
  await wait(150);
  stop();
  expect(stuck).not.toHaveBeenCalled();
});

test('a client that answers again before the limit starts the count anew', async () => {
  const stuck = jest.fn();
  const state = { answers: false };
  const stop = watchDatabaseClient(connectionThat(state), { probe: async () => true, onStuck: stuck, log, stuckAfterMs: 300, everyMs: 10 });
  // 200 ms failing, 200 ms answering, 200 ms failing: past the limit only if the answers were not counted.
  await wait(200);
  state.answers = true;
  await wait(200);
  state.answers = false;
  await wait(200);
  stop();
  expect(stuck).not.toHaveBeenCalled();
});

test('the probe: a new client reaches the running database, and not a port nobody listens on', async () => {
  expect(await newClientReaches(process.env.MONGODB_URI!)).toBe(true);
  expect(await newClientReaches('mongodb://127.0.0.1:1/?directConnection=true')).toBe(false);
}, 20_000);
