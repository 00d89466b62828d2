/**
 * Reviews from verified buyers in the catalog, against the real local database, with
 * the cart (who bought what) and the content service (the switch) as doubles: no review without a
 * delivered order, none of an unbought product, one per bought product also when submitted twice
 * at once, shown only after staff approval (audited, on a version), the product's rating and
 * JSON-LD only from approved reviews, and with the switch off no trace in any answer.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { AdminReview, AdminReviewList } from '@shop/contracts/admin';
import { LatestReviewsResponse, PageHead, Product, ProductReviewsResponse, ReviewOrderResponse } from '@shop/contracts';
import { loadConfig, signIdentity } from '@shop/service-kit';
import { startAuditCollector } from '@shop/test-fixtures';
import { buildCatalogService } from '../app';
import { CatalogEnv } from '../config';
import { seedCatalogue } from '../seed/seed';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
const BUYER_ID = '665f1c2b9a1e4b0012345678';
const TOKEN = 't'.repeat(43);
const ORDER_ID = 'e'.repeat(24);
jest.setTimeout(30_000);

type App = Awaited<ReturnType<typeof buildCatalogService>>['app'];
let app: App;
let domain: Awaited<ReturnType<typeof buildCatalogService>>['domain'];
let collector: Awaited<ReturnType<typeof startAuditCollector>>;
const doubles = Fastify();
const state = { reviewsEnabled: true, cartUp: true };
/** The products the cart double says were bought in the delivered order ORDER_ID. */
let bought: Array<{ productId: string; name: string; image: string | null }> = [];
let products: Product[] = [];

beforeAll(async () => {
  const authorised = (token: unknown) => token === INTERNAL_API_SECRET;
  doubles.get('/internal/storefront-settings', async (request, reply) =>
    authorised(request.headers['x-internal-token'])
      ? { presentationMode: 'marketing', reviewsEnabled: state.reviewsEnabled }
      : reply.code(401).send({ message: 'no token' }),
  );
  doubles.post<{ Body: Record<string, string> }>('/internal/review-eligibility', async (request, reply) => {
    if (!authorised(request.headers['x-internal-token'])) return reply.code(401).send({ message: 'no token' });
    if (!state.cartUp) return reply.code(503).send({ message: 'down', code: 'DATABASE_UNAVAILABLE' });
    const body = request.body;
    const mine = body.token === TOKEN || (body.orderId === ORDER_ID && body.userId === BUYER_ID);
    if (!mine) return reply.code(404).send({ message: 'Keine zugestellte Bestellung.', code: 'NOT_FOUND' });
    return { orderId: ORDER_ID, orderNumber: 'RT-TEST01', products: bought };
  });
  const url = await doubles.listen({ port: 0, host: '127.0.0.1' });
  collector = await startAuditCollector();
  ({ app, domain } = await buildCatalogService(
    loadConfig(CatalogEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_catalog_reviews_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      IDENTITY_SECRET,
      INTERNAL_API_SECRET,
      ADMIN_SERVICE_URL: collector.url,
      CART_SERVICE_URL: url,
      CONTENT_SERVICE_URL: url,
      AUDIT_RELAY_INTERVAL_MS: '60000',
    }),
  ));
  await seedCatalogue(app.db);
  await app.ready();
  products = (await app.inject({ url: '/api/products?limit=3&sort=name' })).json().products;
  bought = products.slice(0, 2).map((product) => ({ productId: product.id, name: product.name, image: product.images[0] ?? null }));
});

afterAll(async () => {
  await app.db.dropDatabase();
  await app.close();
  await doubles.close();
  await collector.close();
});

