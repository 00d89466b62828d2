/**
 * `npm run bench:admin`: what the back office's lists cost with a realistic amount of data:
 * 2,000 products and 5,000 orders in a throwaway shop, a manager logged in, then the
 * staff product table and order list (first page, a search, a filter), the dashboard and image
 * uploads to the media library (a 1200 × 900 and a 12-megapixel JPEG: checked, re-encoded to
 * WebP in several widths) through the gateway. Prints figures; asserts nothing (recorded in
 * docs/performance.md).
 * The extra products and orders are bench data written straight into the throwaway databases.
 * Requests go one after another (one staff member), so slow answers are measured, not timed out.
 * Options: --seconds N per scenario (default 6), --no-build.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import sharp from 'sharp';
import { openDatabase } from '@shop/service-kit';
import { DEMO_ADDRESS } from '@shop/test-fixtures';
import { step } from './lib/log';
import { numberArg, runBench, withBenchShop, type Figures } from './lib/bench';
import { createStaffAccount } from './lib/stack';

const SECONDS = numberArg('seconds', 6);
const PRODUCTS = 2000;
const ORDERS = 5000;
const DAY_MS = 86_400_000;
/** A connection to one of the throwaway shop's databases, opened as the services open theirs. */
type Database = Awaited<ReturnType<typeof openDatabase>>;

const MANAGER = {
  email: 'bench.leitung@example.de',
  password: `Bench ${randomBytes(9).toString('base64url')} 7!`,
  firstName: 'Bench',
  role: 'manager' as const,
};

/** Tops the seeded catalogue up to PRODUCTS by copying seeded products under new names, slugs and SKUs. */
async function addProducts(db: Database): Promise<void> {
  const products = db.collection('products');
  const seeded = await products.find({}).toArray();
  const extra = [];
  for (let i = 0; seeded.length + extra.length < PRODUCTS; i++) {
    const { _id, ...template } = seeded[i % seeded.length]!;
    void _id;
    extra.push({
      ...template,
      name: `${template.name} Bench ${i}`,
      slug: `${template.slug}-bench-${i}`,
      flavorSlug: `${template.flavorSlug}-bench-${i}`,
      sku: `${template.sku}-B${i}`,
      stock: i % 17 === 0 ? 0 : 5 + (i % 180),
      isActive: i % 23 !== 0,
    });
  }
  await products.insertMany(extra);
}

/**
 * ORDERS orders over the last 60 days in every status, shaped like the cart's order records (the
 * driver gives each its ObjectId `_id` on insert, as the cart's own writes get).
 */
async function addOrders(db: Database): Promise<void> {
  const statuses = ['awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled'];
  const now = Date.now();
  const orders = Array.from({ length: ORDERS }, (_, i) => {
    const createdAt = new Date(now - (i / ORDERS) * 60 * DAY_MS);
    const quantity = 1 + (i % 4);
    const totalCents = quantity * 1699 + (quantity >= 4 ? 0 : 499);
    return {
      orderNumber: `RT-2026-${String(900000 + i).padStart(6, '0')}`,
      reservationId: `bench-${i}`,
      idempotencyKey: `bench-order-${i}`,
      ownerKey: `bench:${i % 400}`,
      userId: null,
      status: statuses[i % statuses.length],
      email: `kunde${i % 900}@example.de`,
      billingAddress: { ...DEMO_ADDRESS, lastName: `Mustermann${i % 900}` },
      shippingAddress: DEMO_ADDRESS,
      items: [
        {
          productId: 'a'.repeat(24),
          name: 'RandM Tornado 9000 Bench',
          slug: 'bench',
          image: null,
          quantity,
          unitCents: 1699,
          regularCents: 2699,
        },
      ],
      totals: {
        itemCount: quantity,
        subtotalCents: quantity * 1699,
        savingsCents: quantity * 1000,
        promoDiscountCents: 0,
        shippingCents: totalCents - quantity * 1699,
        totalCents,
        vatIncludedCents: Math.round((totalCents * 19) / 119),
      },
      promo: null,
      shippingMethod: 'dhl-age-check',
      paymentMethod: 'prepayment',
      ageVerification: { method: 'id-card-mrz', verified: true, providerReference: `bench-${i}`, checkedAt: createdAt },
      termsAcceptedAt: createdAt,
      legalVersions: null,
      withdrawalRequestedAt: i % 97 === 0 ? createdAt : null,
      refund: null,
      version: 0,
      auditOutbox: [],
      createdAt,
      updatedAt: createdAt,
    };
  });
  for (let start = 0; start < orders.length; start += 500) await db.collection('orders').insertMany(orders.slice(start, start + 500));
}

