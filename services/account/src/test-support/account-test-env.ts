/**
 * Test environment of the account service (its jest tests only): the real app on the real local
 * database, a clock the test moves, a mailer that keeps the e-mails in memory, and a catalog
 * double (@shop/test-fixtures) whose products the wishlist shows.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { decodeFlash, STOREFRONT_COOKIES, type CustomerCommerceData } from '@shop/contracts';
import { loadConfig, type Mailer, type OutgoingMail } from '@shop/service-kit';
import { startCatalogDouble, type CatalogDoubleState, startAuditCollector } from '@shop/test-fixtures';
import { buildAccountService } from '../app';
import { AccountEnv } from '../config';

export const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
/** Signs the gateway's x-shop-identity in tests (staff endpoints). */
export const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
/** The password of `loggedIn` customers (strong enough for spec §5). */
export const TEST_PASSWORD = 'Sonnige Tage am Rhein 7!';

/** The cart double's state: each customer's commerce data, and whether the service answers. */
export interface CartDouble {
  customers: Map<string, CustomerCommerceData>;
  /** The e-mail address each data request carried, by user id (the confirmed address opens guest orders). */
  requestedEmails: Map<string, string | undefined>;
  up: boolean;
}

/** A stand-in for the cart service's internal customer-data API (services/cart customer-data.routes.ts). */
async function startCartDouble() {
  const state: CartDouble = { customers: new Map(), requestedEmails: new Map(), up: true };
  const cart = Fastify();
  cart.addHook('onRequest', async (request, reply) => {
    if (request.headers['x-internal-token'] !== INTERNAL_API_SECRET) return reply.code(401).send({ message: 'no token' });
    if (!state.up) return reply.code(500).send({ message: 'down' });
  });
  const empty = (): CustomerCommerceData => ({ orders: [], cart: null, withdrawals: [] });
  cart.get<{ Params: { userId: string }; Querystring: { email?: string } }>('/internal/customers/:userId/data', async (request) => {
    state.requestedEmails.set(request.params.userId, request.query.email);
    return state.customers.get(request.params.userId) ?? empty();
  });
  cart.delete<{ Params: { userId: string } }>('/internal/customers/:userId/cart', async (request, reply) => {
    const data = state.customers.get(request.params.userId);
    if (data) state.customers.set(request.params.userId, { ...data, cart: null });
    return reply.code(204).send();
  });
  const url = await cart.listen({ port: 0, host: '127.0.0.1' });
  return { state, url, close: () => cart.close() };
}

export async function startAccountTestEnv(env: Record<string, string> = {}) {
  const clock = { now: new Date('2026-11-23T10:00:00Z') };
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
      return { file: null };
    },
  };
  const catalogState: CatalogDoubleState = { products: new Map(), up: true };
  const cart = await startCartDouble();
  const catalog = await startCatalogDouble(INTERNAL_API_SECRET, catalogState);
  const audit = await startAuditCollector();
  const config = loadConfig(AccountEnv, {
    MONGODB_URI: process.env.MONGODB_URI,
    MONGODB_DB: `test_account_${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    INTERNAL_API_SECRET,
    CATALOG_SERVICE_URL: catalog.url,
    CART_SERVICE_URL: cart.url,
    ADMIN_SERVICE_URL: audit.url,
    IDENTITY_SECRET,
    ...env,
  });
  /** The waits of slowed-down logins (ms), recorded instead of waited for. */
  const loginDelays: number[] = [];
  const sleep = async (ms: number) => {
    loginDelays.push(ms);
  };
  const { app, domain } = await buildAccountService(config, { now: () => clock.now, mailer, sleep });
  await app.ready();

  /** A browser: its own cookie jar and client IP. */
  function visitor(ip = '203.0.113.10') {
    const jar = new Map<string, string>();
    const call = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await app.inject({
        method,
        url,
        payload: payload as object,
        remoteAddress: ip,
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
      });
      const setCookie = response.headers['set-cookie'];
      for (const entry of setCookie ? (Array.isArray(setCookie) ? setCookie : [setCookie]) : []) {
        const [pair] = String(entry).split(';');
        const index = pair!.indexOf('=');
        const [name, value] = [pair!.slice(0, index), pair!.slice(index + 1)];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      const location = response.headers.location;
      return { status: response.statusCode, body: response.body ? response.json() : null, setCookie, location };
    };
    /**
     * Submits an HTML form as a browser without JavaScript does (urlencoded): the answer and the
     * flash notice it left for the next page.
     */
    const submitForm = async (url: string, fields: Record<string, string>) => {
      jar.delete(STOREFRONT_COOKIES.flash);
      const answer = await call('POST', url, new URLSearchParams(fields).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      return { ...answer, flash: decodeFlash(jar.get(STOREFRONT_COOKIES.flash)) };
    };
    return { call, submitForm, jar };
  }

  /** Waits for the next e-mail to `to` (they are sent after the answer) and returns it. */
  async function mailTo(to: string, subject: RegExp, timeoutMs = 3000): Promise<OutgoingMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mail = mails.find((candidate) => candidate.to === to && subject.test(candidate.subject));
      if (mail) {
        mails.splice(mails.indexOf(mail), 1);
        return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no e-mail to ${to} matching ${subject}`);
  }

  /** The token of the link in an e-mail. */
  const tokenIn = (mail: OutgoingMail) => /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;

  /** A registered, verified and logged-in customer in their own browser (password TEST_PASSWORD). */
  async function loggedIn(email: string, ip?: string) {
    const browser = visitor(ip);
    await browser.call('POST', '/api/auth/register', { email, password: TEST_PASSWORD, firstName: 'Erika', lastName: 'Mustermann' });
    await browser.call('POST', '/api/auth/verify-email', { token: tokenIn(await mailTo(email, /bestätigen/)) });
    const login = await browser.call('POST', '/api/auth/login', { email, password: TEST_PASSWORD });
    if (login.status !== 200) throw new Error(`login of ${email} answered ${login.status}`);
    return Object.assign(browser, { userId: (login.body as { id: string }).id });
  }

  return {
    app,
    domain,
    clock,
    mails,
    loginDelays,
    catalog: catalog.state,
    cart: cart.state,
    /** The admin service's audit endpoint as a double. */
    audit,
    visitor,
    loggedIn,
    mailTo,
    tokenIn,
    close: async () => {
      await app.close();
      await catalog.close();
      await cart.close();
      await audit.close();
    },
  };
}
