import { request as httpRequest } from 'node:http';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { CACHE_TAG_PATTERN } from '@shop/contracts';
import { shopCounter } from '../metrics/registry';

/** `shop_edge_purges_total{outcome}`: tag purges sent to shared cache instances, by outcome (sent, failed). */
export const edgePurges = shopCounter({
  name: 'shop_edge_purges_total',
  help: 'Tag purges sent to the shared cache instances (one per instance and request), by outcome (sent, failed).',
  labelNames: ['outcome'] as const,
});

/** How long one purge request to one cache instance may take (ms). */
const PURGE_TIMEOUT_MS = 2000;
/** Most characters of tags in one request: Varnish's default limit of a request header is 8 KB. */
const MAX_TAGS_CHARS = 6000;

/**
 * `EDGE_PURGE_URLS`: the shared cache instances to purge, comma-separated base URLs
 * (http://varnish:6081). A host name stands for every address it resolves to, looked up at each
 * purge, so a headless Kubernetes Service or a compose service with replicas reaches every
 * instance. Empty: no shared cache, nothing is purged.
 */
export const parsePurgeUrls = (value: string): URL[] =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => new URL(url));

/** Tags in requests of at most MAX_TAGS_CHARS characters each. */
function batches(tags: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const tag of tags) {
    if (current.length && length + tag.length + 1 > MAX_TAGS_CHARS) {
      out.push(current);
      current = [];
      length = 0;
    }
    current.push(tag);
    length += tag.length + 1;
  }
  if (current.length) out.push(current);
  return out;
}

/** One PURGE to one address; resolves with its status, rejects on a network error or timeout. */
function purgeOne(target: URL, address: string, header: 'xkey-softpurge' | 'xkey-purge', tags: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: address,
        port: target.port || 80,
        method: 'PURGE',
        path: '/',
        headers: { host: target.host, [header]: tags },
        timeout: PURGE_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`purge of ${address} timed out after ${PURGE_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sends tag purges to every shared cache instance (Varnish with xkey, deploy/varnish/shop.vcl):
 * `PURGE /` with `xkey-softpurge: <tags>` (the default: the next visitor gets the stale page while
 * it is rendered again) or `xkey-purge` (gone at once). Knows nothing of retrying: EdgePurger
 * (services, an outbox in their database) and the gateway's release purges retry.
 */
export class EdgePurgeSender {
  constructor(private readonly targets: readonly URL[]) {}

  /** Whether there is a shared cache to purge at all. */
  get enabled(): boolean {
    return this.targets.length > 0;
  }

  /**
   * Purges `tags` on every instance of every target but those in `skip` (addresses that took this
   * purge before). Resolves with the addresses that took it and what failed (an instance down,
   * refusing, slow): the callers retry only the failed ones, so a replica that is away never makes
   * the others purge again and again.
   * @throws Error for a tag the edge cannot take (a programming error).
   */
  async purge(
    tags: readonly string[],
    { mode = 'soft', skip = [] }: { mode?: 'soft' | 'hard'; skip?: readonly string[] } = {},
  ): Promise<{ delivered: string[]; failures: string[] }> {
    const unique = [...new Set(tags)];
    const bad = unique.find((tag) => !CACHE_TAG_PATTERN.test(tag));
    if (bad) throw new Error(`not a cache tag: '${bad}'`);
    const delivered: string[] = [];
    const failures: string[] = [];
    if (!unique.length || !this.enabled) return { delivered, failures };
    const header = mode === 'soft' ? 'xkey-softpurge' : 'xkey-purge';
    await Promise.all(
      this.targets.map(async (target) => {
        const host = target.hostname.replace(/^\[|\]$/g, '');
        let addresses: string[];
        try {
          addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
        } catch (error) {
          failures.push(`${target.host}: ${String(error)}`);
          return;
        }
        for (const address of addresses) {
          const instance = `${address}:${target.port || 80}`;
          if (skip.includes(instance)) continue;
          try {
            for (const batch of batches(unique)) {
              const status = await purgeOne(target, address, header, batch.join(' '));
              if (status !== 200) throw new Error(`answered ${status}`);
            }
            edgePurges.inc({ outcome: 'sent' });
            delivered.push(instance);
          } catch (error) {
            edgePurges.inc({ outcome: 'failed' });
            failures.push(`${target.host} (${instance}): ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
    return { delivered, failures };
  }
}
