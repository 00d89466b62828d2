/**
 * `npm run bench:catalog`: requests/s and p50/p99 latency of the catalogue's hot reads
 * (product list by category, product by slug, search suggestions), each through the gateway
 * and directly against the catalog service, with the gateway's overhead. Starts its own shop
 * on free ports with a throwaway seeded database. Prints figures; asserts nothing (targets
 * are checked by reading the figures, recorded in docs/performance.md). Then how long an
 * instance takes to follow another instance's write (CatalogSnapshot.sync: a stock change, a
 * renamed product) against the full rebuild it did before, on the bench's database.
 * Options: --seconds N per scenario (default 8), --connections N (default 10).
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openDatabase } from '@shop/service-kit';
import { CatalogSnapshot } from '../services/catalog/src/catalog/catalog-snapshot';
import { productModel } from '../services/catalog/src/products/product.model';
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

const FOLLOW_ROUNDS = 20;

/** Mean ms of `work` over FOLLOW_ROUNDS runs, each after `before`. */
async function meanMs(before: () => Promise<unknown>, work: () => Promise<unknown>): Promise<number> {
  let total = 0;
  for (let round = 0; round < FOLLOW_ROUNDS; round++) {
    await before();
    const start = performance.now();
    await work();
    total += performance.now() - start;
  }
  return total / FOLLOW_ROUNDS;
}

/** Ms for one instance's snapshot to follow another's write: a full rebuild against sync(). */
async function followFigures(mongoUri: string, databasePrefix: string): Promise<string[]> {
  // Opened as the catalog service opens its database (a single connection on FerretDB).
  const db = await openDatabase(mongoUri, `${databasePrefix}_catalog`);
  try {
    const snapshot = new CatalogSnapshot(db, { announce: async () => undefined, subscribe: () => () => undefined });
    await snapshot.refresh();
    const Product = productModel(db);
    const [target] = await Product.find({ isActive: true }).limit(1).lean();
    const stockChange = () => Product.updateOne({ _id: target!._id }, { $inc: { stock: 1 } });
    let renamed = 0;
    const rename = () =>
      Product.updateOne({ _id: target!._id }, { $set: { name: `${target!.name} ${++renamed % 2 ? 'Neu' : ''}`.trim() } });
    return [
      `| full rebuild (refresh; before, a sync did this after its signature reads) | ${(await meanMs(stockChange, () => snapshot.refresh())).toFixed(1)} |`,
      `| sync after a stock change (signature reads and the changed product) | ${(await meanMs(stockChange, () => snapshot.sync())).toFixed(1)} |`,
      `| sync after a rename (search index rebuilt in memory) | ${(await meanMs(rename, () => snapshot.sync())).toFixed(1)} |`,
      `| sync with nothing changed | ${(
        await meanMs(
          async () => undefined,
          () => snapshot.sync(),
        )
      ).toFixed(1)} |`,
    ];
  } finally {
    await db.close();
  }
}

async function main() {
  let database: { mongoUri: string; databasePrefix: string } | undefined;
  await withBenchShop(
    async (gatewayUrl, stack) => {
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
      step(`Following another instance's write (mean of ${FOLLOW_ROUNDS}, the catalogue of the bench's database)`);
      console.log('\n| snapshot work | ms |\n| --- | --- |');
      for (const row of await followFigures(database!.mongoUri, database!.databasePrefix)) console.log(row);
    },
    async (prepared) => void (database = prepared),
  );
}

runBench(main);
