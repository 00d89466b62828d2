/**
 * Staff product administration against the real local database: permissions, create
 * and change with audit entries, optimistic concurrency (also in parallel), the § 11 PAngV price
 * history, product-law flags and the production override, bulk actions, and the audit outbox
 * when the admin service is down.
 */
import { randomUUID } from 'node:crypto';
import { NICOTINE_WARNING } from '@shop/catalog-rules';
import { AdminProductDetail, STALE_EDIT_MESSAGE, type ProductInput } from '@shop/contracts/admin';
import { adminEndpointAnswers, startAuditCollector } from '@shop/test-fixtures';
import { ADMIN_ID, MANAGER_ID, podInput, staffIdentity, startAdminCatalog, type CatalogService } from '../test-support/admin-catalog-env';
import { productModel } from './product.model';

jest.setTimeout(30_000);
let collector: Awaited<ReturnType<typeof startAuditCollector>>;
type Service = CatalogService;
const apps: Array<Service['app']> = [];

async function startCatalog(environment: 'development' | 'production') {
  const service = await startAdminCatalog(environment, collector.url);
  apps.push(service.app);
  return service;
}

let app: Service['app'];
let domain: Service['domain'];
beforeAll(async () => {
  collector = await startAuditCollector();
  ({ app, domain } = await startCatalog('development'));
});
afterAll(async () => {
  for (const each of apps) {
    await each.db.dropDatabase();
    await each.close();
  }
  await collector.close();
});

const identity = staffIdentity;
type Target = Service['app'];
const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, role = 'manager', on: Target = app) =>
  on.inject({ method, url, headers: await identity(role), payload: payload as object });

const create = async (input: ProductInput, on: Target = app) => {
  const response = await call('POST', '/api/admin/products', input, 'manager', on);
  expect(response.statusCode).toBe(201);
  return AdminProductDetail.parse(response.json());
};

test('every admin endpoint of the catalog: 401 without a login, 403 for a customer', async () => {
  const answers = await adminEndpointAnswers(app, (await identity('customer'))['x-shop-identity']);
  expect(answers.length).toBeGreaterThanOrEqual(5);
  expect(answers.filter((answer) => answer.anonymous !== 401 || answer.customer !== 403)).toEqual([]);
});

test('a created product is in the shop at once, with its first price recorded and an audit entry', async () => {
  const product = await create(podInput({ price: '11.49' }));
  expect(product).toMatchObject({ version: 0, price: '11.49', referencePrice: null, lawIssues: [], category: 'randm-tornado-9000' });
  expect(product.priceHistory).toEqual([{ price: '11.49', salePrice: null, from: expect.any(String) }]);
  const shop = await app.inject({ method: 'GET', url: `/api/products/${product.id}` });
  expect(shop.json()).toMatchObject({ price: '11.49', isActive: true });
  await domain.auditRelay.flush();
  const entry = collector.entries().find((e) => e.entityId === product.id);
  expect(entry).toMatchObject({ action: 'create', entity: 'product', actorId: MANAGER_ID, actorRole: 'manager', service: 'catalog' });
  expect(entry!.changes).toEqual(expect.arrayContaining([{ field: 'price', before: null, after: '11.49' }]));
});

test('descriptions are reduced to the rich-text allowlist on write, and again when served', async () => {
  const payload =
    '<p>Text</p><style>body{display:none}</style><form action="https://evil.example"><input name="pw"></form>' +
    '<iframe src="https://evil.example"></iframe><p onclick="x()" style="position:fixed">Mehr</p>';
  const product = await create(podInput({ description: payload }));
  const safe = '<p>Text</p><p>Mehr</p>';
  expect(product.description).toBe(safe);
  expect((await productModel(app.db).findById(product.id).lean())!.description).toBe(safe);
  const changed = await call('PATCH', `/api/admin/products/${product.id}`, {
    version: 0,
    changes: { description: `${payload}<h1>Neu</h1>` },
  });
  expect(changed.json().description).toBe(`${safe}<h2>Neu</h2>`);
  // A record written before the rule (raw HTML in the database) is served sanitised.
  await productModel(app.db).updateOne({ _id: product.id }, { $set: { description: payload } });
  await domain.catalog.refresh();
  expect((await app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().description).toBe(safe);
});

test('bad input: German messages at the field; duplicates are 409', async () => {
  const cheaper = await call('POST', '/api/admin/products', podInput({ price: '5.00', salePrice: '6.00' }));
  expect(cheaper.statusCode).toBe(400);
  expect(cheaper.json().issues[0]).toMatchObject({
    path: 'body/salePrice',
    message: 'Der Aktionspreis muss unter dem regulären Preis liegen.',
  });
  const unknownCategory = await call('POST', '/api/admin/products', podInput({ categoryId: 'cat-gibt-es-nicht' }));
  expect(unknownCategory.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'body/categoryId' }] });
  const first = await create(podInput());
  const sameSku = await call('POST', '/api/admin/products', podInput({ sku: first.sku }));
  expect(sameSku.statusCode).toBe(409);
  expect(sameSku.json().message).toBe('Diese Artikelnummer (SKU) ist schon vergeben.');
  const sameFlavour = await call('POST', '/api/admin/products', podInput({ flavor: first.flavor }));
  expect(sameFlavour.json().message).toBe('Diese Geschmacksrichtung gibt es in der Kategorie schon.');
});

