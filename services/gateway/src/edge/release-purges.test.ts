/**
 * The gateway's purges of the shared cache (ReleasePurges) against a fake cache instance that
 * answers PURGE as Varnish's xkey does: its own shell's pages at its start, a changed release's
 * pages at once and again once every gateway switched, and a purge the cache refused sent again
 * until it takes it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName } from '@shop/contracts';
import { EdgePurgeSender, parsePurgeUrls } from '@shop/service-kit';
import type { LiveRemoteVersions } from '../releases/live-remotes';
import { ReleasePurges } from './release-purges';

const quiet = () => undefined;
const log = { info: quiet, error: quiet, debug: quiet, warn: quiet } as unknown as FastifyBaseLogger;

test('purges its shell at the start, a changed release at once and after the settle time, and retries what the cache refused', async () => {
  const purged: string[] = [];
  let status = 200;
  const cache = createServer((request, response) => {
    if (status === 200) purged.push(String(request.headers['xkey-softpurge']));
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => cache.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(cache.address() as AddressInfo).port}`;
  let changed: (slices: RemoteName[]) => void = () => undefined;
  const remotes = {
    onChange: (listener: (slices: RemoteName[]) => void) => ((changed = listener), () => undefined),
  } as unknown as LiveRemoteVersions;
  const purges = new ReleasePurges({ sender: new EdgePurgeSender(parsePurgeUrls(url)), remotes, settleMs: 300, log });
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 3000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`not within 3 s; purged: ${purged.join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    purges.start();
    await until(() => purged.length === 1);
    expect(purged).toEqual(['shell']);

    const count = (tag: string) => purged.filter((purge) => purge === tag).length;
    changed(['cart', 'catalog']);
    await until(() => count('r-cart') === 1 && count('r-catalog') === 1);
    // Again once every gateway has switched (settleMs).
    await until(() => count('r-cart') === 2 && count('r-catalog') === 2);

    // The cache refuses (restarting): the purge stays and goes out once it answers again.
    status = 503;
    changed(['content']);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(count('r-content')).toBe(0);
    status = 200;
    await until(() => purged.includes('r-content'));
  } finally {
    purges.stop();
    await new Promise<void>((resolve) => cache.close(() => resolve()));
  }
});
