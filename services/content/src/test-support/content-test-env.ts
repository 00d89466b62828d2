/**
 * Test environment of the content service (its jest tests only): the real app on the real local
 * database with a clock the test moves and a mailer that keeps the e-mails in memory.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig, type Mailer, type OutgoingMail } from '@shop/service-kit';
import { buildApp } from '../app';
import { ContentEnv } from '../config';

export const INTERNAL_API_SECRET = 'test-internal-secret-0123456789-abcdef';

export async function startContentTestEnv(env: Record<string, string> = {}) {
  const clock = { now: new Date('2026-11-23T10:00:00Z') };
  const config = loadConfig(ContentEnv, {
    MONGODB_URI: process.env.MONGODB_URI,
    MONGODB_DB: `test_content_${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    INTERNAL_API_SECRET,
    PUBLIC_ORIGIN: 'https://shop.example',
    ...env,
  });
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
      return { file: null };
    },
  };
  const app = await buildApp(config, { now: () => clock.now, mailer });
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
  /** The e-mails sent to `to` so far (they go out after the answer: wait a moment first). */
  const mailsTo = async (to: string) => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return mails.filter((mail) => mail.to === to);
  };
  /** The token of the first link in an e-mail. */
  const tokenIn = (mail: OutgoingMail) => /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
  return { app, clock, mails, get, post, internal, mailsTo, tokenIn, close: () => app.close() };
}
