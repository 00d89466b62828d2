/**
 * The shipping settings against the real local database: the defaults before the first save,
 * a change with its audit entry, the outdated version (also two first saves at once), a category
 * listed twice, who may read and change them, the shipper from the seller details.
 */
import { signIdentity } from '@shop/service-kit';
import { ShippingSettings } from '@shop/contracts/admin';
import { IDENTITY_SECRET, startCartTestEnv, TEST_SELLER } from '../../test-support/cart-test-env';
import { DEFAULT_SHIPPING_SETTINGS } from './shipping-settings';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;

beforeAll(async () => {
  env = await startCartTestEnv();
});
afterAll(() => env.close());

const ADMIN_ID = '665f1c2b9a1e4b00123456a1';
const headersOf = async (role: 'admin' | 'manager' | 'customer') => ({
  'x-shop-identity': await signIdentity({ userId: role === 'admin' ? ADMIN_ID : '665f1c2b9a1e4b00123456b2', role }, IDENTITY_SECRET),
});
const call = async (role: 'admin' | 'manager' | 'customer', method: 'GET' | 'PUT', payload?: unknown, app: typeof env.app = env.app) => {
  const response = await app.inject({
    method,
    url: '/api/admin/shipping/settings',
    payload: payload as object,
    headers: await headersOf(role),
  });
  return { status: response.statusCode, body: response.json() };
};
const change = (overrides: Record<string, unknown> = {}) => ({
  version: 0,
  ageCheck: 'visualCheckOfAge',
  packagingGrams: 180,
  defaultItemGrams: 60,
  categoryItemGrams: [
    { category: 'randm-tornado-9000', grams: 85 },
    { category: 'shisha', grams: 1200 },
  ],
  printFormat: '910-300-700',
  cashOnDelivery: { enabled: true, fee: '6.90', maxTotal: '500.00', accountReference: 'Nachnahme' },
  ...overrides,
});

test('before the first save: Ident-Check, no weights, the seller as shipper, and why DHL is not configured', async () => {
  const read = await call('manager', 'GET');
  expect(read.status).toBe(200);
  expect(ShippingSettings.parse(read.body)).toEqual({
    ageCheck: 'identCheck',
    packagingGrams: 0,
    defaultItemGrams: null,
    categoryItemGrams: [],
    printFormat: null,
    // Off until an admin switches it on; DHL's limit as the highest total.
    cashOnDelivery: { enabled: false, fee: '0.00', maxTotal: '3500.00', accountReference: '' },
    version: 0,
    updatedAt: null,
    shipper: {
      name: TEST_SELLER.company,
      street: TEST_SELLER.street,
      postalCode: TEST_SELLER.postalCode,
      city: TEST_SELLER.city,
      email: TEST_SELLER.email,
    },
    // The test stack sets no DHL_API_KEY / DHL_API_SECRET.
    dhl: {
      configured: false,
      reason: 'DHL_API_KEY und DHL_API_SECRET fehlen (Schlüssel und Secret der eigenen App auf developer.dhl.com)',
    },
  });
  // What label booking reads: the same defaults, as stored values.
  expect(await env.domain.shippingSettings.read()).toEqual({ ...DEFAULT_SHIPPING_SETTINGS, updatedAt: null });
});

test('shoppers read the check at the door without a login: Ident-Check before the operator chose', async () => {
  const read = await env.app.inject({ method: 'GET', url: '/api/checkout/delivery' });
  expect(read.statusCode).toBe(200);
  expect(read.json()).toEqual({ ageCheck: 'identCheck', cashOnDelivery: null });
});

test('only staff with settings:write change them: a manager reads but is refused the change, a customer gets neither', async () => {
  expect((await call('customer', 'GET')).status).toBe(403);
  expect(await call('manager', 'PUT', change())).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  expect((await call('customer', 'PUT', change())).status).toBe(403);
  expect((await call('manager', 'GET')).body.version).toBe(0);
});

