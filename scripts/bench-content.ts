/**
 * `npm run bench:content`: the content pages' reads through the gateway on a throwaway seeded
 * shop: the blog list, a blog post (Markdown rendered and sanitised on every read)
 * and a legal page, next to the catalogue's category list as the yardstick. Prints figures;
 * asserts nothing (recorded in docs/performance.md next to the catalogue figures).
 * Options: --seconds N per scenario (default 8), --connections N (default 10), --no-build.
 */
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { step } from './lib/log';
import { figuresOf, numberArg, runBench, withBenchShop, type Figures } from './lib/bench';

const SECONDS = numberArg('seconds', 8);
const CONNECTIONS = numberArg('connections', 10);

async function main() {
  await withBenchShop(async (gatewayUrl) => {
    step(`Measuring through the gateway: ${SECONDS} s per scenario, ${CONNECTIONS} connections, ${cpus().length} cores`);
    const rows: Array<[string, Figures]> = [];
    for (const [name, path] of [
      ['catalogue yardstick (GET /api/categories)', '/api/categories'],
      ['blog list (GET /api/blog, 9 posts)', '/api/blog'],
      ['blog post (GET /api/blog/{slug})', '/api/blog/ratgeber-randm-tornado-9000'],
      ['legal page (GET /api/pages/agb)', '/api/pages/agb'],
    ] as const) {
      const url = `${gatewayUrl}${path}`;
      if ((await fetch(url)).status !== 200) throw new Error(`${path} does not answer 200`);
      await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
      rows.push([name, figuresOf(await autocannon({ url, connections: CONNECTIONS, duration: SECONDS }))]);
    }
    console.log('\n| scenario (through the gateway) | req/s | mean ms | p50 ms | p99 ms | errors |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [name, f] of rows)
      console.log(`| ${name} | ${f.rps.toFixed(0)} | ${f.mean.toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors} |`);
  });
}

runBench(main);
