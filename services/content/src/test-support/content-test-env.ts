/**
 * Test environment of the content service (its jest tests only): the real app on the real local
 * database with a clock the test moves.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@shop/service-kit';
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
  const app = await buildApp(config, { now: () => clock.now });
  await app.ready();
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.body ? response.json() : null, headers: response.headers };
  };
  const internal = (url: string) => get(url, { 'x-internal-token': INTERNAL_API_SECRET });
  return { app, clock, get, internal, close: () => app.close() };
}
