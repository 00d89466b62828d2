/** The audit log against the real local database. */
import { randomUUID } from 'node:crypto';
import { loadConfig, signIdentity } from '@shop/service-kit';
import type { AuditEntry } from '@shop/contracts/admin';
import { buildApp } from '../app';
import { AdminEnv } from '../config';
import { startAccountNamesDouble } from '../test-support/account-names';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
const INTERNAL = 'test-internal-secret-0123456789-abcdef';
/** The account service's names endpoint as a double ('up' false: it answers 503). */
let account: Awaited<ReturnType<typeof startAccountNamesDouble>>;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  account = await startAccountNamesDouble({ '665f1c2b9a1e4b00123456cc': 'Lena Leitung' }, INTERNAL);
  app = await buildApp(
    loadConfig(AdminEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_audit_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      INTERNAL_API_SECRET: INTERNAL,
      IDENTITY_SECRET,
      ACCOUNT_SERVICE_URL: account.url,
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.db.dropDatabase();
  await app.close();
  await account.close();
});

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: randomUUID(),
  at: '2026-11-23T10:00:00.000Z',
  actorId: '665f1c2b9a1e4b00123456cc',
  actorRole: 'manager',
  service: 'catalog',
  entity: 'product',
  entityId: 'p1',
  label: 'RandM Tornado 9000 Blueberry Ice',
  action: 'update',
  changes: [{ field: 'priceCents', before: 1499, after: 1299 }],
  reason: null,
  ...overrides,
});
const deliver = (entries: AuditEntry[], token = INTERNAL) =>
  app.inject({ method: 'POST', url: '/internal/audit-entries', headers: { 'x-internal-token': token }, payload: { entries } });
const list = async (query: string, role = 'manager') =>
  app.inject({
    method: 'GET',
    url: `/api/admin/audit?${query}`,
    headers: { 'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456cc', role }, IDENTITY_SECRET) },
  });

test('entries are stored once even when delivered twice, and only by services', async () => {
  const first = entry({ entityId: 'once' });
  expect((await deliver([first], 'wrong-secret-0123456789-0123456789')).statusCode).toBe(401);
  expect((await deliver([first])).statusCode).toBe(204);
  expect((await deliver([first, entry({ entityId: 'once', action: 'activate' })])).statusCode).toBe(204);
  const answer = await list('entityId=once');
  expect(answer.statusCode).toBe(200);
  expect(
    answer
      .json()
      .entries.map((e: AuditEntry) => e.action)
      .sort(),
  ).toEqual(['activate', 'update']);
  expect(answer.json().entries.find((e: AuditEntry) => e.id === first.id)).toEqual({ ...first, actorName: 'Lena Leitung' });
});

test('a malformed entry is refused whole with a 400', async () => {
  const bad = { ...entry({ entityId: 'bad' }), id: 'not-a-uuid' };
  expect((await deliver([entry({ entityId: 'bad' }), bad])).statusCode).toBe(400);
  expect((await list('entityId=bad')).json().total).toBe(0);
});

test('filters by entity, actor and German calendar days; newest first; paged', async () => {
  await deliver([
    entry({ entityId: 'f', at: '2026-11-20T22:59:59.000Z' }), // 20.11. 23:59 in Berlin
    entry({ entityId: 'f', at: '2026-11-20T23:00:00.000Z' }), // 21.11. 00:00 in Berlin
    entry({ entityId: 'f', at: '2026-11-21T22:59:00.000Z', actorId: 'someone-else' }),
    entry({ entityId: 'f', entity: 'order', at: '2026-11-21T12:00:00.000Z' }),
  ]);
  const day = (await list('entityId=f&entity=product&from=2026-11-21&to=2026-11-21')).json();
  expect(day.entries.map((e: AuditEntry) => e.at)).toEqual(['2026-11-21T22:59:00.000Z', '2026-11-20T23:00:00.000Z']);
  expect((await list('entityId=f&actorId=someone-else')).json().total).toBe(1);
  const page = (await list('entityId=f&limit=1&offset=1')).json();
  expect(page).toMatchObject({ total: 4, limit: 1, offset: 1 });
  expect(page.entries[0].at).toBe('2026-11-21T12:00:00.000Z');
  expect((await list('from=21.11.2026')).statusCode).toBe(400);
});

test('days outside 2000–2099 get a German 400, not a 500', async () => {
  for (const query of ['from=1799-12-31', 'to=0001-01-01', 'from=2026-02-30']) {
    const answer = await list(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/Datum/);
  }
});

test('reading the log needs audit:read: a customer gets 403', async () => {
  expect((await list('', 'customer')).statusCode).toBe(403);
});

test('staff names come from the account service; without it the log still shows, without names', async () => {
  await deliver([entry({ entityId: 'names', actorId: '665f1c2b9a1e4b00123456dd' })]);
  account.state.up = false;
  const unnamed = await list('entityId=names');
  expect(unnamed.statusCode).toBe(200);
  expect(unnamed.json().entries[0]).toMatchObject({ actorId: '665f1c2b9a1e4b00123456dd', actorName: null });
  account.state.up = true;
});
