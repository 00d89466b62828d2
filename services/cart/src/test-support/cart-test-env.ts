/**
 * Test environment of the cart service (used by its jest tests only): the real app on the real
 * local database, and a catalog double speaking the catalog's internal contract
 * (InternalProductsResponse, stock reservations all-or-none and idempotent, release), so prices,
 * stock and outages can be set per test. E-mails are written to a temporary folder; audit entries
 * of staff changes go to an audit collector.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { decodeFlash, STOREFRONT_COOKIES, type LegalText } from '@shop/contracts';
import { loadConfig } from '@shop/service-kit';
import { startAuditCollector, startCatalogDouble, type CatalogDoubleState } from '@shop/test-fixtures';
export { testProduct } from '@shop/test-fixtures';
import { buildCartService } from '../app';
import { CartEnv } from '../config';
import { seedPromoCodes } from '../promo/seed-promo-codes';

type Line = { productId: string; quantity: number };

/** The catalog double's state; tests change it directly. */
export interface CatalogDouble extends CatalogDoubleState {
  reservations: Map<string, { status: 'reserved' | 'failed' | 'released'; lines: Line[] }>;
  /** true: reservations are made but answered with 500 (the answer is lost). */
  loseReservationAnswers: boolean;
}

/** The shared catalog double plus the stock reservations the cart makes (all-or-none, idempotent, release). */
function startCatalogWithStock() {
  const initial: CatalogDouble = { products: new Map(), reservations: new Map(), up: true, loseReservationAnswers: false };
  return startCatalogDouble(INTERNAL_API_SECRET, initial, (catalog, state) => {
    catalog.post('/internal/stock/reservations', async (request, reply) => {
      if (!state.up) return reply.code(500).send({ message: 'down' });
      const { reservationId, lines } = request.body as { reservationId: string; lines: Line[] };
      const known = state.reservations.get(reservationId);
      if (!known) {
        const short = lines.find((line) => {
          const product = state.products.get(line.productId);
          return !product || !product.isActive || (product.stock !== null && product.stock < line.quantity);
        });
        if (!short) {
          for (const line of lines) {
            const product = state.products.get(line.productId)!;
            if (product.stock !== null) state.products.set(line.productId, { ...product, stock: product.stock - line.quantity });
          }
        }
        state.reservations.set(reservationId, { status: short ? 'failed' : 'reserved', lines });
      }
      if (state.loseReservationAnswers) return reply.code(500).send({ message: 'connection reset' });
      const reservation = state.reservations.get(reservationId)!;
      if (reservation.status === 'reserved') return reply.code(201).send({ reservationId, status: 'reserved' });
      return reply.code(409).send({ message: 'Nicht genügend Bestand für RandM Tornado 9000 Test.', code: 'OUT_OF_STOCK' });
    });
    catalog.post('/internal/stock/reservations/:id/release', async (request, reply) => {
      if (!state.up) return reply.code(500).send({ message: 'down' });
      const reservation = state.reservations.get((request.params as { id: string }).id);
      if (reservation?.status !== 'reserved') return { status: 'not-reserved' };
      reservation.status = 'released';
      for (const line of reservation.lines) {
        const product = state.products.get(line.productId)!;
        if (product.stock !== null) state.products.set(line.productId, { ...product, stock: product.stock + line.quantity });
      }
      return { status: 'released' };
    });
  });
}

/** The legal text versions the content double answers (an order keeps them). */
export const TEST_LEGAL_VERSIONS = { terms: '2026-11-23', withdrawal: '2026-11-23', privacy: '2026-11-20' };

/** The operator settings the content double answers (invoices name the seller). */
export const TEST_SELLER = {
  company: 'Tornado Handel GmbH',
  street: 'Hansaring 12',
  postalCode: '50670',
  city: 'Köln',
  representative: 'Erika Beispiel',
  register: 'Amtsgericht Köln, HRB 123456',
  vatId: 'DE123456789',
  email: 'service@tornado-handel.example',
  phone: '0221 123456',
  weeeNumber: 'DE 12345678',
};

