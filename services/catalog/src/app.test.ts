import sharp from 'sharp';
/**
 * Catalog service against the real local database: every endpoint of spec §7 and every bad
 * input the catalogue refuses. The demo catalogue is seeded once into a database of this test file.
 */
import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { loadConfig, signIdentity } from '@shop/service-kit';
import { Product as ProductSchema, ProductListResponse, CategoryListResponse, type Product } from '@shop/contracts';
import { buildCatalogService } from './app';
import { CatalogEnv } from './config';
import { seedCatalogue } from './seed/seed';
import { productModel } from './products/product.model';

let app: Awaited<ReturnType<typeof buildCatalogService>>['app'];
let domain: Awaited<ReturnType<typeof buildCatalogService>>['domain'];
const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
/** Headers of the cart service and the gateway calling /internal/*. */
const INTERNAL = { 'x-internal-token': INTERNAL_API_SECRET };

beforeAll(async () => {
  const config = loadConfig(CatalogEnv, {
    // With the driver's command events: a test reads what a request asks of the database.
    MONGODB_URI: `${process.env.MONGODB_URI}${process.env.MONGODB_URI?.includes('?') ? '&' : '?'}monitorCommands=true`,
    MONGODB_DB: `test_catalog_${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    IDENTITY_SECRET,
    INTERNAL_API_SECRET,
  });
  ({ app, domain } = await buildCatalogService(config));
  await seedCatalogue(app.db);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app.db.dropDatabase();
  await app.close();
});

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: url.startsWith('/internal/') ? INTERNAL : {} });
  return {
    status: response.statusCode,
    body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : response.body,
    headers: response.headers,
  };
};
const list = async (query: string) => {
  const { status, body } = await get(`/api/products?${query}`);
  expect(status).toBe(200);
  return ProductListResponse.parse(body);
};

describe('seeded demo catalogue', () => {
  test('every category filled, at least 200 products, idempotent seed', async () => {
    const categories = CategoryListResponse.parse((await get('/api/categories')).body);
    expect(categories.map((c) => c.id)).toEqual([
      'cat-tornado-7000',
      'cat-tornado-9000',
      'cat-tornado-10000',
      'cat-shisha-10000',
      'cat-tornado-12000',
      'cat-tornado-15000',
      'cat-tornado-20000',
      'cat-tornado-25000',
      'cat-tornado-30000',
      'cat-tornado-35000',
      'cat-tornado-40000',
    ]);
    for (const category of categories) expect(category.productCount).toBeGreaterThan(5);
    expect(await productModel(app.db).countDocuments()).toBeGreaterThanOrEqual(200);
    await expect(seedCatalogue(app.db)).resolves.toEqual({ categoriesInserted: 0, productsInserted: 0 });
  });

  test('products carry real flavour names, prices from the category, battery by spec §9, varied stock', async () => {
    const { body } = await get('/api/products/slug/randm-tornado-9000/blueberry-ice-einweg-vape');
    const product = ProductSchema.parse(body);
    expect(product).toMatchObject({
      name: 'RandM Tornado 9000 Blueberry Ice',
      slug: 'randm-tornado-9000-blueberry-ice-einweg-vape',
      categoryId: 'cat-tornado-9000',
      category: 'randm-tornado-9000',
      price: '26.99',
      salePrice: '16.99',
      batteryMah: 600,
      nicotineStrength: '2%',
      nicotineMgPerMl: 20,
      productType: 'disposable',
      isDemo: true,
    });
    expect(product.description).toContain('<p>');
    expect(product.nicotineWarning).toBe('Dieses Produkt enthält Nikotin: einem Stoff, der sehr stark abhängig macht.');
    const all = await productModel(app.db).find({}, { stock: 1, isActive: 1, salesCount: 1 }).lean();
    expect(all.some((p) => p.stock === 0)).toBe(true);
    expect(all.some((p) => p.stock === null)).toBe(true);
    expect(all.some((p) => p.isActive === false)).toBe(true);
    expect(new Set(all.map((p) => p.salesCount)).size).toBeGreaterThan(100);
  });

  test('product images are WebP and cached immutably', async () => {
    const product = ProductSchema.parse((await get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).body);
    const image = await app.inject({ method: 'GET', url: product.images[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect((await get('/api/images/nicht-da.webp')).status).toBe(404);
    expect((await get('/api/images/..%2Fetc.webp')).status).toBe(400);
  });

  test('product images come in the srcset widths, smaller than the original; other widths are refused', async () => {
    const product = ProductSchema.parse((await get('/api/products/slug/randm-tornado-9000-blueberry-ice-einweg-vape')).body);
    const original = await app.inject({ method: 'GET', url: product.images[0]! });
    const small = await app.inject({ method: 'GET', url: `${product.images[0]!}?w=160` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const { width } = await sharp(small.rawPayload).metadata();
    expect(width).toBe(160);
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);
    for (const w of ['161', '1e3', '0x10', '+5', '', '4800']) {
      expect((await get(`${product.images[0]!}?w=${encodeURIComponent(w)}`)).status).toBe(400);
    }
  });
});

describe('GET /api/products', () => {
  test('by category, only active products, best sellers first (the available ones, then the sold-out ones)', async () => {
    const { products, total } = await list('categoryId=cat-tornado-15000&limit=400');
    expect(total).toBe(products.length);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.categoryId === 'cat-tornado-15000' && p.isActive)).toBe(true);
    const soldOut = (p: Product) => p.stock !== null && p.stock <= 0;
    const available = products.filter((p) => !soldOut(p));
    expect(products).toEqual([...available, ...products.filter(soldOut)]);
    for (const group of [available, products.filter(soldOut)]) {
      const sales = group.map((p) => p.salesCount);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
    }
  });

  test('unknown categoryId gives an empty list, not an error', async () => {
    expect(await list('categoryId=cat-gibt-es-nicht')).toMatchObject({ products: [], total: 0 });
  });

  test('featured with limit 8 (cart suggestions)', async () => {
    const { products } = await list('featured=true&limit=8');
    expect(products).toHaveLength(8);
  });

  test('paging and price sorting', async () => {
    const page1 = await list('sort=price-asc&limit=10&offset=0');
    const page2 = await list('sort=price-asc&limit=10&offset=10');
    expect(page1.total).toBe(page2.total);
    expect(new Set([...page1.products, ...page2.products].map((p) => p.id)).size).toBe(20);
    // Cheapest first among the available products (sold-out ones come after all of them).
    const prices = [...page1.products, ...page2.products]
      .filter((p) => p.stock === null || p.stock > 0)
      .map((p) => Number(p.salePrice ?? p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('price filter in EUR', async () => {
    const { products } = await list('minPrice=20&maxPrice=22.99&limit=400');
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) expect(Number(p.salePrice ?? p.price)).toBeGreaterThanOrEqual(20);
    for (const p of products) expect(Number(p.salePrice ?? p.price)).toBeLessThanOrEqual(22.99);
  });

  test.each([
    ['limit=abc', 'querystring/limit'],
    ['limit=0', 'querystring/limit'],
    ['limit=100000', 'querystring/limit'],
    ['offset=-1', 'querystring/offset'],
    ['sort=random', 'querystring/sort'],
    ['featured=yes', 'querystring/featured'],
    ['minPrice=1e3', 'querystring/minPrice'],
    [`search=${'a'.repeat(101)}`, 'querystring/search'],
    [`categoryId=${'c'.repeat(65)}`, 'querystring/categoryId'],
    ['search%5B%24ne%5D=x', 'querystring'],
    ['categoryId%5B%24gt%5D=', 'querystring'],
    ['unknown=1', 'querystring'],
  ])('bad input %s → 400 naming %s', async (query, path) => {
    const { status, body } = await get(`/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    // Plain German for shoppers; the technical place only in issues.
    expect(body.message).toMatch(/^(Anzahl|Sortierung|Suchbegriff|Mindestpreis|Ungültige Eingabe): [A-Za-zäöü]/);
    expect(body.message).not.toMatch(/querystring|erwartet|number|string/);
    expect(body.issues[0].path).toContain(path);
  });

  test('relevance sort without a search term is a 400 with a German message', async () => {
    const { status, body } = await get('/api/products?sort=relevance');
    expect(status).toBe(400);
    expect(body.message).toBe('Sortierung nach Relevanz ist nur mit einem Suchbegriff möglich.');
  });
});

