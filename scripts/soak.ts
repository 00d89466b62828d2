/**
 * `npm run soak`: a bounded mixed-traffic run through the gateway of a throwaway
 * seeded shop, at a fixed arrival rate of shopper visits. Each visit browses a category, searches,
 * opens a product, adds it to the cart, changes the quantity; a share checks out, a share logs in.
 * Printed every minute and at the end: requests, answers by status, p50/p99 per scenario, RSS and
 * event-loop delay p99 per process, and at the end orders placed vs stock taken vs confirmation
 * e-mails written (must match exactly) and RSS first vs last minute per process.
 *
 * Options: --minutes N (15), --rate N visits per second (2), --instances 1|2 (2), --no-build.
 * The one-vs-two table in docs/performance.md: `npm run soak -- --minutes 5 --instances 1` and
 * `… --instances 2` on the same machine.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { demoOrderBody } from '@shop/test-fixtures';
import { numberArg, runBench, withBenchShop } from './lib/bench';
import { info, step } from './lib/log';
import { createStaffAccount } from './lib/stack';
import { SLICES } from './lib/paths';
import { internalApiSecret } from '../packages/service-kit/src';

const MINUTES = numberArg('minutes', 15);
const RATE = numberArg('rate', 2);
const INSTANCES = numberArg('instances', 2);
/** Shares of visits that check out and that log in. */
const CHECKOUT_SHARE = 0.3;
const LOGIN_SHARE = 0.2;
const ACCOUNT = { email: 'soak@soak.example.de', password: 'Soak-Konto 2026 sicher!', firstName: 'Sören' };