/**
 * The legal texts the content double answers for TEST_LEGAL_VERSIONS, shaped as the content
 * service renders them (its `/internal/legal-texts` contract, LegalText, is checked by the content
 * service's own tests).
 */
export const TEST_LEGAL_TEXTS: Record<string, LegalText> = {
  [`agb@${TEST_LEGAL_VERSIONS.terms}`]: {
    slug: 'agb',
    title: 'Allgemeine Geschäftsbedingungen',
    version: TEST_LEGAL_VERSIONS.terms,
    html: '<h2>§ 1 Geltungsbereich</h2><p>Diese AGB gelten für alle Bestellungen bei Tornado Handel GmbH.</p><h2>§ 2 Vertragsschluss</h2><p>Der Vertrag kommt mit der <strong>Bestellbestätigung</strong> zustande.</p>',
  },
  [`widerrufsbelehrung@${TEST_LEGAL_VERSIONS.withdrawal}`]: {
    slug: 'widerrufsbelehrung',
    title: 'Widerrufsbelehrung',
    version: TEST_LEGAL_VERSIONS.withdrawal,
    html: '<h2>Widerrufsrecht</h2><p>Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Sie können dafür auch unsere Funktion <a href="/vertrag-widerrufen">Vertrag widerrufen</a> nutzen.</p><h2>Muster-Widerrufsformular</h2><ul><li>An Tornado Handel GmbH, Hansaring 12, 50670 Köln:</li><li>Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag</li></ul>',
  },
};

/**
 * A stand-in for the content service's `GET /internal/legal-versions`, `/internal/legal-texts/{slug}`,
 * `/internal/seller-details` and `/internal/storefront-settings` (shared secret); `sellerUp = false`
 * makes the seller details unreadable, `legalTextsUp = false` the legal texts, `reviewsEnabled` is
 * the reviews switch (off, as in a new shop).
 */
async function startContentDouble() {
  const content = Fastify();
  const state = { sellerUp: true, legalTextsUp: true, reviewsEnabled: false };
  const authorised = (token: unknown) => token === INTERNAL_API_SECRET;
  content.get('/internal/legal-versions', async (request, reply) =>
    authorised(request.headers['x-internal-token']) ? TEST_LEGAL_VERSIONS : reply.code(401).send({ message: 'no token' }),
  );
  content.get<{ Params: { slug: string }; Querystring: { version: string } }>('/internal/legal-texts/:slug', async (request, reply) => {
    if (!authorised(request.headers['x-internal-token'])) return reply.code(401).send({ message: 'no token' });
    if (!state.legalTextsUp) return reply.code(503).send({ message: 'down' });
    return TEST_LEGAL_TEXTS[`${request.params.slug}@${request.query.version}`] ?? reply.code(404).send({ message: 'unknown version' });
  });
  content.get('/internal/seller-details', async (request, reply) =>
    authorised(request.headers['x-internal-token']) && state.sellerUp ? TEST_SELLER : reply.code(503).send({ message: 'down' }),
  );
  content.get('/internal/storefront-settings', async (request, reply) =>
    authorised(request.headers['x-internal-token'])
      ? { presentationMode: 'marketing', reviewsEnabled: state.reviewsEnabled }
      : reply.code(401).send({ message: 'no token' }),
  );
  const url = await content.listen({ port: 0, host: '127.0.0.1' });
  return { url, state, close: () => content.close() };
}

/** The order date every test sees (the age check depends on it). */
export const TEST_NOW = new Date('2026-11-22T12:00:00Z');
export const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
export const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';

/**
 * Starts the cart app with a fresh database, the catalog double and seeded promo codes. The order
 * limits per e-mail and IP are raised (tests place many orders for the demo buyer from one IP);
 * `env` overrides any variable (the limit tests set their own).
 */
