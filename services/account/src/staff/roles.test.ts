/** Role changes (spec §6) against the real local database. */
import { signIdentity } from '@shop/service-kit';
import { adminEndpointAnswers } from '@shop/test-fixtures';
import { userModel } from '../users/user.model';
import { IDENTITY_SECRET, startAccountTestEnv } from '../test-support/account-test-env';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
});
afterAll(() => env.close());

/** A registered user with `role`, and a browser carrying the identity the gateway would mint for them. */
async function withRole(email: string, role: 'customer' | 'manager' | 'admin') {
  const browser = await env.loggedIn(email);
  await userModel(env.app.db).updateOne({ _id: browser.userId }, { $set: { role } });
  const identity = await signIdentity({ userId: browser.userId, role, email }, IDENTITY_SECRET);
  const asStaff = (method: 'PATCH', url: string, body: unknown) => browser.call(method, url, body, { 'x-shop-identity': identity });
  return Object.assign(browser, { asStaff });
}

const rolePath = (userId: string) => `/api/admin/customers/${userId}/role`;

test('only an admin changes roles; customers and managers get 403, anonymous 401; the new role shows in /me', async () => {
  const admin = await withRole('chefin@example.de', 'admin');
  const manager = await withRole('leitung@example.de', 'manager');
  const customer = await withRole('kundin@example.de', 'customer');

  expect((await env.visitor().call('PATCH', rolePath(customer.userId), { role: 'manager' })).status).toBe(401);
  expect(await customer.asStaff('PATCH', rolePath(customer.userId), { role: 'admin' })).toMatchObject({
    status: 403,
    body: { message: 'Für diese Aktion fehlt Ihnen die Berechtigung.' },
  });
  expect((await manager.asStaff('PATCH', rolePath(customer.userId), { role: 'manager' })).status).toBe(403);
  // A forged identity claiming 'admin' for a customer is refused: the signature does not verify.
  const forged = await signIdentity({ userId: customer.userId, role: 'admin' }, 'another-secret-0123456789-0123456789-x');
  expect((await customer.call('PATCH', rolePath(customer.userId), { role: 'admin' }, { 'x-shop-identity': forged })).status).toBe(401);

  const promoted = await admin.asStaff('PATCH', rolePath(customer.userId), { role: 'manager' });
  expect(promoted).toMatchObject({ status: 200, body: { id: customer.userId, role: 'manager' } });
  expect((await customer.call('GET', '/api/auth/me')).body.role).toBe('manager');

  // Promote and demote are in the audit log with who, when, before and after.
  expect((await admin.asStaff('PATCH', rolePath(customer.userId), { role: 'customer' })).status).toBe(200);
  await env.domain.auditRelay.flush();
  const entries = env.audit.entries().filter((entry) => entry.entityId === customer.userId && entry.action === 'role-change');
  expect(entries.map((entry) => entry.changes)).toEqual([
    [{ field: 'role', before: 'customer', after: 'manager' }],
    [{ field: 'role', before: 'manager', after: 'customer' }],
  ]);
  expect(entries[0]).toMatchObject({
    service: 'account',
    entity: 'customer',
    actorId: admin.userId,
    actorRole: 'admin',
    label: expect.stringContaining('kundin@example.de'),
  });
});

test('a signed identity that is stale (admin a moment ago, demoted since) no longer counts', async () => {
  const formerAdmin = await withRole('ehemals@example.de', 'admin');
  const customer = await withRole('ziel@example.de', 'customer');
  await userModel(env.app.db).updateOne({ _id: formerAdmin.userId }, { $set: { role: 'customer' } });
  expect((await formerAdmin.asStaff('PATCH', rolePath(customer.userId), { role: 'admin' })).status).toBe(403);
});

test('bad input: unknown role or user, operator payloads, own demotion', async () => {
  const admin = await withRole('admin2@example.de', 'admin');
  const customer = await withRole('kunde2@example.de', 'customer');
  for (const role of ['superuser', { $ne: null }, null])
    expect(await admin.asStaff('PATCH', rolePath(customer.userId), { role })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', issues: [{ path: 'body/role' }] },
    });
  expect((await admin.asStaff('PATCH', rolePath('aaaaaaaaaaaaaaaaaaaaaaaa'), { role: 'manager' })).status).toBe(404);
  expect((await admin.asStaff('PATCH', rolePath('not-an-id'), { role: 'manager' })).status).toBe(404);
  expect((await admin.asStaff('PATCH', rolePath(admin.userId), { role: 'customer' })).status).toBe(409);
});

test('two admins demoting each other at once: the shop keeps at least one admin', async () => {
  await userModel(env.app.db).updateMany({ role: 'admin' }, { $set: { role: 'customer' } });
  const anna = await withRole('anna@example.de', 'admin');
  const ben = await withRole('ben@example.de', 'admin');
  await Promise.all([
    anna.asStaff('PATCH', rolePath(ben.userId), { role: 'customer' }),
    ben.asStaff('PATCH', rolePath(anna.userId), { role: 'customer' }),
  ]);
  expect(await userModel(env.app.db).countDocuments({ role: 'admin' })).toBeGreaterThanOrEqual(1);
});

test('every admin endpoint of the account service: 401 without a login, 403 for a customer, before any validation', async () => {
  const customer = await signIdentity({ userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', role: 'customer' }, IDENTITY_SECRET);
  const answers = await adminEndpointAnswers(env.app, customer);
  expect(answers.map((answer) => answer.endpoint)).toContain('PATCH /api/admin/customers/:userId/role');
  expect(answers.filter((answer) => answer.anonymous !== 401 || answer.customer !== 403)).toEqual([]);
});