describe('search', () => {
  const names = async (term: string, extra = '') =>
    (await list(`search=${encodeURIComponent(term)}&limit=50${extra}`)).products.map((p: Product) => p.name);

  test('case-insensitive, ranked by relevance', async () => {
    const results = await names('BLUEBERRY ICE');
    expect(results[0]).toMatch(/Blueberry Ice$/);
    expect(results.slice(0, 3).every((name) => /Blueberry Ice/.test(name))).toBe(true);
  });

  test('partial words and small typos match', async () => {
    expect(await names('blueb')).toEqual(expect.arrayContaining([expect.stringMatching(/Blueberry/)]));
    expect(await names('bluebery')).toEqual(expect.arrayContaining([expect.stringMatching(/Blueberry/)]));
    expect(await names('watermleon')).toEqual(expect.arrayContaining([expect.stringMatching(/Watermelon/)]));
  });

  test('German flavour words find English flavour names', async () => {
    const strawberries = await names('Erdbeere');
    expect(strawberries.length).toBeGreaterThan(0);
    expect(strawberries.every((name) => /Straw/.test(name))).toBe(true);
    expect((await names('Wassermelone')).length).toBeGreaterThan(0);
  });

  test('umlauts and ß match their transliterations both ways', async () => {
    const Product = productModel(app.db);
    const base = await Product.findOne({ slug: 'randm-tornado-9000-blueberry-ice-einweg-vape' }).lean();
    const { _id, createdAt, updatedAt, ...rest } = base as Record<string, unknown>;
    void _id;
    void createdAt;
    void updatedAt;
    await Product.create({
      ...rest,
      name: 'RandM Tornado 9000 Süße Kirsche Groß',
      flavor: 'Süße Kirsche Groß',
      slug: 'test-suesse-kirsche',
      flavorSlug: 'suesse-kirsche-gross-einweg-vape',
      sku: 'TEST-SUESSE',
    });
    await domain.catalog.refresh();
    expect(await names('suesse kirsche')).toContain('RandM Tornado 9000 Süße Kirsche Groß');
    expect(await names('süße')).toContain('RandM Tornado 9000 Süße Kirsche Groß');
    expect(await names('gross')).toContain('RandM Tornado 9000 Süße Kirsche Groß');
    expect(await names('groß')).toContain('RandM Tornado 9000 Süße Kirsche Groß');
  });

  test('puff counts match exactly, not fuzzily', async () => {
    const results = await names('Tornado 40000');
    expect(results.length).toBeGreaterThan(5);
    expect(results.every((name) => name.includes('40000'))).toBe(true);
  });

  test('regex characters and operators are plain text', async () => {
    expect(await names('.*')).toEqual([]);
    const blue = await names('blue.*');
    expect(blue.length).toBeGreaterThan(0);
    expect(blue.every((name) => /blue/i.test(name))).toBe(true);
    expect(await names('{"$ne": null}')).toEqual([]);
    expect(await names('xyzzy')).toEqual([]);
  });

  test('sold-out products come after every available one, in search results and in every sort of a listing', async () => {
    const orders = [
      'search=mango&limit=50',
      'search=mango&limit=50&sort=price-asc',
      'limit=100',
      'limit=100&sort=name',
      'limit=100&sort=newest',
    ];
    for (const query of orders) {
      const { products } = await list(query);
      const soldOut: boolean[] = products.map((p: Product) => p.isActive === false || (p.stock !== null && p.stock <= 0));
      const firstSoldOut = soldOut.indexOf(true);
      const availableAfterSoldOut = firstSoldOut >= 0 && soldOut.slice(firstSoldOut).includes(false);
      expect({ query, availableAfterSoldOut }).toEqual({ query, availableAfterSoldOut: false });
    }
    // The demo catalogue has sold-out mango flavours: the check above is not vacuous.
    expect((await list('search=mango&limit=50')).products.some((p: Product) => p.stock !== null && p.stock <= 0)).toBe(true);
  });

  test('suggestions (limit 5) combine with other filters', async () => {
    const { products } = await list('search=ice&limit=5&categoryId=cat-tornado-9000');
    expect(products.length).toBeLessThanOrEqual(5);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.categoryId === 'cat-tornado-9000' && /ice/i.test(p.name))).toBe(true);
  });

  test('the snapshot and its index follow changes made by other processes', async () => {
    const Product = productModel(app.db);
    await Product.updateOne(
      { slug: 'randm-tornado-9000-blueberry-ice-einweg-vape' },
      { $set: { flavor: 'Zyklon Frost', name: 'RandM Tornado 9000 Zyklon Frost' } },
    );
    await domain.catalog.sync();
    expect(await names('zyklon')).toEqual(['RandM Tornado 9000 Zyklon Frost']);
    await Product.updateOne(
      { slug: 'randm-tornado-9000-blueberry-ice-einweg-vape' },
      { $set: { flavor: 'Blueberry Ice', name: 'RandM Tornado 9000 Blueberry Ice' } },
    );
    await domain.catalog.sync();
    expect(await names('zyklon')).toEqual([]);
  });
});