test('nicotine: mg/ml, the displayed strength and the warning must agree; a nicotine-free product has no warning', async () => {
  const mismatch = await call('POST', '/api/admin/products', podInput({ nicotineMgPerMl: 10, nicotineStrength: '2%' }));
  expect(mismatch.statusCode).toBe(400);
  expect(mismatch.json()).toMatchObject({
    code: 'VALIDATION_ERROR',
    issues: [
      {
        path: 'body/nicotineStrength',
        message: 'Die Nikotinstärke muss zum Nikotingehalt von 10 mg/ml passen, z. B. „1\u00a0% (10 mg/ml)“.',
      },
    ],
  });
  const warnedFree = await call('POST', '/api/admin/products', podInput({ nicotineMgPerMl: 0, nicotineStrength: '0 mg/ml' }));
  expect(warnedFree.statusCode).toBe(400);
  expect(warnedFree.json().issues[0]).toMatchObject({ path: 'body/nicotineWarning' });
  const free = await create(podInput({ nicotineMgPerMl: 0, nicotineStrength: 'nikotinfrei', nicotineWarning: '' }));
  expect(free).toMatchObject({ nicotineMgPerMl: 0, nicotineWarning: '', lawIssues: [] });
  // Raising the content alone leaves the displayed strength behind: refused until both agree.
  const raisedAlone = await call('PATCH', `/api/admin/products/${free.id}`, { version: 0, changes: { nicotineMgPerMl: 10 } });
  expect(raisedAlone.statusCode).toBe(400);
  expect(raisedAlone.json().issues[0]).toMatchObject({ path: 'body/nicotineStrength' });
  const raised = await call('PATCH', `/api/admin/products/${free.id}`, {
    version: 0,
    changes: { nicotineMgPerMl: 10, nicotineStrength: '1 % (10 mg/ml)', nicotineWarning: NICOTINE_WARNING },
  });
  expect(raised.statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: `/api/products/${free.id}` })).json()).toMatchObject({
    nicotineMgPerMl: 10,
    nicotineStrength: '1 % (10 mg/ml)',
  });
});

test("a producer's durability guarantee over two years is set by staff and shown to shoppers; two years or less is refused", async () => {
  const product = await create(podInput());
  expect(product.durabilityGuaranteeYears).toBeNull();
  const set = await call('PATCH', `/api/admin/products/${product.id}`, { version: 0, changes: { durabilityGuaranteeYears: 3 } });
  expect(set.statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().durabilityGuaranteeYears).toBe(3);
  const tooShort = await call('PATCH', `/api/admin/products/${product.id}`, { version: 1, changes: { durabilityGuaranteeYears: 2 } });
  expect(tooShort.statusCode).toBe(400);
  expect(tooShort.json().issues[0]).toMatchObject({ path: 'body/changes/durabilityGuaranteeYears' });
  expect(tooShort.json().issues[0].message).toContain('gesetzliche Gewährleistung');
  const cleared = await call('PATCH', `/api/admin/products/${product.id}`, { version: 1, changes: { durabilityGuaranteeYears: null } });
  expect(cleared.json()).toMatchObject({ version: 2, durabilityGuaranteeYears: null });
  await domain.auditRelay.flush();
  expect(
    collector
      .entries()
      .filter((e) => e.entityId === product.id && e.action === 'update')
      .flatMap((e) => e.changes),
  ).toEqual(
    expect.arrayContaining([
      { field: 'durabilityGuaranteeYears', before: null, after: 3 },
      { field: 'durabilityGuaranteeYears', before: 3, after: null },
    ]),
  );
});

