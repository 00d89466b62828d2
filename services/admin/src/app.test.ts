/** The admin service's access rules against the real local database. */
import { randomUUID } from 'node:crypto';
import { ROLE_PERMISSIONS } from '@shop/contracts';
import { loadConfig, signIdentity } from '@shop/service-kit';
import { adminEndpointAnswers } from '@shop/test-fixtures';
import { buildApp } from './app';
import { AdminEnv } from './config';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp(
    loadConfig(AdminEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_admin_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      INTERNAL_API_SECRET: 'test-internal-secret-0123456789-abcdef',
      IDENTITY_SECRET,
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

const as = async (role: string) => ({
  'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456cc', role }, IDENTITY_SECRET),
});

test('every admin endpoint of this service: 401 without a login, 403 for a customer', async () => {
  const answers = await adminEndpointAnswers(app, (await as('customer'))['x-shop-identity']);
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.filter((answer) => answer.anonymous !== 401 || answer.customer !== 403)).toEqual([]);
});

test('/api/admin/auth-status shows the staff member’s role and permissions', async () => {
  const manager = await app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: await as('manager') });
  expect(manager.statusCode).toBe(200);
  expect(manager.json()).toEqual({ userId: '665f1c2b9a1e4b00123456cc', role: 'manager', permissions: [...ROLE_PERMISSIONS.manager] });
  expect(manager.json().permissions).not.toContain('roles:change');
  const admin = (await app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: await as('admin') })).json();
  expect(admin.permissions).toEqual(expect.arrayContaining(['roles:change', 'settings:write']));
  const forged = { 'x-shop-identity': await signIdentity({ userId: 'x', role: 'admin' }, 'another-secret-0123456789-0123456789') };
  expect((await app.inject({ method: 'GET', url: '/api/admin/auth-status', headers: forged })).statusCode).toBe(401);
});
