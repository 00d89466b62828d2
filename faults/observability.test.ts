/**
 * The operator's view of the shop, on the whole shop (two instances of every service), with
 * tracing on (spans received here over OTLP/HTTP, as Jaeger or a Collector would) and a real
 * Prometheus (Debian's) scraping every process (docs/operations.md 'Traces', 'Metrics').
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, readdir } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { demoOrderBody, specimenIdCard } from '@shop/test-fixtures';
import { findFreePort } from '../packages/local-mongo/src';
import { startPrometheus, type RunningPrometheus } from '../scripts/lib/prometheus';
import { shopper, sleep, startFaultShop, type FaultShop } from './support/fault-shop';

jest.setTimeout(180_000);

/** One received span, flattened from OTLP's JSON (resourceSpans → scopeSpans → spans). */
interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, string | number | boolean>;
}

/** An OTLP/HTTP trace receiver (POST /v1/traces, JSON) keeping every span it was sent. */
function otlpReceiver(): { server: Server; spans: ReceivedSpan[] } {
  const spans: ReceivedSpan[] = [];
  type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
  const value = (any: AnyValue) =>
    any.stringValue ?? (any.intValue !== undefined ? Number(any.intValue) : (any.boolValue ?? any.doubleValue ?? ''));
  const attributes = (list: Array<{ key: string; value: AnyValue }> = []) =>
    Object.fromEntries(list.map((entry) => [entry.key, value(entry.value)]));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: AnyValue }> };
            scopeSpans: Array<{ spans: Array<{ name: string; traceId: string; spanId: string; parentSpanId?: string; attributes?: [] }> }>;
          }>;
        };
        for (const resourceSpans of body.resourceSpans) {
          const service = String(attributes(resourceSpans.resource.attributes)['service.name']);
          for (const scope of resourceSpans.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                service,
                name: span.name,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                attributes: attributes(span.attributes),
              });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans };
}

/** A MongoDB command's span (the driver's instrumentation names it '<command> <collection>'). */
const isDatabase = (span: ReceivedSpan) => span.attributes['db.system'] === 'mongodb' || span.attributes['db.system.name'] === 'mongodb';

let shop: FaultShop;
let receiver: ReturnType<typeof otlpReceiver>;
let prometheus: RunningPrometheus;
let logDir: string;

beforeAll(async () => {
  receiver = otlpReceiver();
  receiver.server.listen(0, '127.0.0.1');
  await new Promise((resolve) => receiver.server.once('listening', resolve));
  const otlpEndpoint = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-observe-'));
  logDir = path.join(dir, 'logs');
  shop = await startFaultShop({ observability: { otlpEndpoint, logDir } });
  prometheus = await startPrometheus({
    targets: shop.stack.metricsTargets,
    port: await findFreePort(),
    dataDir: path.join(dir, 'prometheus'),
    scrapeIntervalS: 1,
    logFile: path.join(dir, 'prometheus.log'),
  });
});

afterAll(async () => {
  await prometheus?.stop();
  await shop?.stop();
  receiver?.server.close();
});

/** The spans of one trace once `expected` holds for them (spans arrive in batches). */
async function traceWhere(pick: (span: ReceivedSpan) => boolean, expected: (trace: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const root = receiver.spans.find(pick);
    const trace = root ? receiver.spans.filter((span) => span.traceId === root.traceId) : [];
    if (root && expected(trace)) return trace;
    if (Date.now() > deadline) return trace;
    await sleep(200);
  }
}

async function stockedProduct(): Promise<{ id: string; slug: string }> {
  const product = await shop
    .db('catalog')
    .collection('products')
    .findOne({ isActive: true, stock: { $gte: 50 } }, { sort: { stock: -1 } });
  return { id: String(product!._id), slug: String(product!.slug) };
}

/**
 * The checkout test's client: its User-Agent tells its order's spans apart from those of the
 * other tests' orders (the tests run in any order, and spans arrive in batches). It sends a trace
 * context of its own, 'not sampled' (W3C traceparent: 16 and 8 random bytes, flags 00), which the
 * public gateway must ignore.
 */