describe('single products', () => {
  test('by id, by unique slug and by category + flavour slug give the same product', async () => {
    const [first] = (await list('categoryId=cat-tornado-12000&limit=1')).products;
    const bySlug = ProductSchema.parse((await get(`/api/products/slug/${first!.slug}`)).body);
    const byPair = ProductSchema.parse((await get(`/api/products/slug/${first!.category}/${first!.flavorSlug}`)).body);
    const byId = ProductSchema.parse((await get(`/api/products/${bySlug.id}`)).body);
    expect(byPair).toEqual(bySlug);
    expect(byId).toEqual(bySlug);
  });

  test.each([
    ['/api/products/slug/gibt-es-nicht', 404],
    ['/api/products/slug/randm-tornado-9000/gibt-es-nicht', 404],
    ['/api/products/aaaaaaaaaaaaaaaaaaaaaaaa', 404],
    ['/api/products/123', 400],
    ['/api/products/slug/.*', 400],
    ['/api/products/slug/%24where', 400],
    ['/api/products/slug/Blueberry%20Ice', 400],
    [`/api/products/slug/${'a'.repeat(101)}`, 400],
  ])('%s → %i with a JSON message', async (url, status) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expect(typeof response.body.message).toBe('string');
  });

  test('unknown product message is German', async () => {
    expect((await get('/api/products/slug/gibt-es-nicht')).body.message).toBe('Das angeforderte Produkt konnte nicht gefunden werden.');
  });

  test('related products follow spec §9: same category, without itself, at most 4', async () => {
    const [product] = (await list('categoryId=cat-tornado-20000&limit=1')).products;
    const { body } = await get(`/api/products/${product!.id}/related`);
    expect(body.products).toHaveLength(4);
    for (const related of body.products) {
      expect(related.categoryId).toBe('cat-tornado-20000');
      expect(related.id).not.toBe(product!.id);
      expect(related.isActive).toBe(true);
    }
  });
});

