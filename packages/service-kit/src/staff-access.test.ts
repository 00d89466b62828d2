/** The admin endpoint guard of every domain service: checked before validation, fail closed. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createDomainService } from './domain-service';
import { signIdentity } from './identity';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';

test('an admin endpoint without a permission is refused to everybody; one with a permission checks it before the body', async () => {
  const app = await createDomainService(
    {
      PORT: 0,
      SHUTDOWN_DRAIN_MS: 0,
      HOST: '127.0.0.1',
      MONGODB_URI: process.env.MONGODB_URI!,
      MONGODB_DB: `test_staff_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      LOG_FORMAT: 'json',
      INTERNAL_API_SECRET: 'test-internal-secret-0123456789-abcdef',
      IDENTITY_SECRET,
      ADMIN_SERVICE_URL: 'http://127.0.0.1:9',
      EDGE_PURGE_URLS: '',
    },
    { service: 'test', description: 'staff access test' },
  );
  app.get('/api/admin/forgotten', async () => ({ secret: 'data' }));
  app.post(
    '/api/admin/things',
    { config: { permission: 'catalog:write' }, schema: { body: z.object({ name: z.string() }).strict() } },
    async (request) => ({
      by: request.staff?.role,
    }),
  );
  await app.ready();
  try {
    const as = async (role: string) => ({ 'x-shop-identity': await signIdentity({ userId: 'u1', role }, IDENTITY_SECRET) });
    expect((await app.inject({ method: 'GET', url: '/api/admin/forgotten', headers: await as('admin') })).statusCode).toBe(403);
    const post = async (headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/admin/things', headers, payload: payload as object });
    expect((await post({}, { wrong: 1 })).statusCode).toBe(401); // not 400: nothing about the body is revealed
    expect((await post(await as('customer'), { wrong: 1 })).statusCode).toBe(403);
    expect((await post(await as('manager'), { wrong: 1 })).statusCode).toBe(400);
    expect((await post(await as('manager'), { name: 'x' })).json()).toEqual({ by: 'manager' });
  } finally {
    await app.close();
  }
});
