/**
 * Staff administration of accounts against the real local database: managers read,
 * admins block, unblock, export and erase on request; a blocked account cannot log in and its
 * sessions end; nobody blocks themselves or an admin; an erasure is logged before it happens.
 */
import { signIdentity } from '@shop/service-kit';
import { AdminCustomerDetail } from '@shop/contracts/admin';
import { userModel } from '../users/user.model';
import { IDENTITY_SECRET, startAccountTestEnv, TEST_PASSWORD } from '../test-support/account-test-env';

let env: Awaited<ReturnType<typeof startAccountTestEnv>>;
beforeAll(async () => {
  env = await startAccountTestEnv();
});
afterAll(() => env.close());

const ADMIN_ID = '665f1c2b9a1e4b00123456bb';
const as = async (role: 'manager' | 'admin', userId = role === 'admin' ? ADMIN_ID : '665f1c2b9a1e4b00123456aa') => ({
  'x-shop-identity': await signIdentity({ userId, role }, IDENTITY_SECRET),
});
const staffCall = async (role: 'manager' | 'admin', method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.visitor().call(method, url, payload, await as(role));

test('managers search and read accounts; blocking needs an admin', async () => {
  const customer = await env.loggedIn('suche.kundin@example.de');
  const found = await staffCall('manager', 'GET', '/api/admin/customers?search=SUCHE.kundin');
  expect(found.body).toMatchObject({
    total: 1,
    customers: [{ id: customer.userId, email: 'suche.kundin@example.de', blocked: false, emailVerified: true }],
  });
  const detail = AdminCustomerDetail.parse((await staffCall('manager', 'GET', `/api/admin/customers/${customer.userId}`)).body);
  expect(detail).toMatchObject({ version: 0, activeSessions: 1, wishlistItems: 0, address: null });
  expect(
    (
      await staffCall('manager', 'POST', `/api/admin/customers/${customer.userId}/actions`, {
        action: 'block',
        version: 0,
        reason: 'Betrugsverdacht',
      })
    ).status,
  ).toBe(403);
  expect((await staffCall('manager', 'GET', '/api/admin/customers?search=%5B(.*')).status).toBe(200);
});

test('a blocked account is logged out everywhere and cannot log in; unblocked it can again; both audited', async () => {
  const customer = await env.loggedIn('gesperrt@example.de');
  const blocked = await staffCall('admin', 'POST', `/api/admin/customers/${customer.userId}/actions`, {
    action: 'block',
    version: 0,
    reason: 'Mehrfach Ausweis eines anderen verwendet',
  });
  expect(blocked.body.customer).toMatchObject({
    blocked: true,
    blockedReason: 'Mehrfach Ausweis eines anderen verwendet',
    activeSessions: 0,
    version: 1,
  });
  expect((await customer.call('GET', '/api/auth/me')).status).toBe(204);
  const login = await env.visitor().call('POST', '/api/auth/login', { email: 'gesperrt@example.de', password: TEST_PASSWORD });
  expect(login).toMatchObject({ status: 403, body: { code: 'ACCOUNT_BLOCKED' } });
  const stale = await staffCall('admin', 'POST', `/api/admin/customers/${customer.userId}/actions`, { action: 'unblock', version: 0 });
  expect(stale.body.code).toBe('STALE_VERSION');
  await staffCall('admin', 'POST', `/api/admin/customers/${customer.userId}/actions`, { action: 'unblock', version: 1 });
  expect((await env.visitor().call('POST', '/api/auth/login', { email: 'gesperrt@example.de', password: TEST_PASSWORD })).status).toBe(200);
  await env.domain.auditRelay.flush();
  expect(
    env.audit
      .entries()
      .filter((entry) => entry.entityId === customer.userId)
      .map((entry) => entry.action),
  ).toEqual(['block', 'unblock']);
});

test('nobody blocks or erases themselves or an admin', async () => {
  const other = await env.loggedIn('andere.chefin@example.de');
  await userModel(env.app.db).updateOne({ _id: other.userId }, { $set: { role: 'admin' } });
  const onAdmin = await staffCall('admin', 'POST', `/api/admin/customers/${other.userId}/actions`, {
    action: 'erase',
    version: 0,
    reason: 'Auf Wunsch löschen',
  });
  expect(onAdmin.status).toBe(409);
  const self = await env
    .visitor()
    .call(
      'POST',
      `/api/admin/customers/${other.userId}/actions`,
      { action: 'block', version: 0, reason: 'Ich selbst' },
      await as('admin', other.userId),
    );
  expect(self.status).toBe(409);
});

test('erasure on request: logged first, refused while the log is down, then the account is gone and the owner told', async () => {
  const customer = await env.loggedIn('loeschen.bitte@example.de');
  const exported = await staffCall('admin', 'GET', `/api/admin/customers/${customer.userId}/data-export`);
  expect(exported.body.account).toMatchObject({ email: 'loeschen.bitte@example.de' });
  env.audit.state.down = true;
  const refused = await staffCall('admin', 'POST', `/api/admin/customers/${customer.userId}/actions`, {
    action: 'erase',
    version: 0,
    reason: 'Anfrage per E-Mail vom 20.11.',
  });
  expect(refused).toMatchObject({ status: 503, body: { code: 'AUDIT_UNAVAILABLE' } });
  expect(await userModel(env.app.db).exists({ _id: customer.userId })).not.toBeNull();
  env.audit.state.down = false;
  const erased = await staffCall('admin', 'POST', `/api/admin/customers/${customer.userId}/actions`, {
    action: 'erase',
    version: 0,
    reason: 'Anfrage per E-Mail vom 20.11.',
  });
  expect(erased).toMatchObject({ status: 200, body: { customer: null } });
  expect(await userModel(env.app.db).exists({ _id: customer.userId })).toBeNull();
  expect(env.audit.entries().find((entry) => entry.entityId === customer.userId)).toMatchObject({
    action: 'erase',
    reason: 'Anfrage per E-Mail vom 20.11.',
  });
  await env.mailTo('loeschen.bitte@example.de', /gelöscht/);
});

test('the admin service reads staff names for the audit log; only with the shared secret', async () => {
  const person = await env.loggedIn('namen.test@example.de');
  const internal = { 'x-internal-token': 'test-internal-secret-0123456789-abcdef' };
  const answer = await env.visitor().call('GET', `/internal/users/names?ids=${person.userId},${'f'.repeat(24)}`, undefined, internal);
  expect(answer.body).toEqual({ names: { [person.userId]: 'Erika Mustermann' } });
  expect((await env.visitor().call('GET', `/internal/users/names?ids=${person.userId}`)).status).toBe(401);
});