describe('inactive products', () => {
  const listAs = async (role: string | null) => {
    const headers = role ? { 'x-shop-identity': await signIdentity({ userId: 'u1', role }, IDENTITY_SECRET) } : {};
    return app.inject({ method: 'GET', url: '/api/products?includeInactive=true&limit=100', headers });
  };

  test('includeInactive is for staff only: anonymous and customers get 403, a manager sees inactive products', async () => {
    for (const role of [null, 'customer']) {
      const refused = await listAs(role);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Inaktive Produkte sind nur für Mitarbeitende sichtbar.');
    }
    const staff = await listAs('manager');
    expect(staff.statusCode).toBe(200);
    const inactive = staff.json().products.filter((p: Product) => !p.isActive);
    expect(inactive.length).toBeGreaterThan(0);
  });

  test('an inactive product answers 404 by id, slug and related, and has no page; staff still read it, never cached', async () => {
    const inactive = (await productModel(app.db).findOne({ isActive: false }).lean())!;
    const urls = [
      `/api/products/${String(inactive._id)}`,
      `/api/products/${String(inactive._id).toUpperCase()}`,
      `/api/products/${String(inactive._id)}/related`,
      `/api/products/slug/${inactive.slug}`,
      `/api/products/slug/${inactive.category}/${inactive.flavorSlug}`,
    ];
    const manager = { 'x-shop-identity': await signIdentity({ userId: 'u1', role: 'manager' }, IDENTITY_SECRET) };
    const customer = { 'x-shop-identity': await signIdentity({ userId: 'u2', role: 'customer' }, IDENTITY_SECRET) };
    for (const url of urls) {
      for (const headers of [{}, customer]) {
        const answer = await app.inject({ method: 'GET', url, headers });
        expect(answer.statusCode).toBe(404);
        expect(answer.json().message).toBe('Das angeforderte Produkt konnte nicht gefunden werden.');
      }
      const staff = await app.inject({ method: 'GET', url, headers: manager });
      expect(staff.statusCode).toBe(200);
      expect(staff.headers['cache-control']).toBe('private, no-store');
    }
    const head = await app.inject({
      method: 'GET',
      url: `/internal/page-head?path=${encodeURIComponent(`/kategorien/${inactive.category}/${inactive.flavorSlug}`)}`,
      headers: { 'x-internal-token': INTERNAL_API_SECRET },
    });
    expect(head.statusCode).toBe(404);
  });

  test('a forged identity does not count as staff', async () => {
    const forged = await signIdentity({ userId: 'u1', role: 'admin' }, 'another-secret-0123456789-abcdefghijkl');
    const response = await app.inject({ method: 'GET', url: '/api/products?includeInactive=true', headers: { 'x-shop-identity': forged } });
    expect(response.statusCode).toBe(403);
  });
});

