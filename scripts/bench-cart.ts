/**
 * `npm run bench:cart`: throughput and latency (p50/p99) of the cart's hot writes through the
 * gateway on a throwaway seeded shop: add to cart (a new guest's first item), reading a
 * priced cart, and placing orders (each order its own guest with a one-line cart, idempotency
 * key, ID-card age check, stock reservation through the catalog, e-mail written as .eml).
 * Prints figures; asserts nothing (recorded in docs/performance.md).
 * Options: --seconds N per timed scenario (default 8), --connections N (default 10),
 * --orders N orders to place (default 300), --no-build.
 */
import { cpus } from 'node:os';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { step, info } from './lib/log';
import { figuresOf, numberArg, runBench, withBenchShop, type Figures } from './lib/bench';
import { demoOrderBody } from '@shop/test-fixtures';

const SECONDS = numberArg('seconds', 8);
const CONNECTIONS = numberArg('connections', 10);
const ORDERS = numberArg('orders', 300);

interface ApiProduct {
  id: string;
  stock: number | null;
  isActive: boolean;
}

/** The order body of a guest whose cart totals `expectedTotal` (what the checkout sends). */
const checkoutBody = (expectedTotal: string) => JSON.stringify(demoOrderBody({ email: 'bench@example.de', expectedTotal }));

async function main() {
  await withBenchShop(async (gatewayUrl) => {
    const origin = gatewayUrl.replace('127.0.0.1', 'localhost');
    const headers = { 'content-type': 'application/json', origin };
    const { products } = (await (await fetch(`${gatewayUrl}/api/products?limit=400`)).json()) as { products: ApiProduct[] };
    const inStock = products.filter((p) => p.isActive && (p.stock === null || p.stock >= 10));

    /** A guest with a one-line cart; returns its cart cookie and the cart's total. */
    const guestWithCart = async (productId: string) => {
      const response = await fetch(`${gatewayUrl}/api/cart`, { method: 'POST', headers, body: JSON.stringify({ productId, quantity: 1 }) });
      if (response.status !== 201) throw new Error(`preparing a cart failed: HTTP ${response.status}`);
      const cart = (await response.json()) as { totals: { total: string } };
      return {
        cookie: response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0])
          .join('; '),
        total: cart.totals.total,
      };
    };

    step(`Measuring through the gateway: ${SECONDS} s per timed scenario, ${CONNECTIONS} connections, ${cpus().length} cores`);
    const rows: Array<[string, Figures]> = [];
    const warm = { connections: CONNECTIONS, duration: 2 };

    const add = {
      url: `${gatewayUrl}/api/cart`,
      method: 'POST' as const,
      headers,
      body: JSON.stringify({ productId: inStock[0]!.id, quantity: 1 }),
    };
    await autocannon({ ...add, ...warm });
    rows.push(['add to cart (new guest cart)', figuresOf(await autocannon({ ...add, connections: CONNECTIONS, duration: SECONDS }))]);

    const { cookie } = await guestWithCart(inStock[1]!.id);
    for (const product of inStock.slice(2, 4)) {
      await fetch(`${gatewayUrl}/api/cart`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ productId: product.id, quantity: 1 }),
      });
    }
    const read = { url: `${gatewayUrl}/api/cart`, headers: { cookie } };
    await autocannon({ ...read, ...warm });
    rows.push(['read priced cart (3 lines)', figuresOf(await autocannon({ ...read, connections: CONNECTIONS, duration: SECONDS }))]);

    info(`Preparing ${ORDERS} guests with a one-line cart each…`);
    const guests: Array<{ cookie: string; total: string }> = [];
    for (let i = 0; i < ORDERS; i++) guests.push(await guestWithCart(inStock[i % inStock.length]!.id));
    let next = 0;
    const orders = await autocannon({
      url: `${gatewayUrl}/api/orders`,
      connections: CONNECTIONS,
      amount: ORDERS,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const guest = guests[next++ % guests.length]!;
            return {
              ...request,
              headers: { ...headers, cookie: guest.cookie, 'idempotency-key': randomUUID() },
              body: checkoutBody(guest.total),
            };
          },
        },
      ],
    });
    rows.push([`place order (${ORDERS} orders, 1 line each)`, figuresOf(orders)]);

    console.log('\n| scenario (through the gateway) | req/s | mean ms | p50 ms | p99 ms | errors |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [name, f] of rows)
      console.log(`| ${name} | ${f.rps.toFixed(0)} | ${f.mean.toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors} |`);
  });
}

runBench(main);