const ORDER_USER_AGENT = `observability-checkout-${randomUUID()}`;
const CLIENT_TRACE_ID = randomBytes(16).toString('hex');
const CLIENT_SPAN_ID = randomBytes(8).toString('hex');

test('one checkout through the gateway is one trace: gateway, cart, the catalog reservation and the database calls; the services log its trace id', async () => {
  const product = await stockedProduct();
  const client = shopper(shop.gatewayUrl);
  expect((await client.request('POST', '/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
  const cart = await client.request('GET', '/api/cart');
  const placed = await client.request(
    'POST',
    '/api/orders',
    { ...demoOrderBody(), expectedTotal: cart.body.totals.total },
    {
      'idempotency-key': randomUUID(),
      'user-agent': ORDER_USER_AGENT,
      traceparent: `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-00`,
      tracestate: 'client=chosen',
      baggage: 'role=admin',
    },
  );
  expect(placed.status).toBe(201);

  const isOrderRequest = (span: ReceivedSpan) =>
    span.service === 'gateway' &&
    (span.attributes['user_agent.original'] ?? span.attributes['http.user_agent']) === ORDER_USER_AGENT &&
    span.attributes['http.request.method'] === 'POST' &&
    String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '') === '/api/orders';
  const trace = await traceWhere(
    isOrderRequest,
    (spans) =>
      ['gateway', 'cart', 'catalog'].every((service) => spans.some((span) => span.service === service)) &&
      // Everything asserted below: each process exports its spans in batches, so a database span
      // ('insert stockreservations') can arrive before the request span it belongs to.
      spans.some((span) => span.service === 'catalog' && /POST \/internal\/stock\/reservations/.test(span.name)) &&
      spans.some((span) => span.service === 'catalog' && isDatabase(span) && /^update /.test(span.name)) &&
      spans.some((span) => span.service === 'cart' && isDatabase(span) && span.name === 'insert orders') &&
      spans.every((span) => !span.parentSpanId || spans.some((parent) => parent.spanId === span.parentSpanId)),
  );
  // The gateway started a trace of its own, sampled although the client's flags said 'not sampled'.
  expect(trace[0]!.traceId).not.toBe(CLIENT_TRACE_ID);
  expect(receiver.spans.filter((span) => span.traceId === CLIENT_TRACE_ID || span.parentSpanId === CLIENT_SPAN_ID)).toEqual([]);
  const services = new Set(trace.map((span) => span.service));
  expect([...services].sort()).toEqual(expect.arrayContaining(['cart', 'catalog', 'gateway']));
  // The catalog's stock reservation, its database writes and the cart's inserts are all in it.
  expect(trace.some((span) => span.service === 'catalog' && /POST \/internal\/stock\/reservations/.test(span.name))).toBe(true);
  expect(trace.some((span) => span.service === 'catalog' && isDatabase(span) && /^update /.test(span.name))).toBe(true);
  expect(trace.some((span) => span.service === 'cart' && isDatabase(span) && span.name === 'insert orders')).toBe(true);
  // One tree: every span but the gateway's first (the root) has its parent in the trace.
  const ids = new Set(trace.map((span) => span.spanId));
  expect(trace.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId)).map((span) => `${span.service} ${span.name}`)).toEqual(
    [],
  );

  // The services' log lines of this request carry its trace id.
  const traceId = trace[0]!.traceId;
  const logged = async (prefix: string) => {
    const files = (await readdir(logDir)).filter((file) => file.startsWith(prefix));
    const texts = await Promise.all(files.map((file) => readFile(path.join(logDir, file), 'utf8')));
    return texts.some((text) => text.includes(`"trace_id":"${traceId}"`));
  };
  expect(await logged('cart')).toBe(true);
  expect(await logged('catalog')).toBe(true);
  expect(await logged('gateway')).toBe(true);
});