describe('placeholder', () => {
  test('GET /api/placeholder/{w}/{h} gives an SVG of that size', async () => {
    const response = await get('/api/placeholder/300/200');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('width="300" height="200"');
  });

  test('the OpenAPI document still builds with the digits-only size (and names the route)', async () => {
    const response = await get('/openapi.json');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toContain('/api/placeholder/{w}/{h}');
  });

  test.each(['0/10', '10/0', '2001/10', '10/2001', 'abc/10', '-5/10', '1.5/10', '1e3/10', '0x10/10', '%2B5/10', '%20100/10', '10/00100'])(
    '%s → 400',
    async (size) => {
      expect((await get(`/api/placeholder/${size}`)).status).toBe(400);
    },
  );
});

describe('SEO data for the gateway', () => {
  const head = async (path: string) => get(`/internal/page-head?path=${encodeURIComponent(path)}`);

  test('product page: spec description, canonical link, Product with EUR Offer and availability, breadcrumbs', async () => {
    const { status, body } = await head('/produkt/randm-tornado-9000-blueberry-ice-einweg-vape');
    expect(status).toBe(200);
    expect(body.title).toBe('RandM Tornado 9000 Blueberry Ice');
    expect(body.description).toBe(
      'RandM Tornado 9000 Blueberry Ice: 9.000 Züge, Geschmack Blueberry Ice, Nikotinstärke 2%. Jetzt online bestellen – Versand werktags innerhalb von 24 Stunden nach Zahlungseingang, Zustellung in 1–3 Werktagen.',
    );
    expect(body.canonicalPath).toBe('/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape');
    const [product, breadcrumbs] = body.structuredData;
    expect(product).toMatchObject({
      '@type': 'Product',
      offers: { '@type': 'Offer', priceCurrency: 'EUR', price: '16.99', availability: expect.stringMatching(/InStock|OutOfStock/) },
    });
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Home',
      'Kategorien',
      'RandM Tornado 9000',
      'RandM Tornado 9000 Blueberry Ice',
    ]);
  });

  test('sold-out products are OutOfStock in JSON-LD', async () => {
    const soldOut = await productModel(app.db).findOne({ stock: 0, isActive: true }).lean();
    const { body } = await head(`/kategorien/${soldOut!.category}/${soldOut!.flavorSlug}`);
    expect(body.structuredData[0].offers.availability).toBe('https://schema.org/OutOfStock');
  });

  test('category page uses the meta description table; unknown pages are 404', async () => {
    const { body } = await head('/kategorien/randm-tornado-7000');
    expect(body.description).toMatch(/^RandM Tornado 7000 kaufen/);
    expect((await head('/kategorien/randm-tornado-8000')).status).toBe(404);
    expect((await head('/produkt/gibt-es-nicht')).status).toBe(404);
    expect((await head('/kategorien/randm-tornado-7000/gibt-es-nicht')).status).toBe(404);
    expect((await get('/internal/page-head?path=kein-pfad')).status).toBe(400);
  });

  test('all products with a search: titled like the page, not indexed; without one the listing head', async () => {
    const searched = await get(
      `/internal/page-head?path=${encodeURIComponent('/randm-tornado-vape-alle-produkte')}&query=${encodeURIComponent('search=mango&sort=name')}`,
    );
    expect(searched.body).toMatchObject({
      title: 'Suche: mango',
      robots: 'noindex, follow',
      canonicalPath: '/randm-tornado-vape-alle-produkte',
    });
    const plain = (await head('/randm-tornado-vape-alle-produkte')).body;
    expect(plain.title).toBe('Alle RandM Tornado Produkte');
    expect(plain.robots).toBeUndefined();
  });

  test('sitemap entries: every category and every active product', async () => {
    const { body } = await get('/internal/sitemap-entries');
    const active = await productModel(app.db).countDocuments({ isActive: true });
    expect(body).toHaveLength(11 + active);
    expect(body.map((e: { path: string }) => e.path)).toContain('/kategorien/randm-shisha-10000');
    const inactive = await productModel(app.db).findOne({ isActive: false }).lean();
    expect(body.map((e: { path: string }) => e.path)).not.toContain(`/kategorien/${inactive!.category}/${inactive!.flavorSlug}`);
  });
});

