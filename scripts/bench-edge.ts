/**
 * `npm run bench:edge`: what the shared cache (Varnish, deploy/varnish/shop.vcl) does for page
 * views, on a throwaway seeded shop with the cache in front of the gateway. A mix of anonymous
 * page views (home, all products, a category listing, three product pages, the blog and a blog
 * post) as an age-confirmed shopper: page views per second and p50/p99 straight to the gateway,
 * then through the warmed cache with its hit ratio; then a price change by staff while shoppers
 * load the product page through the cache: how long until every page they get shows the new
 * price, and how many answers were not 2xx. Prints figures; asserts nothing (docs/performance.md).
 * Options: --seconds N per measurement (default 10), --connections N (default 10), --no-build.
 */
import { execFile } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { step, info } from './lib/log';
import { figuresOf, numberArg, runBench, withBenchShop, type Figures } from './lib/bench';
import { createStaffAccount } from './lib/stack';

const run = promisify(execFile);
const SECONDS = numberArg('seconds', 10);
const CONNECTIONS = numberArg('connections', 10);
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
/** An age-confirmed shopper who answered the cookie banner, without a session or cart. */
const COOKIE = 'shop_age_verified=1; shop_cookie_consent=rejected';
const HEADERS = { 'user-agent': USER_AGENT, cookie: COOKIE };
const STAFF = { email: 'leitung@bench.example.de', password: 'Bench-Leitung 2026 sicher!', firstName: 'Berta', role: 'manager' as const };
const PRODUCT = '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape';
/** The listings and the blog of the mix; two more products and a blog post are added from the catalogue and the blog. */
const MIX = ['/', '/randm-tornado-vape-alle-produkte', '/kategorien/randm-tornado-9000', PRODUCT, '/randm-tornado-vape-blog'];

/** The cache's hit and miss counters (varnishstat on its working folder). */
async function cacheCounters(workDir: string): Promise<{ hits: number; misses: number }> {
  const { stdout } = await run(
    'varnishstat',
    ['-n', path.join(workDir, 'varnish'), '-1', '-f', 'MAIN.cache_hit', '-f', 'MAIN.cache_miss'],
    {
      env: { ...process.env, PATH: `/usr/sbin:/usr/bin:${process.env.PATH ?? ''}` },
    },
  );
  const value = (name: string) => Number(new RegExp(`^${name.replace('.', '\\.')}\\s+(\\d+)`, 'm').exec(stdout)?.[1] ?? NaN);
  return { hits: value('MAIN.cache_hit'), misses: value('MAIN.cache_miss') };
}

async function measure(base: string, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    requests: MIX.map((p) => ({ path: p })),
  });
  return figuresOf(result);
}

const row = (name: string, f: Figures) =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)}`;

async function main() {
  await withBenchShop(
    async (gatewayUrl, stack) => {
      const edgeUrl = stack.gatewayUrl.replace('localhost', '127.0.0.1');
      const { products } = (await (await fetch(`${gatewayUrl}/api/products?limit=3&offset=20`)).json()) as {
        products: Array<{ slug: string }>;
      };
      const { posts } = (await (await fetch(`${gatewayUrl}/api/blog`)).json()) as { posts: Array<{ slug: string }> };
      MIX.push(...products.slice(0, 2).map(({ slug }) => `/produkt/${slug}`), `/randm-tornado-vape-blog/${posts[0]!.slug}`);
      for (const pathname of MIX) {
        const response = await fetch(edgeUrl + pathname, { headers: HEADERS });
        if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
        await response.arrayBuffer();
      }
      step(`Page views: a mix of ${MIX.length} pages, ${SECONDS} s each, ${CONNECTIONS} connections, ${cpus().length} cores`);
      const direct = await measure(gatewayUrl, SECONDS);
      const edgeDir = stack.edgeWorkDir!;
      const before = await cacheCounters(edgeDir);
      const cached = await measure(edgeUrl, SECONDS);
      const after = await cacheCounters(edgeDir);
      const hits = after.hits - before.hits;
      const misses = after.misses - before.misses;
      console.log(`\n${'path'.padEnd(34)} ${'views/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
      console.log(row('straight to the gateway', direct));
      console.log(row('through the shared cache', cached));
      console.log(
        `\nthrough the cache: ${(cached.rps / direct.rps).toFixed(1)}× the page views; hit ratio ${((100 * hits) / Math.max(1, hits + misses)).toFixed(1)} % (${hits} hits, ${misses} misses); not 2xx: gateway ${direct.errors}, cache ${cached.errors}`,
      );

      step('A price change while shoppers load the product page through the cache');
      const login = await fetch(`${gatewayUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: gatewayUrl.replace('127.0.0.1', 'localhost') },
        body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
      });
      const session = login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
      const staffHeaders = { cookie: session, origin: gatewayUrl.replace('127.0.0.1', 'localhost'), 'content-type': 'application/json' };
      const product = (await (await fetch(`${gatewayUrl}/api/products/slug/${PRODUCT.split('/').at(-1)}`)).json()) as { id: string };
      const detail = (await (await fetch(`${gatewayUrl}/api/admin/products/${product.id}`, { headers: staffHeaders })).json()) as {
        price: string;
        version: number;
      };
      const newPrice = (Number(detail.price) + 1).toFixed(2);
      const loading = autocannon({ url: edgeUrl + PRODUCT, connections: CONNECTIONS, duration: 8, headers: HEADERS });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const changed = await fetch(`${gatewayUrl}/api/admin/products/${product.id}`, {
        method: 'PATCH',
        headers: staffHeaders,
        body: JSON.stringify({ version: detail.version, changes: { price: newPrice, salePrice: null } }),
      });
      if (changed.status !== 200) throw new Error(`price change answered ${changed.status}: ${await changed.text()}`);
      const changedAt = Date.now();
      let visibleMs: number | null = null;
      while (Date.now() - changedAt < 6000) {
        const body = await (await fetch(edgeUrl + PRODUCT, { headers: HEADERS })).text();
        if (body.includes(`"price":"${newPrice}"`)) visibleMs ??= Date.now() - changedAt;
        else visibleMs = null;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const load = await loading;
      info(
        `new price on every cached page from ${visibleMs === null ? 'never (within 6 s)' : `${visibleMs} ms`} after the change; ` +
          `${load.requests.total} page views meanwhile, not 2xx: ${load.non2xx + load.errors}`,
      );
    },
    ({ mongoUri, databasePrefix }) => createStaffAccount(mongoUri, databasePrefix, STAFF),
    { edge: true },
  );
}

runBench(main);