export async function startCartTestEnv(env: Record<string, string> = {}) {
  const catalog = await startCatalogWithStock();
  const content = await startContentDouble();
  const audit = await startAuditCollector();
  const mailDir = await mkdtemp(path.join(tmpdir(), 'cart-mail-'));
  const config = loadConfig(CartEnv, {
    MONGODB_URI: process.env.MONGODB_URI,
    MONGODB_DB: `test_cart_${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    CATALOG_SERVICE_URL: catalog.url,
    CONTENT_SERVICE_URL: content.url,
    ADMIN_SERVICE_URL: audit.url,
    MAIL_DIR: mailDir,
    IDENTITY_SECRET,
    COOKIE_SECRET: 'test-cookie-secret-0123456789-abcdefghij',
    INTERNAL_API_SECRET,
    ORDER_LIMIT_PER_EMAIL: '10000',
    ORDER_LIMIT_PER_IP: '10000',
    ...env,
  });
  const { app, domain } = await buildCartService(config, { now: () => TEST_NOW });
  await app.ready();
  await seedPromoCodes(app.db);
  const others: Array<Awaited<ReturnType<typeof buildCartService>>['app']> = [];
  /** Another instance of the cart service (its app and domain): same database, catalog double, mail folder. */
  const anotherInstance = async () => {
    const other = await buildCartService(config, { now: () => TEST_NOW });
    await other.app.ready();
    others.push(other.app);
    return other;
  };

  /** A shopper with their own cookie jar (cart and order access cookies). */
  function shopper(headers: Record<string, string> = {}) {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const keepCookies = (setCookie: string | string[] | undefined) => {
      for (const entry of setCookie ? (Array.isArray(setCookie) ? setCookie : [setCookie]) : []) {
        const [pair] = String(entry).split(';');
        const index = pair!.indexOf('=');
        jar.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
    };
    const call = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
      extra: Record<string, string> = {},
    ) => {
      const response = await app.inject({
        method,
        url,
        payload: payload as object,
        headers: { ...headers, ...extra, ...(jar.size ? { cookie: cookieHeader() } : {}) },
      });
      const setCookie = response.headers['set-cookie'];
      keepCookies(setCookie);
      return { status: response.statusCode, body: response.body ? response.json() : null, setCookie };
    };
    /**
     * Submits an HTML form as a browser without JavaScript does (urlencoded): the answer's status,
     * `Location` and the flash notice it left for the next page (which then deletes it).
     */
    const submitForm = async (url: string, fields: Record<string, string>) => {
      jar.delete(STOREFRONT_COOKIES.flash);
      const response = await app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', ...(jar.size ? { cookie: cookieHeader() } : {}) },
      });
      keepCookies(response.headers['set-cookie']);
      return {
        status: response.statusCode,
        location: response.headers.location,
        cacheControl: response.headers['cache-control'],
        flash: decodeFlash(jar.get(STOREFRONT_COOKIES.flash)),
      };
    };
    /**
     * Places the cart as the checkout does: with the cart's current total as `expectedTotal`
     * (unless the body names one).
     */
    const placeOrder = async (body: Record<string, unknown>, key: string = randomUUID()) => {
      const expectedTotal = body.expectedTotal ?? (await call('GET', '/api/cart')).body.totals?.total;
      return call('POST', '/api/orders', { ...body, expectedTotal }, { 'idempotency-key': key });
    };
    return { call, submitForm, cookie: cookieHeader, placeOrder };
  }

  return {
    app,
    /** The service's domain objects (domain.ts): jobs run with a given date, the audit relay flushed. */
    domain,
    catalog: catalog.state,
    /** The content double: `content.sellerUp = false` makes the seller details unreadable, `content.legalTextsUp = false` the legal texts; `content.reviewsEnabled` the reviews switch. */
    content: content.state,
    /** The admin service's audit endpoint as a double: the entries of staff changes arrive here. */
    audit,
    mailDir,
    shopper,
    anotherInstance,
    async close() {
      await app.db.dropDatabase();
      for (const other of others) await other.close();
      await app.close();
      await catalog.close();
      await content.close();
      await audit.close();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
