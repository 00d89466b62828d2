/**
 * Purges of the shared cache from a service (EdgePurger over EdgePurgeSender), against a fake
 * cache instance that answers PURGE as Varnish's xkey does, on the real database: a purge is sent
 * at once and again once the service's instances settled; one the cache does not take stays in
 * the database and is sent by the next run, also by another instance's; after an hour it is given
 * up; nothing is stored or sent without cache instances; tags the edge cannot take are refused.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connection } from 'mongoose';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../database';
import { EdgePurgeSender, parsePurgeUrls } from './edge-purge';
import { EdgePurger, pendingPurgeModel, PURGE_GIVE_UP_MS } from './edge-purger';

const quiet = () => undefined;
const log = { info: quiet, error: quiet, debug: quiet, warn: quiet } as unknown as FastifyBaseLogger;
let db: Connection;

/** A cache instance: records each PURGE's tags; answers 200, or `status` while set. */
function fakeCache() {
  const purges: Array<{ header: string; tags: string[] }> = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    if (request.method !== 'PURGE') return response.writeHead(405).end();
    const header = request.headers['xkey-softpurge'] ? 'xkey-softpurge' : 'xkey-purge';
    purges.push({ header, tags: String(request.headers[header] ?? '').split(' ') });
    response.writeHead(state.status).end();
  });
  return {
    purges,
    state,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitFor = async (done: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeAll(async () => {
  db = await openDatabase(process.env.MONGODB_URI!, `test_edge_${randomUUID().slice(0, 8)}`);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});
afterEach(async () => {
  await pendingPurgeModel(db).deleteMany({});
});

describe('EdgePurger', () => {
  test('sends a soft purge at once and again after the settle time, then nothing is pending', async () => {
    const cache = fakeCache();
    const url = await cache.listen();
    const purger = new EdgePurger({ db: () => db, sender: new EdgePurgeSender(parsePurgeUrls(url)), log });
    await purger.purge(['p-1', 'products', 'p-1'], 200);
    await waitFor(() => cache.purges.length === 1);
    expect(cache.purges).toEqual([{ header: 'xkey-softpurge', tags: ['p-1', 'products'] }]);
    await waitFor(() => cache.purges.length === 2);
    expect(cache.purges[1]).toEqual({ header: 'xkey-softpurge', tags: ['p-1', 'products'] });
    await purger.flush();
    expect(await pendingPurgeModel(db).countDocuments()).toBe(0);
    await cache.close();
  });

  test('a purge the cache does not take stays, and the next run of any instance delivers it', async () => {
    const cache = fakeCache();
    const url = await cache.listen();
    cache.state.status = 503;
    const first = new EdgePurger({ db: () => db, sender: new EdgePurgeSender(parsePurgeUrls(url)), log });
    await first.purge(['post-x', 'posts'], 60_000);
    await first.flush();
    expect(await pendingPurgeModel(db).countDocuments()).toBe(2);
    cache.state.status = 200;
    // Another instance of the service, e.g. after the first one was restarted.
    const second = new EdgePurger({ db: () => db, sender: new EdgePurgeSender(parsePurgeUrls(url)), log });
    await second.flush();
    expect(cache.purges.at(-1)).toEqual({ header: 'xkey-softpurge', tags: ['post-x', 'posts'] });
    // The second send waits for its time.
    expect(await pendingPurgeModel(db).countDocuments()).toBe(1);
    await cache.close();
  });

  test('one cache instance away: the others take the purge once, the one away gets it when it is back', async () => {
    const [up, away] = [fakeCache(), fakeCache()];
    const urls = [await up.listen(), await away.listen()];
    away.state.status = 503;
    const purger = new EdgePurger({ db: () => db, sender: new EdgePurgeSender(parsePurgeUrls(urls.join(','))), log });
    await purger.purge(['settings'], 60_000);
    await waitFor(() => up.purges.length === 1);
    // Retries go to the one that did not take it, not to the others again.
    await purger.flush();
    await purger.flush();
    expect(up.purges).toHaveLength(1);
    expect(await pendingPurgeModel(db).countDocuments({ delivered: { $size: 1 } })).toBe(1);
    away.state.status = 200;
    const before = away.purges.length;
    await purger.flush();
    expect(away.purges.length).toBe(before + 1);
    expect(up.purges).toHaveLength(1);
    await Promise.all([up.close(), away.close()]);
  });

  test('a hard purge drops the stale copies too (xkey-purge)', async () => {
    const cache = fakeCache();
    const url = await cache.listen();
    const purger = new EdgePurger({ db: () => db, sender: new EdgePurgeSender(parsePurgeUrls(url)), log });
    await purger.purge(['settings'], 60_000, 'hard');
    await waitFor(() => cache.purges.length === 1);
    expect(cache.purges).toEqual([{ header: 'xkey-purge', tags: ['settings'] }]);
    await cache.close();
  });

  test('given up after an hour undelivered', async () => {
    let now = new Date('2026-11-30T10:00:00Z');
    const purger = new EdgePurger({
      db: () => db,
      sender: new EdgePurgeSender(parsePurgeUrls('http://127.0.0.1:9')),
      log,
      now: () => now,
    });
    await purger.purge(['p-2'], 0);
    await purger.flush();
    expect(await pendingPurgeModel(db).countDocuments()).toBe(2);
    now = new Date(now.getTime() + PURGE_GIVE_UP_MS + 1000);
    await purger.flush();
    expect(await pendingPurgeModel(db).countDocuments()).toBe(0);
  });

  test('without cache instances nothing is stored or sent; a tag the edge cannot take is refused', async () => {
    const purger = new EdgePurger({ db: () => db, sender: new EdgePurgeSender([]), log });
    await purger.purge(['p-3']);
    expect(await pendingPurgeModel(db).countDocuments()).toBe(0);
    await expect(new EdgePurgeSender(parsePurgeUrls('http://127.0.0.1:9')).purge(['two words'])).rejects.toThrow(
      "not a cache tag: 'two words'",
    );
  });
});