test('an admin saves them (audited); a change on the old version is 409; a category twice is refused at its field', async () => {
  const twice = await call(
    'admin',
    'PUT',
    change({
      categoryItemGrams: [
        { category: 'shisha', grams: 1200 },
        { category: 'Shisha ', grams: 900 },
      ],
    }),
  );
  expect(twice.status).toBe(400);
  expect(twice.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Die Kategorie „Shisha“ steht schon in der Liste.' });
  expect(twice.body.issues).toEqual([expect.objectContaining({ path: 'body/categoryItemGrams/1/category' })]);

  const saved = await call('admin', 'PUT', change());
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ ...change(), version: 1 });
  expect(Date.parse(saved.body.updatedAt)).not.toBeNaN();
  expect((await call('manager', 'GET')).body).toEqual(saved.body);
  expect(await env.domain.shippingSettings.read()).toMatchObject({ ageCheck: 'visualCheckOfAge', packagingGrams: 180, version: 1 });
  // The cart and the checkout tell shoppers the check at the door from the same setting.
  // The cart and the checkout tell shoppers the cash-on-delivery fee and limit from the same record.
  expect((await env.app.inject({ method: 'GET', url: '/api/checkout/delivery' })).json()).toEqual({
    ageCheck: 'visualCheckOfAge',
    cashOnDelivery: { fee: '6.90', maxTotal: '500.00' },
  });

  await env.domain.relay.flush();
  const entry = env.audit.entries().find((e) => e.entity === 'settings' && e.entityId === 'shipping');
  expect(entry).toMatchObject({ service: 'cart', action: 'update', actorId: ADMIN_ID, actorRole: 'admin' });
  expect(entry!.changes).toEqual(
    expect.arrayContaining([
      { field: 'ageCheck', before: 'identCheck', after: 'visualCheckOfAge' },
      {
        field: 'cashOnDelivery',
        before: { enabled: false, feeCents: 0, maxTotalCents: 350_000, accountReference: '' },
        after: { enabled: true, feeCents: 690, maxTotalCents: 50_000, accountReference: 'Nachnahme' },
      },
    ]),
  );

  const stale = await call('admin', 'PUT', change({ packagingGrams: 50 }));
  expect(stale).toMatchObject({ status: 409, body: { code: 'STALE_VERSION' } });
  const next = await call('admin', 'PUT', change({ version: 1, defaultItemGrams: null, categoryItemGrams: [], printFormat: null }));
  expect(next.body).toMatchObject({ version: 2, defaultItemGrams: null, categoryItemGrams: [], printFormat: null, packagingGrams: 180 });
});

test("cash on delivery: a limit above DHL's 3,500 EUR or not above the fee is refused at its field, nothing saved", async () => {
  const before = await env.domain.shippingSettings.read();
  const cod = (maxTotal: string) => ({ enabled: true, fee: '6.90', maxTotal, accountReference: '' });
  const above = await call('admin', 'PUT', change({ version: before.version, cashOnDelivery: cod('3500.01') }));
  expect(above).toMatchObject({
    status: 400,
    body: { code: 'VALIDATION_ERROR', message: expect.stringContaining('DHL zieht per Nachnahme höchstens 3.500,00 € ein.') },
  });
  expect(above.body.issues).toEqual([expect.objectContaining({ path: 'body/cashOnDelivery/maxTotal' })]);
  const belowFee = await call('admin', 'PUT', change({ version: before.version, cashOnDelivery: cod('6.90') }));
  expect(belowFee).toMatchObject({ status: 400, body: { message: 'Der Höchstbetrag muss über der Nachnahmegebühr liegen.' } });
  expect(belowFee.body.issues).toEqual([expect.objectContaining({ path: 'body/cashOnDelivery/maxTotal' })]);
  expect(await env.domain.shippingSettings.read()).toEqual(before);
});

test('two first saves at the same moment (two instances): one is stored, the other is 409', async () => {
  const fresh = await startCartTestEnv();
  try {
    const other = await fresh.anotherInstance();
    const answers = await Promise.all([
      fresh.app.inject({
        method: 'PUT',
        url: '/api/admin/shipping/settings',
        payload: change({ packagingGrams: 100 }),
        headers: await headersOf('admin'),
      }),
      other.app.inject({
        method: 'PUT',
        url: '/api/admin/shipping/settings',
        payload: change({ packagingGrams: 200 }),
        headers: await headersOf('admin'),
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(await fresh.domain.shippingSettings.read()).toMatchObject({ version: 1, packagingGrams: winner.packagingGrams });
  } finally {
    await fresh.close();
  }
});

test('the shipper is null while the content service has never answered', async () => {
  env.content.sellerUp = false;
  try {
    // A new instance has not read the seller details yet.
    const other = await env.anotherInstance();
    const read = await call('manager', 'GET', undefined, other.app);
    expect(read).toMatchObject({ status: 200, body: { shipper: null } });
  } finally {
    env.content.sellerUp = true;
  }
});