test("a server-rendered product page is a trace with the catalog remote's render, its module loads and its prefetch", async () => {
  const product = await stockedProduct();
  const response = await fetch(`${shop.gatewayUrl}/produkt/${product.slug}`, {
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36', cookie: 'shop_age_verified=1' },
  });
  expect(response.status).toBe(200);
  await response.text();
  const trace = await traceWhere(
    (span) => span.service === 'gateway' && span.name === 'ssr render' && span.attributes['shop.remote'] === 'catalog',
    (spans) => spans.some((span) => span.name === 'ssr prefetch catalog') && spans.some((span) => span.service === 'catalog'),
  );
  const names = trace.filter((span) => span.service === 'gateway').map((span) => span.name);
  expect(names).toEqual(expect.arrayContaining(['ssr render', 'ssr load catalog', 'ssr prefetch catalog']));
  // The prefetch's read of the product reached the catalog service within the same trace.
  expect(trace.some((span) => span.service === 'catalog' && span.name.startsWith('GET'))).toBe(true);
});

test('Prometheus scrapes every process; requests per route and the shop counters move with a cart add, an order and an age-check refusal; /metrics is not public', async () => {
  const expectedTargets = shop.stack.metricsTargets.length;
  expect(expectedTargets).toBe(11); // two instances of five services, one gateway
  const deadline = Date.now() + 30_000;
  let targets = await prometheus.targets();
  while (!(targets.length === expectedTargets && targets.every((target) => target.health === 'up')) && Date.now() < deadline) {
    await sleep(500);
    targets = await prometheus.targets();
  }
  expect(targets.filter((target) => target.health !== 'up')).toEqual([]);
  expect(targets).toHaveLength(expectedTargets);

  const total = async (promql: string) => (await prometheus.query(`sum(${promql})`))[0]?.value ?? 0;
  const before = {
    adds: await total('shop_cart_adds_total'),
    orders: await total('shop_orders_placed_total'),
    refusals: await total('shop_age_check_refusals_total'),
  };
  const product = await stockedProduct();
  const client = shopper(shop.gatewayUrl);
  expect((await client.request('POST', '/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
  const cart = await client.request('GET', '/api/cart');
  const underage = {
    ...demoOrderBody(),
    expectedTotal: cart.body.totals.total,
    birthDate: '2010-03-15',
    ageVerification: { method: 'id-card-mrz', mrzLines: specimenIdCard({ birth: '100315' }) },
  };
  expect((await client.request('POST', '/api/orders', underage, { 'idempotency-key': randomUUID() })).status).toBe(422);
  const order = { ...demoOrderBody(), expectedTotal: cart.body.totals.total };
  expect((await client.request('POST', '/api/orders', order, { 'idempotency-key': randomUUID() })).status).toBe(201);

  const movedBy = async () => ({
    adds: (await total('shop_cart_adds_total')) - before.adds,
    orders: (await total('shop_orders_placed_total')) - before.orders,
    refusals: (await total('shop_age_check_refusals_total')) - before.refusals,
  });
  let moved = await movedBy();
  const scraped = Date.now() + 10_000;
  while (!(moved.adds >= 1 && moved.orders >= 1 && moved.refusals >= 1) && Date.now() < scraped) {
    await sleep(500);
    moved = await movedBy();
  }
  expect(moved).toEqual({ adds: 1, orders: 1, refusals: 1 });

  // Request durations per route, from the cart's instances and the gateway (each process is
  // scraped on its own schedule: the gateway's scrape may come after the cart's).
  const jobsWithOrderRoute = async () =>
    (await prometheus.query('sum by (job, http_route) (http_server_request_duration_seconds_count{http_route="/api/orders"})'))
      .map((entry) => entry.metric.job)
      .sort();
  let jobs = await jobsWithOrderRoute();
  while (jobs.length < 2 && Date.now() < scraped + 10_000) {
    await sleep(500);
    jobs = await jobsWithOrderRoute();
  }
  expect(jobs).toEqual(['cart', 'gateway']);
  // The alert rules are loaded and none fires in a healthy shop.
  expect(await prometheus.query('ALERTS{alertstate="firing"}')).toEqual([]);

  const publicMetrics = await fetch(`${shop.gatewayUrl}/metrics`);
  expect(publicMetrics.status).toBe(404);
  expect(await publicMetrics.text()).not.toContain('# TYPE');
});