test("a product's shipping weight (grams, for the DHL label) is kept as staff enter it; beyond a DHL parcel or not whole grams is refused", async () => {
  const product = await create(podInput());
  expect(product.shippingWeightGrams).toBe(85);
  expect((await app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().shippingWeightGrams).toBe(85);
  for (const [weight, message] of [
    [31_501, 'Höchstens 31.500 g'],
    [0, 'über 0 g'],
    [12.5, 'ganzen Gramm'],
  ] as const) {
    const refused = await call('PATCH', `/api/admin/products/${product.id}`, { version: 0, changes: { shippingWeightGrams: weight } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0]).toMatchObject({ path: 'body/changes/shippingWeightGrams' });
    expect(refused.json().issues[0].message).toContain(message);
  }
  const cleared = await call('PATCH', `/api/admin/products/${product.id}`, { version: 0, changes: { shippingWeightGrams: null } });
  expect(cleared.json()).toMatchObject({ version: 1, shippingWeightGrams: null });
  await domain.auditRelay.flush();
  expect(
    collector
      .entries()
      .filter((e) => e.entityId === product.id && e.action === 'update')
      .flatMap((e) => e.changes),
  ).toEqual([{ field: 'shippingWeightGrams', before: 85, after: null }]);
});

test('a change records before/after in the audit log and raises the version; an outdated version gets 409', async () => {
  const product = await create(podInput({ stock: 40 }));
  const changed = await call('PATCH', `/api/admin/products/${product.id}`, {
    version: 0,
    changes: { stock: 35, name: `${product.name} Neu` },
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toMatchObject({ version: 1, stock: 35 });
  const stale = await call('PATCH', `/api/admin/products/${product.id}`, { version: 0, changes: { stock: 1 } });
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toEqual({ code: 'STALE_VERSION', message: STALE_EDIT_MESSAGE });
  await domain.auditRelay.flush();
  const update = collector.entries().find((e) => e.entityId === product.id && e.action === 'update');
  expect(update!.changes).toEqual([
    { field: 'name', before: product.name, after: `${product.name} Neu` },
    { field: 'stock', before: 40, after: 35 },
  ]);
  // Nothing stays in the record's outbox once delivered.
  const stored = await productModel(app.db).findById(product.id).lean();
  expect(stored!.auditOutbox).toEqual([]);
});

test('two staff members saving the same version at once: exactly one wins, the other gets 409', async () => {
  const product = await create(podInput());
  const answers = await Promise.all(
    [1, 2, 3, 4].map((n) => call('PATCH', `/api/admin/products/${product.id}`, { version: 0, changes: { stock: n } })),
  );
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
  const stored = await productModel(app.db).findById(product.id).lean();
  expect(stored!.version).toBe(1);
});

test('§ 11 PAngV: a reduction is shown only against the lowest price of the 30 days before it', async () => {
  const product = await create(podInput({ price: '12.00' }));
  // A sale the same day it was listed at 12,00 € for a moment: no earlier 30-day price, so no reduction.
  await productModel(app.db).updateOne({ _id: product.id }, { $set: { 'priceHistory.0.at': new Date(Date.now() - 45 * 86_400_000) } });
  const sale = await call('PATCH', `/api/admin/products/${product.id}`, { version: 0, changes: { salePrice: '9.00' } });
  expect(sale.json()).toMatchObject({ price: '12.00', salePrice: '9.00', referencePrice: '12.00' });
  expect(sale.json().priceHistory.map((p: { salePrice: string | null }) => p.salePrice)).toEqual(['9.00', null]);
  const shop = await app.inject({ method: 'GET', url: `/api/products/${product.id}` });
  expect(shop.json()).toMatchObject({ salePrice: '9.00', referencePrice: '12.00' });
  // Raised to 15 € and lowered to 13 € within days: the 9 € of the window is lower, so no reduction is shown.
  const raised = await call('PATCH', `/api/admin/products/${product.id}`, { version: 1, changes: { price: '15.00', salePrice: null } });
  expect(raised.json().referencePrice).toBeNull();
  const lowered = await call('PATCH', `/api/admin/products/${product.id}`, { version: 2, changes: { salePrice: '13.00' } });
  expect(lowered.json()).toMatchObject({ salePrice: '13.00', referencePrice: null });
});

test('product-law objections are flagged and listed; in development they do not block saving', async () => {
  const bigPuff = await create(
    podInput({ productType: 'disposable', puffCount: 12000, liquidVolumeMl: 18, nicotineMgPerMl: 20, nicotineWarning: '' }),
  );
  expect(bigPuff.lawIssues.map((issue) => issue.code)).toEqual(['liquid-limit', 'puff-claim', 'warning-missing']);
  const flagged = (await call('GET', `/api/admin/products?status=flagged&search=${encodeURIComponent(bigPuff.sku)}`)).json();
  expect(flagged.products.map((p: { id: string }) => p.id)).toEqual([bigPuff.id]);
  const lawful = await create(podInput());
  const notFlagged = (await call('GET', `/api/admin/products?status=flagged&search=${encodeURIComponent(lawful.sku)}`)).json();
  expect(notFlagged.total).toBe(0);
  const ended = await create(podInput({ sellableUntil: '2020-01-01' }));
  expect(ended.lawIssues.map((issue) => issue.code)).toEqual(['sale-ended']);
  expect((await call('GET', `/api/admin/products?status=flagged&search=${ended.sku}`)).json().total).toBe(1);
});

test('production: a flagged product goes live only with an admin’s reasoned override, kept in the audit log', async () => {
  const { app: production, domain: productionDomain } = await startCatalog('production');
  const product = await create(podInput({ isActive: false, liquidVolumeMl: 3 }), production);
  const activate = await call(
    'PATCH',
    `/api/admin/products/${product.id}`,
    { version: 0, changes: { isActive: true } },
    'manager',
    production,
  );
  expect(activate.statusCode).toBe(422);
  expect(activate.json()).toMatchObject({ code: 'PUBLISH_BLOCKED' });
  expect(activate.json().message).toContain('Liquid-Füllmenge über 2 ml');
  const reason = 'Restposten, Rücksprache mit Kanzlei am 20.11.2026';
  const byManager = await call(
    'PATCH',
    `/api/admin/products/${product.id}`,
    { version: 0, changes: { isActive: true }, complianceOverrideReason: reason },
    'manager',
    production,
  );
  expect(byManager.statusCode).toBe(403);
  const byAdmin = await call(
    'PATCH',
    `/api/admin/products/${product.id}`,
    { version: 0, changes: { isActive: true }, complianceOverrideReason: reason },
    'admin',
    production,
  );
  expect(byAdmin.statusCode).toBe(200);
  expect(byAdmin.json()).toMatchObject({
    isActive: true,
    complianceOverride: { reason, byUserId: ADMIN_ID, issueCodes: ['liquid-limit'] },
  });
  await productionDomain.auditRelay.flush();
  expect(collector.entries().find((e) => e.entityId === product.id && e.action === 'compliance-override')).toMatchObject({
    reason,
    actorRole: 'admin',
  });
  // A new objection is not covered by the old override.
  const worse = await call(
    'PATCH',
    `/api/admin/products/${product.id}`,
    { version: 1, changes: { nicotineMgPerMl: 25, nicotineStrength: '2,5 %' } },
    'manager',
    production,
  );
  expect(worse.statusCode).toBe(422);
  // A bulk activation in production refuses flagged products with the reason and changes the others.
  const flagged = await create(podInput({ isActive: false, nicotineMgPerMl: 24, nicotineStrength: '2,4 %' }), production);
  const fine = await create(podInput({ isActive: false }), production);
  const bulk = await call(
    'POST',
    '/api/admin/products/bulk',
    { action: 'activate', productIds: [flagged.id, fine.id] },
    'manager',
    production,
  );
  expect(bulk.json()).toMatchObject({
    changed: 1,
    refused: [{ productId: flagged.id, reason: expect.stringContaining('Nikotingehalt über 20 mg/ml') }],
  });
});

test('bulk: deactivate a selection; set one price for a whole category, recorded per product', async () => {
  const a = await create(podInput({ categoryId: 'cat-tornado-40000' }));
  const b = await create(podInput({ categoryId: 'cat-tornado-40000' }));
  const off = await call('POST', '/api/admin/products/bulk', { action: 'deactivate', productIds: [a.id, b.id] });
  expect(off.json()).toEqual({ changed: 2, refused: [] });
  // Gone from the shop at once (inactive products answer 404 to shoppers).
  expect((await app.inject({ method: 'GET', url: `/api/products/${a.id}` })).statusCode).toBe(404);
  const price = await call('POST', '/api/admin/products/bulk', {
    action: 'set-price',
    categoryId: 'cat-tornado-40000',
    price: '19.99',
    salePrice: '14.99',
  });
  expect(price.json()).toEqual({ changed: 2, refused: [] });
  const detail = AdminProductDetail.parse((await call('GET', `/api/admin/products/${b.id}`)).json());
  expect(detail).toMatchObject({ price: '19.99', salePrice: '14.99', version: 2 });
  expect(detail.priceHistory).toHaveLength(2);
  const wrong = await call('POST', '/api/admin/products/bulk', {
    action: 'set-price',
    categoryId: 'cat-tornado-40000',
    price: '9.99',
    salePrice: '14.99',
  });
  expect(wrong.json().refused).toHaveLength(2);
});

test('the staff table searches, filters, sorts and pages', async () => {
  const tag = `Sortier${randomUUID().slice(0, 4)}`;
  const cheap = await create(podInput({ name: `${tag} A`, price: '5.00', stock: 3 }));
  const dear = await create(podInput({ name: `${tag} B`, price: '25.00', stock: 0, isActive: false }));
  const list = async (query: string) => (await call('GET', `/api/admin/products?search=${tag}&${query}`)).json();
  expect((await list('sort=price&direction=desc')).products.map((p: { id: string }) => p.id)).toEqual([dear.id, cheap.id]);
  expect((await list('status=inactive')).products.map((p: { id: string }) => p.id)).toEqual([dear.id]);
  expect((await list('status=sold-out')).products.map((p: { id: string }) => p.id)).toEqual([dear.id]);
  expect((await list('status=low-stock')).products.map((p: { id: string }) => p.id)).toEqual([cheap.id]);
  expect(await list('limit=1&offset=1&sort=name')).toMatchObject({ total: 2, products: [{ id: dear.id }] });
  expect((await call('GET', '/api/admin/products?search=%5B(.*')).statusCode).toBe(200);
});

test('audit entries wait in the record while the admin service is down, and arrive once it is back', async () => {
  collector.state.down = true;
  const product = await create(podInput());
  await expect(domain.auditRelay.flush()).rejects.toThrow(/503/);
  expect(collector.entries().some((e) => e.entityId === product.id)).toBe(false);
  collector.state.down = false;
  await domain.auditRelay.flush();
  expect(collector.entries().filter((e) => e.entityId === product.id)).toHaveLength(1);
});

test('the dashboard’s stock figures: active products low on stock and sold out, lowest first', async () => {
  const tag = `Lager${randomUUID().slice(0, 4)}`;
  const low = await create(podInput({ name: `${tag} knapp`, stock: 2 }));
  const out = await create(podInput({ name: `${tag} leer`, stock: 0 }));
  await create(podInput({ name: `${tag} inaktiv`, stock: 0, isActive: false }));
  const stats = (
    await app.inject({
      method: 'GET',
      url: '/internal/admin/stock-stats',
      headers: { 'x-internal-token': 'test-internal-secret-0123456789-abcdef' },
    })
  ).json();
  expect(stats.soldOut.map((p: { id: string }) => p.id)).toContain(out.id);
  expect(stats.lowStock).toContainEqual({ id: low.id, name: `${tag} knapp`, stock: 2 });
  expect(stats.soldOut.concat(stats.lowStock).some((p: { name: string }) => p.name.endsWith('inaktiv'))).toBe(false);
  expect(stats.lowStockCount).toBeGreaterThanOrEqual(1);
});

test('the admin service learns which products use a media library image (before deleting it)', async () => {
  const assetId = 'abcdef0123456789abcdef01';
  const product = await create(podInput({ name: `Mediennutzung ${randomUUID().slice(0, 6)}`, images: [`/api/media/${assetId}-640.webp`] }));
  const usage = async (id: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/internal/media-usage?assetId=${id}`,
        headers: { 'x-internal-token': 'test-internal-secret-0123456789-abcdef' },
      })
    ).json();
  expect(await usage(assetId)).toEqual({ uses: [{ kind: 'product', id: product.id, label: product.name }] });
  expect(await usage('abcdef0123456789abcdef02')).toEqual({ uses: [] });
  expect((await app.inject({ method: 'GET', url: `/internal/media-usage?assetId=${assetId}` })).statusCode).toBe(401);
});

test('sales while staff save a product are never overwritten: a save that does not change the stock leaves it as the sales moved it', async () => {
  const product = await create(podInput({ name: `Lagerbestand ${randomUUID()}`, stock: 400 }));
  // Checkouts reserve pieces (the stock moves, the version does not) while staff save price changes.
  let reserved = 0;
  for (let version = 0; version < 5; version++) {
    let saving = true;
    const saved = call('PATCH', `/api/admin/products/${product.id}`, { version, changes: { price: `${12 + version}.49` } }).finally(() => {
      saving = false;
    });
    while (saving) {
      await productModel(app.db).updateOne({ _id: product.id }, { $inc: { stock: -1 } });
      reserved++;
    }
    expect((await saved).statusCode).toBe(200);
  }
  expect((await productModel(app.db).findById(product.id).lean())!.stock).toBe(400 - reserved);

  // A stock staff type (a count) is what they set.
  const counted = await call('PATCH', `/api/admin/products/${product.id}`, { version: 5, changes: { stock: 500 } });
  expect(counted.json()).toMatchObject({ stock: 500, version: 6 });
});
