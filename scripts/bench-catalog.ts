/**
 * `npm run bench:catalog`: requests/s and p50/p99 latency of the catalogue's hot reads
 * (product list by category, product by slug, search suggestions), each through the gateway
 * and directly against the catalog service, with the gateway's overhead. Starts its own shop
 * on free ports with a throwaway seeded database. Prints figures; asserts nothing (targets
 * are checked by reading the figures, recorded in docs/performance.md).
 * Options: --seconds N per scenario (default 8), --connections N (default 10).
 */
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { step, info } from './lib/log';
import { figuresOf, numberArg, runBench, withBenchShop, type Figures } from './lib/bench';

const SECONDS = numberArg('seconds', 8);
const CONNECTIONS = numberArg('connections', 10);

const SCENARIOS = [
  { name: 'product list by category', path: '/api/products?categoryId=cat-tornado-9000&limit=20' },
  { name: 'product by slug', path: '/api/products/slug/randm-tornado-9000/blueberry-ice-einweg-vape' },
  { name: 'search suggestions', path: '/api/products?search=blue&limit=5' },
];

async function measure(url: string): Promise<Figures> {
  // Warm-up (JIT, caches), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  return figuresOf(await autocannon({ url, connections: CONNECTIONS, duration: SECONDS }));
}

async function main() {
  await withBenchShop(async (gatewayUrl, stack) => {
    const targets = { gateway: gatewayUrl, direct: `http://127.0.0.1:${stack.servicePorts.catalog}` };
    step(`Measuring: ${SECONDS} s per scenario, ${CONNECTIONS} connections, ${cpus().length} cores, log level warn`);
    const rows: string[] = [];
    for (const scenario of SCENARIOS) {
      const direct = await measure(targets.direct + scenario.path);
      const gateway = await measure(targets.gateway + scenario.path);
      const ratio = (gateway.rps / Math.max(direct.rps, 1)) * 100;
      const added = gateway.mean - direct.mean;
      rows.push(
        `| ${scenario.name} | ${direct.rps.toFixed(0)} | ${direct.mean.toFixed(2)} | ${direct.p50} | ${direct.p99} | ${gateway.rps.toFixed(0)} | ${gateway.mean.toFixed(2)} | ${gateway.p50} | ${gateway.p99} | ${ratio.toFixed(0)} % | +${added.toFixed(2)} ms | ${direct.errors + gateway.errors} |`,
      );
      info(
        `${scenario.name}: direct ${direct.rps.toFixed(0)} req/s p99 ${direct.p99} ms · gateway ${gateway.rps.toFixed(0)} req/s p99 ${gateway.p99} ms`,
      );
    }
    console.log(
      '\n| scenario | direct req/s | direct mean ms | direct p50 ms | direct p99 ms | gateway req/s | gateway mean ms | gateway p50 ms | gateway p99 ms | gateway/direct throughput | latency added by gateway (mean) | errors |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
  });
}

runBench(main);