/**
 * One staff member clicking through: requests one after another for SECONDS (at least 3), so a
 * list the local engine answers in seconds is measured instead of timing out under load.
 */
async function sample(send: () => Promise<Response>): Promise<Figures> {
  await (await send()).arrayBuffer(); // warm-up
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  while (times.length < 3 || performance.now() < until) {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) errors++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { rps: 1000 / mean, mean, p50: at(0.5), p99: at(0.99), errors };
}

async function main() {
  await withBenchShop(
    async (gatewayUrl) => {
      const origin = gatewayUrl.replace('127.0.0.1', 'localhost');
      const login = await fetch(`${gatewayUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: MANAGER.email, password: MANAGER.password }),
      });
      if (login.status !== 200) throw new Error(`manager login failed: HTTP ${login.status}`);
      const cookie = login.headers
        .getSetCookie()
        .map((entry) => entry.split(';')[0])
        .join('; ');
      const totals = await (await fetch(`${gatewayUrl}/api/admin/orders?limit=1`, { headers: { cookie } })).json();
      const products = await (await fetch(`${gatewayUrl}/api/admin/products?limit=1`, { headers: { cookie } })).json();
      step(
        `Data: ${products.total} products, ${totals.total} orders. ${SECONDS} s per scenario, one request at a time, ${cpus().length} cores`,
      );

      const scenarios: Array<[string, string]> = [
        ['product table, first page (50, by name)', '/api/admin/products?limit=50'],
        ['product table, search "mango"', '/api/admin/products?limit=50&search=mango'],
        ['product table, flagged, by price', '/api/admin/products?limit=50&status=flagged&sort=price&direction=desc'],
        ['product table, page 30', '/api/admin/products?limit=50&offset=1450'],
        ['order list, first page (50, newest)', '/api/admin/orders?limit=50'],
        ['order list, overdue payments', '/api/admin/orders?limit=50&status=overdue'],
        ['order list, search by customer', '/api/admin/orders?limit=50&search=Mustermann42'],
        ['order list, page 80', '/api/admin/orders?limit=50&offset=3950'],
        ['dashboard', '/api/admin/dashboard'],
      ];
      const rows: Array<[string, Figures]> = [];
      for (const [name, url] of scenarios) rows.push([name, await sample(() => fetch(`${gatewayUrl}${url}`, { headers: { cookie } }))]);
      for (const [width, height] of [
        [1200, 900],
        [4000, 3000],
      ] as const) {
        // A noisy photo-like image: it compresses like a real photo, not like a flat colour.
        const photo = await sharp({
          create: { width, height, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
        })
          .jpeg({ quality: 85 })
          .toBuffer();
        const upload = () => {
          const form = new FormData();
          form.append('alt', `Bench ${width} × ${height}`);
          form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bench.jpg');
          return fetch(`${gatewayUrl}/api/admin/media`, { method: 'POST', headers: { cookie, origin }, body: form });
        };
        rows.push([`image upload, ${width} × ${height} JPEG (${Math.round(photo.length / 1024)} KB)`, await sample(upload)]);
      }
      console.log('\n| scenario (manager, through the gateway, sequential) | req/s | mean ms | p50 ms | p99 ms | errors |');
      console.log('| --- | --- | --- | --- | --- | --- |');
      for (const [name, f] of rows)
        console.log(`| ${name} | ${f.rps.toFixed(0)} | ${f.mean.toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors} |`);
    },
    async ({ mongoUri, databasePrefix }) => {
      step(`Adding bench data: ${PRODUCTS} products, ${ORDERS} orders, a manager`);
      const catalog = await openDatabase(mongoUri, `${databasePrefix}_catalog`);
      const cart = await openDatabase(mongoUri, `${databasePrefix}_cart`);
      try {
        await addProducts(catalog);
        await addOrders(cart);
      } finally {
        await catalog.close();
        await cart.close();
      }
      await createStaffAccount(mongoUri, databasePrefix, MANAGER);
    },
  );
}

runBench(main);
