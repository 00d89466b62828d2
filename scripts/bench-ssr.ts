/**
 * `npm run bench:ssr`: the server cost of server-rendered pages on a throwaway seeded
 * shop. Three gateways on the same services: server rendering on (the shop as it runs), off (the
 * static first HTML of before), and on with the catalog's server build broken (its pages render
 * in the browser). For home, a category listing and a product page: p50/p99 at low load
 * (1 connection) and req/s with p50/p99 under load (10 connections). Prints figures; asserts
 * nothing (recorded in docs/performance.md).
 * Options: --seconds N per measurement (default 6), --connections N (default 10), --no-build.
 */
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { step } from './lib/log';
import { figuresOf, numberArg, runBench, withBenchShop, type Figures } from './lib/bench';
import { findFreePort } from '@shop/local-mongo';
import { ROOT, SLICES } from './lib/paths';
import { SERVICE_RESTART_POLICY, waitForOk } from './lib/run';

const SECONDS = numberArg('seconds', 6);
const CONNECTIONS = numberArg('connections', 10);
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const PAGES = [
  ['home', '/'],
  ['category listing', '/kategorien/randm-tornado-9000'],
  ['product detail', '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape'],
] as const;

/** A static root with every real build linked and the catalog's server entry replaced by one that throws. */
async function brokenCatalogRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-ssr-root-'));
  for (const app of ['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-content', 'mf-admin']) {
    await mkdir(path.join(root, app));
    if (app === 'mf-catalog') await cp(path.join(ROOT, app, 'dist'), path.join(root, app, 'dist'), { recursive: true });
    else await symlink(path.join(ROOT, app, 'dist'), path.join(root, app, 'dist'));
  }
  await writeFile(path.join(root, 'mf-catalog', 'dist', 'server', 'remoteEntry.js'), "throw new Error('broken build (bench:ssr)');\n");
  return root;
}

async function measure(url: string, connections: number): Promise<Figures> {
  const headers = { 'user-agent': USER_AGENT };
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  return figuresOf(await autocannon({ url, connections, duration: SECONDS, headers }));
}

async function main() {
  const brokenRoot = await brokenCatalogRoot();
  try {
    await withBenchShop(async (gatewayUrl, stack) => {
      const serviceUrls = Object.fromEntries(
        SLICES.map((slice) => [`${slice.toUpperCase()}_SERVICE_URL`, `http://127.0.0.1:${stack.servicePorts[slice]}`]),
      );
      const extraGateway = async (name: string, env: Record<string, string>) => {
        const port = await findFreePort();
        stack.group.spawn(
          name,
          process.execPath,
          [path.join(ROOT, 'services', 'gateway', 'dist', 'server.js')],
          { env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', ...serviceUrls, ...env } },
          SERVICE_RESTART_POLICY,
        );
        await waitForOk(`http://127.0.0.1:${port}/readyz`);
        return `http://127.0.0.1:${port}`;
      };
      const variants = [
        ['server-rendered', gatewayUrl],
        ['static first HTML (SSR=off)', await extraGateway('gateway-static', { SSR: 'off' })],
        ['catalog server build broken', await extraGateway('gateway-broken', { STATIC_ROOT: brokenRoot })],
      ] as const;
      step(`Measuring: ${SECONDS} s per measurement, 1 and ${CONNECTIONS} connections, ${cpus().length} cores`);
      const rows: string[] = [];
      for (const [page, pathname] of PAGES) {
        for (const [variant, base] of variants) {
          const response = await fetch(base + pathname, { headers: { 'user-agent': USER_AGENT } });
          const html = await response.text();
          if (response.status !== 200) throw new Error(`${variant} ${pathname} answered ${response.status}`);
          const low = await measure(base + pathname, 1);
          const load = await measure(base + pathname, CONNECTIONS);
          rows.push(
            `| ${page} | ${variant} | ${(html.length / 1024).toFixed(0)} | ${low.p50} | ${low.p99} | ${load.rps.toFixed(0)} | ${load.p50} | ${load.p99} | ${low.errors + load.errors} |`,
          );
        }
      }
      console.log(
        '\n| page | gateway | HTML KB | p50 ms (1 conn.) | p99 ms (1 conn.) | req/s (load) | p50 ms (load) | p99 ms (load) | errors |',
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      for (const row of rows) console.log(row);
    });
  } finally {
    await rm(brokenRoot, { recursive: true, force: true });
  }
}

runBench(main);
