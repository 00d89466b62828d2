/**
 * Test environment of the content service (its jest tests only): the real app on the real local
 * database with a clock the test moves, a mailer that keeps the e-mails in memory and an audit
 * collector standing in for the admin service.
 */
import { randomUUID } from 'node:crypto';
import { decodeFlash, STOREFRONT_COOKIES, type UserRole } from '@shop/contracts';
import { loadConfig, signIdentity, type Mailer, type OutgoingMail } from '@shop/service-kit';
import { startAuditCollector } from '@shop/test-fixtures';
import { buildContentService } from '../app';
import { ContentEnv } from '../config';

export const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';
export const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
/** The user id of the staff member `staffCall` acts as. */
export const STAFF_USER_ID = '665f1c2b9a1e4b00123456cc';

/** Every operator detail set, as a shop in production has them (pages without gaps). */
export const TEST_OPERATOR = {
  OPERATOR_COMPANY: 'Muster Vape GmbH',
  OPERATOR_STREET: 'Heidestraße 17',
  OPERATOR_POSTAL_CODE: '51147',
  OPERATOR_CITY: 'Köln',
  OPERATOR_REPRESENTATIVE: 'Erika Mustermann (Geschäftsführerin)',
  OPERATOR_REGISTER: 'Amtsgericht Köln, HRB 12345',
  OPERATOR_VAT_ID: 'DE123456789',
  OPERATOR_EMAIL: 'service@muster-vape.example',
  OPERATOR_PHONE: '+49 221 1234567',
  OPERATOR_WEEE_NUMBER: 'DE 12345678',
  OPERATOR_DISPUTE_RESOLUTION: 'nein',
};

export async function startContentTestEnv(env: Record<string, string> = {}) {
  const clock = { now: new Date('2026-11-23T10:00:00Z') };
  const audit = await startAuditCollector();
  const config = loadConfig(ContentEnv, {
    MONGODB_URI: process.env.MONGODB_URI,
    MONGODB_DB: `test_content_${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    INTERNAL_API_SECRET,
    PUBLIC_ORIGIN: 'https://shop.example',
    IDENTITY_SECRET,
    ADMIN_SERVICE_URL: audit.url,
    ...env,
  });
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
      return { file: null };
    },
  };
  const { app, domain } = await buildContentService(config, { now: () => clock.now, mailer });
  await app.ready();
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.body ? response.json() : null, headers: response.headers };
  };
  const internal = (url: string) => get(url, { 'x-internal-token': INTERNAL_API_SECRET });
  const post = async (url: string, payload: unknown, ip = '203.0.113.20') => {
    const response = await app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  /**
   * Submits an HTML form as a browser without JavaScript does (urlencoded): the answer's status,
   * `Location`, the flash notice it left for the next page and every cookie it set (name → value
   * as sent, e.g. a form's signed outcome).
   */
  const submitForm = async (url: string, fields: Record<string, string>, ip = '203.0.113.20') => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: ip,
    });
    const setCookie = [response.headers['set-cookie'] ?? []].flat().map(String);
    const flash = setCookie.find((cookie) => cookie.startsWith(`${STOREFRONT_COOKIES.flash}=`));
    const value = flash?.slice(STOREFRONT_COOKIES.flash.length + 1).split(';')[0];
    const cookies = Object.fromEntries(setCookie.map((cookie) => /^([^=]+)=([^;]*)/.exec(cookie)!.slice(1, 3) as [string, string]));
    return { status: response.statusCode, location: response.headers.location, flash: decodeFlash(value), cookies };
  };
  /** The e-mails sent to `to` so far (they go out after the answer: wait a moment first). */
  const mailsTo = async (to: string) => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return mails.filter((mail) => mail.to === to);
  };
  /** The token of the first link in an e-mail. */
  const tokenIn = (mail: OutgoingMail) => /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  /** A call as a signed-in user of `role` (staff endpoints); JSON body, parsed answer. */
  const staffCall = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, role: UserRole = 'manager') => {
    const identity = await signIdentity({ userId: STAFF_USER_ID, role }, IDENTITY_SECRET);
    const response = await app.inject({ method, url, payload: payload as object, headers: { 'x-shop-identity': identity } });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  return {
    app,
    domain,
    clock,
    mails,
    audit,
    get,
    post,
    submitForm,
    internal,
    staffCall,
    mailsTo,
    tokenIn,
    close: async () => {
      await app.close();
      await audit.close();
    },
  };
}