const buyer = async () => ({ 'x-shop-identity': await signIdentity({ userId: BUYER_ID, role: 'customer' }, IDENTITY_SECRET) });
const manager = async () => ({
  'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role: 'manager' }, IDENTITY_SECRET),
});
const submit = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/reviews', payload, headers });
const review = (productId: string, extra: Record<string, unknown> = {}) => ({
  order: { token: TOKEN },
  productId,
  rating: 4,
  text: 'Schmeckt wie beschrieben, hält lange.',
  displayName: 'Erika B.',
  ...extra,
});
const moderate = async (id: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/moderation`, payload: body, headers: await manager() });
/** Waits until the settings cache (2 s) has read the switch as set now. */
const switchTo = async (enabled: boolean) => {
  state.reviewsEnabled = enabled;
  await new Promise((resolve) => setTimeout(resolve, 2_100));
};

test('no review without a delivered order of this buyer: unknown token, someone else’s order, no login', async () => {
  const unknown = await submit(review(bought[0]!.productId, { order: { token: 'u'.repeat(43) } }));
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().message).toMatch(/keine zugestellte Bestellung/);
  expect((await app.inject({ url: `/api/reviews/order?token=${'u'.repeat(43)}` })).statusCode).toBe(404);

  const noLogin = await submit(review(bought[0]!.productId, { order: { orderId: ORDER_ID } }));
  expect(noLogin.statusCode).toBe(401);
  const stranger = await signIdentity({ userId: '665f1c2b9a1e4b0099999999', role: 'customer' }, IDENTITY_SECRET);
  expect((await submit(review(bought[0]!.productId, { order: { orderId: ORDER_ID } }), { 'x-shop-identity': stranger })).statusCode).toBe(
    404,
  );
  // The cart cannot answer: a German 503, nothing stored.
  state.cartUp = false;
  const down = await submit(review(bought[0]!.productId));
  state.cartUp = true;
  expect(down.statusCode).toBe(503);
  expect(down.json()).toMatchObject({ code: 'PURCHASES_UNAVAILABLE', message: expect.stringContaining('nicht geprüft werden') });
});

test('a product not in the order is refused; bad input gets German field errors', async () => {
  const unbought = await submit(review(products[2]!.id));
  expect(unbought.statusCode).toBe(403);
  expect(unbought.json().message).toBe(
    'Dieses Produkt ist nicht Teil Ihrer Bestellung. Bewerten können Sie nur Produkte, die Sie gekauft haben.',
  );

  const bad = await submit(review(bought[0]!.productId, { rating: 6, text: '  kurz  ', displayName: 'E' }));
  expect(bad.statusCode).toBe(400);
  const issues = bad.json().issues as Array<{ path: string; message: string }>;
  expect(issues.map((issue) => issue.path).sort()).toEqual(['body/displayName', 'body/rating', 'body/text']);
  expect(issues.find((issue) => issue.path === 'body/text')!.message).toBe('Bitte schreiben Sie mindestens 10 Zeichen.');
});

test('one review per bought product: two submissions at once give one 201 and one 409; pending until approved', async () => {
  const answers = await Promise.all([submit(review(bought[0]!.productId)), submit(review(bought[0]!.productId, { rating: 1 }))]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
    'Sie haben dieses Produkt aus dieser Bestellung bereits bewertet.',
  );
  // The logged-in buyer reaches the same order from the order page, and sees what was written.
  const order = ReviewOrderResponse.parse(
    (await app.inject({ url: `/api/reviews/order?orderId=${ORDER_ID}`, headers: await buyer() })).json(),
  );
  expect(order.products.map((product) => product.review?.status ?? null)).toEqual(['pending', null]);

  // Not shown before approval.
  const listed = ProductReviewsResponse.parse((await app.inject({ url: `/api/products/${bought[0]!.productId}/reviews` })).json());
  expect(listed).toMatchObject({ rating: null, reviews: [], total: 0 });
});

test('staff approve, answer and reject on a version, audited; the rating and JSON-LD follow the approved reviews only', async () => {
  const [second] = await Promise.all([
    submit(review(bought[1]!.productId, { rating: 2, text: 'Leider schnell leer gewesen.', displayName: 'Kim' }), await buyer()),
  ]);
  expect(second!.statusCode).toBe(201);
  const pending = AdminReviewList.parse((await app.inject({ url: '/api/admin/reviews?status=pending', headers: await manager() })).json());
  expect(pending.pendingCount).toBe(2);
  const first = pending.reviews.find((entry) => entry.productId === bought[0]!.productId)!;
  expect(first).toMatchObject({ orderNumber: 'RT-TEST01', productName: bought[0]!.name, status: 'pending', version: 0 });

  const approved = await moderate(first.id, { action: 'approve', version: 0 });
  expect(approved.statusCode).toBe(200);
  expect((await moderate(first.id, { action: 'approve', version: 0 })).statusCode).toBe(409);
  const replied = AdminReview.parse((await moderate(first.id, { action: 'reply', version: 1, reply: 'Danke für Ihre Bewertung!' })).json());
  expect(replied.reply?.text).toBe('Danke für Ihre Bewertung!');

  const shown = ProductReviewsResponse.parse((await app.inject({ url: `/api/products/${bought[0]!.productId}/reviews` })).json());
  expect(shown.rating).toEqual({ average: 4, count: 1 });
  expect(shown.reviews).toEqual([
    expect.objectContaining({ rating: 4, displayName: 'Erika B.', reply: expect.objectContaining({ text: 'Danke für Ihre Bewertung!' }) }),
  ]);
  const product = Product.parse((await app.inject({ url: `/api/products/${bought[0]!.productId}` })).json());
  expect(product.rating).toEqual({ average: 4, count: 1 });
  const head = PageHead.parse(
    (
      await app.inject({ url: `/internal/page-head?path=/produkt/${product.slug}`, headers: { 'x-internal-token': INTERNAL_API_SECRET } })
    ).json(),
  );
  expect(head.structuredData[0]).toMatchObject({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 } });
  const latest = LatestReviewsResponse.parse((await app.inject({ url: '/api/reviews/latest' })).json());
  expect(latest.reviews.map((entry) => entry.productName)).toEqual([bought[0]!.name]);

  // The second (2 stars) is rejected with a reason: not shown, not counted.
  const secondReview = pending.reviews.find((entry) => entry.productId === bought[1]!.productId)!;
  const noReason = await moderate(secondReview.id, { action: 'reject', version: 0, reason: '' });
  expect(noReason.statusCode).toBe(400);
  expect((await moderate(secondReview.id, { action: 'reject', version: 0, reason: 'Enthält einen Namen eines Dritten.' })).statusCode).toBe(
    200,
  );
  const other = ProductReviewsResponse.parse((await app.inject({ url: `/api/products/${bought[1]!.productId}/reviews` })).json());
  expect(other).toMatchObject({ rating: null, total: 0 });

  // Taking the approved one down again removes it and its rating.
  expect((await moderate(first.id, { action: 'reject', version: 2, reason: 'Nachträglich gemeldet.' })).statusCode).toBe(200);
  expect(Product.parse((await app.inject({ url: `/api/products/${bought[0]!.productId}` })).json()).rating).toBeNull();
  expect((await moderate(first.id, { action: 'approve', version: 3 })).statusCode).toBe(200);

  await domain.auditRelay.flush();
  const entries = collector.entries().filter((entry) => entry.entity === 'review' && entry.entityId === first.id);
  expect(entries.map((entry) => entry.action)).toEqual(['approve', 'reply', 'reject', 'approve']);
  expect(entries[2]!.changes).toEqual(
    expect.arrayContaining([
      { field: 'status', before: 'approved', after: 'rejected' },
      { field: 'rejectionReason', before: null, after: 'Nachträglich gemeldet.' },
    ]),
  );
  // Customers cannot moderate.
  const customer = await app.inject({
    method: 'POST',
    url: `/api/admin/reviews/${first.id}/moderation`,
    payload: { action: 'approve', version: 4 },
    headers: await buyer(),
  });
  expect(customer.statusCode).toBe(403);
});

test('switched off: no rating in any product answer or JSON-LD, every review route 404; staff moderation keeps working', async () => {
  const productUrl = `/api/products/${bought[0]!.productId}`;
  expect(Product.parse((await app.inject({ url: productUrl })).json()).rating).not.toBeNull();
  await switchTo(false);
  try {
    const product = Product.parse((await app.inject({ url: productUrl })).json());
    expect(product.rating).toBeNull();
    const listed = (await app.inject({ url: '/api/products?limit=400' })).json().products as Product[];
    expect(listed.every((entry) => entry.rating === null)).toBe(true);
    const internal = await app.inject({
      url: `/internal/products?ids=${product.id}`,
      headers: { 'x-internal-token': INTERNAL_API_SECRET },
    });
    expect(internal.json().products[0].rating).toBeNull();
    const head = await app.inject({
      url: `/internal/page-head?path=/produkt/${product.slug}`,
      headers: { 'x-internal-token': INTERNAL_API_SECRET },
    });
    expect(JSON.stringify(head.json())).not.toContain('aggregateRating');
    for (const url of [`${productUrl}/reviews`, '/api/reviews/latest', `/api/reviews/order?token=${TOKEN}`]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('Bewertungen sind in diesem Shop derzeit nicht eingeschaltet.');
    }
    expect((await submit(review(bought[1]!.productId))).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/reviews', headers: await manager() })).statusCode).toBe(200);
  } finally {
    await switchTo(true);
  }
});