type Scenario = 'browse' | 'search' | 'product' | 'add' | 'quantity' | 'checkout' | 'login';
interface Sample {
  scenario: Scenario;
  status: number;
  ms: number;
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** RSS (MB) of a process from /proc, or null when it is gone. */
async function rssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

async function main() {
  let products: Array<{ id: string; categoryId: string; flavor: string }> = [];
  /** The products' `_id` values as stored (for the stock sum). */
  let storedIds: unknown[] = [];
  await withBenchShop(
    async (gatewayUrl, stack, { mailDir, pidDir }) => {
      const origin = gatewayUrl.replace('127.0.0.1', 'localhost');
      const samples: Sample[] = [];
      let orderedUnits = 0;
      let ordersPlaced = 0;
      const call = async (scenario: Scenario, method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
        const started = performance.now();
        let status = 0;
        try {
          const response = await fetch(`${gatewayUrl}${url}`, {
            method,
            headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          status = response.status;
          const cookies = response.headers.getSetCookie().map((entry) => entry.split(';')[0]!);
          const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
          samples.push({ scenario, status, ms: performance.now() - started });
          return { status, json, cookies };
        } catch {
          samples.push({ scenario, status, ms: performance.now() - started });
          return { status, json: null, cookies: [] as string[] };
        }
      };

      /** One shopper's visit. */
      const visit = async () => {
        const product = products[Math.floor(Math.random() * products.length)]!;
        await call('browse', 'GET', `/api/products?categoryId=${product.categoryId}&limit=24`);
        await call('search', 'GET', `/api/products?search=${encodeURIComponent(product.flavor.split(' ')[0]!)}&limit=5`);
        await call('product', 'GET', `/api/products/${product.id}`);
        const added = await call('add', 'POST', '/api/cart', { productId: product.id, quantity: 1 });
        const cookie = added.cookies.join('; ');
        const line = (added.json?.items as Array<{ id: string }> | undefined)?.[0];
        if (!line) return;
        const quantity = 1 + Math.floor(Math.random() * 2);
        await call('quantity', 'PATCH', `/api/cart/${line.id}`, { quantity }, { cookie });
        if (Math.random() < CHECKOUT_SHARE) {
          const cart = await call('checkout', 'GET', '/api/cart', undefined, { cookie });
          const total = (cart.json?.totals as { total?: string } | undefined)?.total;
          const order = await call(
            'checkout',
            'POST',
            '/api/orders',
            { ...demoOrderBody(), expectedTotal: total },
            {
              cookie,
              'idempotency-key': randomUUID(),
            },
          );
          if (order.status === 201) {
            ordersPlaced += 1;
            orderedUnits += quantity;
          }
        }
        if (Math.random() < LOGIN_SHARE)
          await call('login', 'POST', '/api/auth/login', { email: ACCOUNT.email, password: ACCOUNT.password });
      };

      const mongo = await MongoClient.connect(process.env.SOAK_MONGODB_URI!);
      const prefix = process.env.SOAK_DATABASE_PREFIX!;
      const stockSum = async () => {
        const rows = await mongo
          .db(`${prefix}_catalog`)
          .collection('products')
          .find({ _id: { $in: storedIds } as never }, { projection: { stock: 1 } })
          .toArray();
        return rows.reduce((sum, row) => sum + Number(row.stock), 0);
      };
      const stockBefore = await stockSum();
      const secret = internalApiSecret(undefined);
      const processes = async () => {
        const rows: Array<{ name: string; rss: number | null; eldP99: number | null }> = [];
        for (const file of (await readdir(pidDir)).filter((name) => name.endsWith('.pid')).sort()) {
          const name = file.replace(/\.pid$/, '');
          const pid = Number(await readFile(path.join(pidDir, file), 'utf8'));
          const slice = SLICES.find((candidate) => name === candidate || name.startsWith(`${candidate}-`));
          let eldP99: number | null = null;
          if (slice) {
            const k = name.includes('-') ? Number(name.split('-')[1]) : 1;
            const figures = await fetch(`${stack.instanceUrl(slice, k)}/internal/runtime`, { headers: { 'x-internal-token': secret } })
              .then((response) => response.json() as Promise<{ eventLoopDelayMs: { p99: number } }>)
              .catch(() => null);
            eldP99 = figures ? Math.round(figures.eventLoopDelayMs.p99 * 10) / 10 : null;
          }
          rows.push({ name, rss: await rssMb(pid), eldP99 });
        }
        return rows;
      };

      step(`Soak: ${MINUTES} min, ${RATE} visits/s, ${INSTANCES} instance(s) per service`);
      const firstMinute = await processes();
      let lastMinute = firstMinute;
      const inFlight = new Set<Promise<void>>();
      const end = Date.now() + MINUTES * 60_000;
      let minute = 0;
      let minuteStart = 0;
      const timer = setInterval(() => {
        const running = visit().finally(() => inFlight.delete(running));
        inFlight.add(running);
      }, 1000 / RATE);
      while (Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(60_000, end - Date.now())));
        minute += 1;
        const window = samples.slice(minuteStart);
        minuteStart = samples.length;
        lastMinute = await processes();
        const statuses = Object.entries(
          window.reduce<Record<string, number>>((counts, sample) => ({ ...counts, [sample.status]: (counts[sample.status] ?? 0) + 1 }), {}),
        )
          .map(([status, count]) => `${status}:${count}`)
          .join(' ');
        const scenarios = (['browse', 'search', 'product', 'add', 'quantity', 'checkout', 'login'] as const)
          .map((scenario) => {
            const ms = window.filter((sample) => sample.scenario === scenario).map((sample) => sample.ms);
            return `${scenario} ${Math.round(percentile(ms, 50))}/${Math.round(percentile(ms, 99))}`;
          })
          .join(', ');
        info(`minute ${minute}: ${window.length} requests (${statuses}); p50/p99 ms: ${scenarios}`);
        info(`  RSS MB / event-loop p99 ms: ${lastMinute.map((row) => `${row.name} ${row.rss}/${row.eldP99 ?? '–'}`).join(', ')}`);
      }
      clearInterval(timer);
      await Promise.all(inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the last confirmations are written after the answer
      const confirmations = (await readdir(mailDir).catch(() => [])).filter((name) => name.includes('-bestellbestaetigung')).length;
      const stockTaken = stockBefore - (await stockSum());
      // The database decides (an order whose answer timed out at the client is still an order).
      const orders = mongo.db(`${prefix}_cart`).collection('orders');
      const placed = await orders.find({ status: { $ne: 'pending' } }, { projection: { items: 1 } }).toArray();
      const ordersInDb = placed.length;
      const unitsInDb = placed.reduce(
        (sum, order) => sum + (order.items as Array<{ quantity: number }>).reduce((units, line) => units + line.quantity, 0),
        0,
      );
      const pending = await orders.countDocuments({ status: 'pending' });
      await mongo.close();

      step('Soak result');
      const errors = samples.filter((sample) => sample.status === 0 || sample.status >= 500).length;
      info(`${samples.length} requests, ${errors} errors (5xx or no answer), ${samples.filter((s) => s.status === 409).length} conflicts`);
      for (const scenario of ['browse', 'search', 'product', 'add', 'quantity', 'checkout', 'login'] as const) {
        const ms = samples.filter((sample) => sample.scenario === scenario).map((sample) => sample.ms);
        info(`  ${scenario}: ${ms.length} requests, p50 ${Math.round(percentile(ms, 50))} ms, p99 ${Math.round(percentile(ms, 99))} ms`);
      }
      info('  RSS MB first → last minute:');
      for (const row of lastMinute) info(`    ${row.name}: ${firstMinute.find((first) => first.name === row.name)?.rss} → ${row.rss}`);
      info(
        `orders in the database ${ordersInDb} (answered 201 at the client: ${ordersPlaced} with ${orderedUnits} units; still pending: ${pending}), units ordered ${unitsInDb}, stock taken ${stockTaken}, confirmation e-mails ${confirmations}`,
      );
      if (unitsInDb !== stockTaken || ordersInDb !== confirmations || pending !== 0)
        throw new Error('orders, stock and e-mails do not match');
    },
    async ({ mongoUri, databasePrefix }) => {
      // Stock for the whole run: the visits must not sell out (a sold-out product is a 409, not a finding).
      const client = await MongoClient.connect(mongoUri);
      const collection = client.db(`${databasePrefix}_catalog`).collection('products');
      await collection.updateMany({ isActive: true, stock: { $ne: null } }, { $set: { stock: 1_000_000 } });
      const docs = await collection.find({ isActive: true, stock: { $ne: null } }).toArray();
      storedIds = docs.map((doc) => doc._id);
      products = docs.map((doc) => ({
        id: String(doc._id),
        categoryId: String(doc.categoryId),
        flavor: String(doc.flavor),
      }));
      await client.close();
      await createStaffAccount(mongoUri, databasePrefix, { ...ACCOUNT, role: 'manager' });
      process.env.SOAK_MONGODB_URI = mongoUri;
      process.env.SOAK_DATABASE_PREFIX = databasePrefix;
    },
    { instances: INSTANCES, serviceEnv: { LOGIN_LIMIT_PER_IP: '100000000' } },
  );
}

runBench(main);