describe('internal endpoints need the shared secret', () => {
  test.each([
    ['GET', '/internal/products?ids=aaaaaaaaaaaaaaaaaaaaaaaa'],
    ['GET', '/internal/sitemap-entries'],
    ['GET', '/internal/page-head?path=/'],
    ['POST', '/internal/stock/reservations'],
    ['POST', '/internal/stock/reservations/x/release'],
  ] as const)('%s %s without or with a wrong token → 401', async (method, url) => {
    for (const headers of [
      {},
      { 'x-internal-token': 'wrong-secret-0123456789-0123456789-xx' },
      { 'x-internal-token': INTERNAL_API_SECRET.slice(0, -1) },
    ]) {
      const response = await app.inject({
        method,
        url,
        headers,
        payload: method === 'POST' ? { reservationId: 'x', lines: [{ productId: 'a'.repeat(24), quantity: 1 }] } : undefined,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Dieser Zugang ist nur für Dienste des Shops.', code: 'INTERNAL_UNAUTHORIZED' });
    }
  });
});

describe('internal product lookup for the cart', () => {
  test('returns the known products by id, leaves unknown ids out', async () => {
    const [a, b] = (await list('limit=2')).products;
    const { status, body } = await get(`/internal/products?ids=${a!.id},aaaaaaaaaaaaaaaaaaaaaaaa,${b!.id}`);
    expect(status).toBe(200);
    expect(body.products.map((p: Product) => p.id)).toEqual([a!.id, b!.id]);
    expect((await get('/internal/products?ids=abc')).status).toBe(400);
  });
});

describe('stock reservations for orders (internal)', () => {
  const reserve = (reservationId: string, lines: Array<{ productId: string; quantity: number }>) =>
    app.inject({ method: 'POST', url: '/internal/stock/reservations', payload: { reservationId, lines }, headers: INTERNAL });

  async function productWithStock(stock: number | null) {
    const Product = productModel(app.db);
    const base = (await Product.findOne({ isActive: true }).lean())!;
    const { _id, createdAt, updatedAt, ...rest } = base as Record<string, unknown>;
    void _id;
    void createdAt;
    void updatedAt;
    const suffix = randomUUID().slice(0, 8);
    const created = await Product.create({
      ...rest,
      stock,
      salesCount: 0,
      slug: `stock-test-${suffix}`,
      flavorSlug: `stock-test-${suffix}-einweg-vape`,
      sku: `STOCK-${suffix}`,
    });
    await domain.catalog.refresh();
    return String(created._id);
  }

  test('20 parallel orders for a product with 5 in stock: exactly 5 succeed, stock 0, never negative', async () => {
    const id = await productWithStock(5);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(`order-${id}-${i}`, [{ productId: id, quantity: 1 }])));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.json().message).toMatch(/^Nicht genügend Bestand für /);
    expect(refused[0]!.json().code).toBe('OUT_OF_STOCK');
    const doc = await productModel(app.db).findById(id).lean();
    expect(doc).toMatchObject({ stock: 0, salesCount: 5 });
    // The snapshot follows at once: the product reads as sold out.
    expect((await get(`/api/products/${id}`)).body.stock).toBe(0);
  }, 60_000);

  test('the same reservation id twice reserves once', async () => {
    const id = await productWithStock(10);
    expect((await reserve(`order-repeat-${id}`, [{ productId: id, quantity: 3 }])).statusCode).toBe(201);
    expect((await reserve(`order-repeat-${id}`, [{ productId: id, quantity: 3 }])).statusCode).toBe(201);
    expect((await productModel(app.db).findById(id).lean())!.stock).toBe(7);
  });

  test('a failing later line gives back the lines already taken; release restores stock once', async () => {
    const plenty = await productWithStock(10);
    const scarce = await productWithStock(1);
    const failed = await reserve(`order-mixed-${plenty}`, [
      { productId: plenty, quantity: 4 },
      { productId: scarce, quantity: 2 },
    ]);
    expect(failed.statusCode).toBe(409);
    expect(await productModel(app.db).findById(plenty).lean()).toMatchObject({ stock: 10, salesCount: 0 });
    expect((await productModel(app.db).findById(scarce).lean())!.stock).toBe(1);

    expect((await reserve(`order-ok-${plenty}`, [{ productId: plenty, quantity: 4 }])).statusCode).toBe(201);
    const release = () => app.inject({ method: 'POST', url: `/internal/stock/reservations/order-ok-${plenty}/release`, headers: INTERNAL });
    expect((await release()).json()).toEqual({ status: 'released' });
    expect((await release()).json()).toEqual({ status: 'not-reserved' });
    expect(await productModel(app.db).findById(plenty).lean()).toMatchObject({ stock: 10, salesCount: 0 });
  });

  test('a release that overtakes its reservation (lost answer) leaves no stock taken', async () => {
    const id = await productWithStock(10);
    const release = (key: string) => app.inject({ method: 'POST', url: `/internal/stock/reservations/${key}/release`, headers: INTERNAL });
    // Release arrives first: the late reservation is refused and takes nothing.
    expect((await release(`order-late-${id}`)).json()).toEqual({ status: 'not-reserved' });
    const late = await reserve(`order-late-${id}`, [{ productId: id, quantity: 2 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'Diese Reservierung wurde bereits freigegeben.', code: 'RESERVATION_RELEASED' });
    // Reservation and release race: whichever wins, the stock ends where it started.
    await Promise.all([reserve(`order-race-${id}`, [{ productId: id, quantity: 3 }]), release(`order-race-${id}`)]);
    await release(`order-race-${id}`);
    expect(await productModel(app.db).findById(id).lean()).toMatchObject({ stock: 10, salesCount: 0 });
  });

  test('untracked stock counts the sale only; inactive products cannot be reserved', async () => {
    const untracked = await productWithStock(null);
    expect((await reserve(`order-untracked-${untracked}`, [{ productId: untracked, quantity: 2 }])).statusCode).toBe(201);
    expect(await productModel(app.db).findById(untracked).lean()).toMatchObject({ stock: null, salesCount: 2 });
    const inactive = await productModel(app.db).findOne({ isActive: false }).lean();
    expect((await reserve(`order-inactive-${untracked}`, [{ productId: String(inactive!._id), quantity: 1 }])).statusCode).toBe(409);
  });

  // The local engine (FerretDB v1) reads every product for any filter without an `_id` equality
  // (an $in of ids too), and a reservation is on every order's path (docs/performance.md).
  test('a reservation of two lines re-reads each of its products by primary key', async () => {
    const ids = [await productWithStock(5), await productWithStock(5)];
    const productReads: Array<Record<string, unknown>> = [];
    const record = (event: mongo.CommandStartedEvent) => {
      const filter = (event.command as { filter?: Record<string, unknown> }).filter;
      if (event.commandName === 'find' && event.command.find === 'products' && filter && '_id' in filter) productReads.push(filter);
    };
    const client = app.db.getClient();
    client.on('commandStarted', record);
    try {
      expect(
        (
          await reserve(
            `order-reads-${ids[0]}`,
            ids.map((productId) => ({ productId, quantity: 1 })),
          )
        ).statusCode,
      ).toBe(201);
    } finally {
      client.off('commandStarted', record);
    }
    expect(productReads.map((filter) => String(filter._id)).sort()).toEqual([...ids].sort());
    expect((await get(`/api/products/${ids[0]}`)).body.stock).toBe(4);
  });

  test.each([
    [{ reservationId: 'x', lines: [{ productId: 'a'.repeat(24), quantity: 1 }] }],
    [{ reservationId: 'order-12345678', lines: [] }],
    [{ reservationId: 'order-12345678', lines: [{ productId: 'a'.repeat(24), quantity: 0 }] }],
    [{ reservationId: 'order-12345678', lines: [{ productId: { $ne: null }, quantity: 1 }] }],
  ])('bad reservation %j → 400', async (payload) => {
    expect((await app.inject({ method: 'POST', url: '/internal/stock/reservations', payload, headers: INTERNAL })).statusCode).toBe(400);
  });
});
