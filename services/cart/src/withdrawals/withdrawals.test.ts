/**
 * 'Vertrag widerrufen' (§ 356a BGB; legal-de.md §4.8) against the real local database: name,
 * order number and e-mail suffice; the declaration is logged with its time of receipt and
 * confirmed by e-mail at once.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { IDENTITY_SECRET, startCartTestEnv, testProduct, TEST_NOW } from '../test-support/cart-test-env';
import { DEMO_ADDRESS, demoOrderBody } from '@shop/test-fixtures';
import { signIdentity } from '@shop/service-kit';
import { withdrawalModel } from './withdrawal.model';
import { orderModel } from '../orders/order.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const ID = 'a'.repeat(24);
let orderNumber: string;

/** Places an order of two units and returns its number. */
async function placeOrder(): Promise<string> {
  const s = env.shopper();
  await s.call('POST', '/api/cart', { productId: ID, quantity: 2 });
  return (await s.placeOrder(demoOrderBody())).body.orderNumber;
}

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(ID, testProduct(ID, { stock: null }));
  orderNumber = await placeOrder();
});
afterAll(() => env.close());

const withdraw = (body: unknown) => env.shopper().call('POST', '/api/withdrawals', body);

test('name, order number and e-mail suffice: logged, order marked, confirmation with date and time sent', async () => {
  const response = await withdraw({
    name: 'Erika Mustermann',
    orderNumber: ` ${orderNumber.toLowerCase()} `,
    email: 'Erika@Example.de',
    items: '',
  });
  expect(response.status).toBe(201);
  expect(response.body).toMatchObject({ orderNumber, email: 'erika@example.de', items: '', receivedAt: TEST_NOW.toISOString() });

  const logged = await withdrawalModel(env.app.db).findById(response.body.withdrawalId).lean<Record<string, unknown>>();
  expect(logged).toMatchObject({ orderNumber, name: 'Erika Mustermann', email: 'erika@example.de', receivedAt: TEST_NOW });
  expect((await orderModel(env.app.db).findOne({ orderNumber }).lean<{ withdrawalRequestedAt: Date }>())!.withdrawalRequestedAt).toEqual(
    TEST_NOW,
  );

  const file = (await readdir(env.mailDir)).find((name) => name.startsWith(`${orderNumber}-widerruf-`))!;
  const mail = await simpleParser(await readFile(path.join(env.mailDir, file)));
  expect(mail.subject).toBe(`Eingangsbestätigung Ihres Widerrufs zur Bestellung ${orderNumber}`);
  expect(mail.text).toContain(`wir haben Ihren Widerruf zur Bestellung ${orderNumber} am 22.11.2026 um 13:00 Uhr erhalten.`);
  expect(mail.text).toContain('Widerrufen für: die gesamte Bestellung');
});

describe('the declared name is compared with the buyer’s, never refused', () => {
  // Billed to Jürgen Weiß, delivered to the card holder Erika Mustermann (the age check's name).
  const placeForJuergen = async () => {
    const shopper = env.shopper();
    await shopper.call('POST', '/api/cart', { productId: ID, quantity: 1 });
    const billingAddress = { ...DEMO_ADDRESS, firstName: 'Jürgen', lastName: 'Weiß' };
    const { body } = await shopper.placeOrder(demoOrderBody({ billingAddress, shippingAddress: DEMO_ADDRESS }));
    return { shopper, id: body.id as string, orderNumber: body.orderNumber as string };
  };
  const staff = async () => ({
    'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456aa', role: 'manager' }, IDENTITY_SECRET),
  });
  const staffDetail = async (id: string) =>
    (await env.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: await staff() })).json();
  const mailText = async (withdrawalId: string) => {
    const file = (await readdir(env.mailDir)).find((name) => name.includes(withdrawalId))!;
    return (await simpleParser(await readFile(path.join(env.mailDir, file)))).text!;
  };

  test.each(['Jürgen Weiß', '  juergen   WEISS ', 'Weiss, Jürgen', 'Dr. Jürgen Weiss'])(
    '%j is the buyer: logged as matching, staff see no mismatch',
    async (name) => {
      const order = await placeForJuergen();
      const response = await withdraw({ name, orderNumber: order.orderNumber, email: 'erika@example.de' });
      expect(response.status).toBe(201);
      expect(response.body.name).toBe(name.trim());
      expect(await withdrawalModel(env.app.db).findById(response.body.withdrawalId).lean()).toMatchObject({ nameMatchesOrder: true });
      expect((await staffDetail(order.id)).withdrawal).toMatchObject({ name: response.body.name, nameMatchesOrder: true });
    },
  );

  test('another name is accepted, logged as not matching, shown to staff, and named in the receipt and the confirmation', async () => {
    const order = await placeForJuergen();
    const response = await withdraw({ name: 'Erika Mustermann', orderNumber: order.orderNumber, email: 'erika@example.de' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Erika Mustermann', orderNumber: order.orderNumber });
    expect(await withdrawalModel(env.app.db).findById(response.body.withdrawalId).lean()).toMatchObject({
      name: 'Erika Mustermann',
      nameMatchesOrder: false,
    });
    expect((await staffDetail(order.id)).withdrawal).toMatchObject({ name: 'Erika Mustermann', nameMatchesOrder: false });
    expect(await mailText(response.body.withdrawalId)).toContain('Erklärt von: Erika Mustermann');
  });
});

describe('the buyer’s order shows its withdrawal', () => {
  test('partial after payment: received, with the items; refunded once booked; the order list says the same', async () => {
    const customer = { userId: '665f1c2b9a1e4b00123456cc', email: 'erika@example.de', role: 'customer' };
    const buyer = env.shopper({ 'x-shop-identity': await signIdentity(customer, IDENTITY_SECRET) });
    await buyer.call('POST', '/api/cart', { productId: ID, quantity: 2 });
    const { body: placed } = await buyer.placeOrder(demoOrderBody());
    expect((await buyer.call('GET', `/api/orders/${placed.id}`)).body.withdrawal).toBeNull();
    await orderModel(env.app.db).updateOne(
      { orderNumber: placed.orderNumber },
      { $set: { status: 'paid', paymentReceived: { receivedOn: '2026-11-22', amountCents: 100, note: '', recordedAt: TEST_NOW } } },
    );
    await withdraw({ name: 'Erika Mustermann', orderNumber: placed.orderNumber, email: 'erika@example.de', items: '1 × Blueberry Ice' });
    const received = { receivedAt: TEST_NOW.toISOString(), items: '1 × Blueberry Ice', status: 'received', refundedOn: null };
    expect((await buyer.call('GET', `/api/orders/${placed.id}`)).body.withdrawal).toEqual(received);
    const listed = (await buyer.call('GET', '/api/orders')).body.orders.find((o: { id: string }) => o.id === placed.id);
    expect(listed.withdrawal).toEqual(received);

    await orderModel(env.app.db).updateOne(
      { orderNumber: placed.orderNumber },
      { $set: { refund: { refundedOn: '2026-11-22', amountCents: 100 } } },
    );
    expect((await buyer.call('GET', `/api/orders/${placed.id}`)).body.withdrawal).toMatchObject({
      status: 'refunded',
      refundedOn: '2026-11-22',
    });
  });

  test('whole order before payment: cancelled, nothing owed', async () => {
    const shopper = env.shopper();
    await shopper.call('POST', '/api/cart', { productId: ID, quantity: 1 });
    const { body: placed } = await shopper.placeOrder(demoOrderBody());
    await withdraw({ name: 'Erika Mustermann', orderNumber: placed.orderNumber, email: 'erika@example.de' });
    expect((await shopper.call('GET', `/api/orders/${placed.id}`)).body.withdrawal).toEqual({
      receivedAt: TEST_NOW.toISOString(),
      items: '',
      status: 'cancelled',
      refundedOn: null,
    });
  });
});

test('withdrawn before payment: the order is cancelled, its stock released, the receipt says nothing is owed; no second e-mail', async () => {
  const number = await placeOrder();
  expect((await withdraw({ name: 'Erika Mustermann', orderNumber: number, email: 'erika@example.de' })).status).toBe(201);
  const order = (await orderModel(env.app.db).findOne({ orderNumber: number }).lean())!;
  expect(order).toMatchObject({ status: 'cancelled', cancellationReason: 'withdrawal', withdrawalRequestedAt: TEST_NOW });
  expect(order.stockReleasedAt).toEqual(TEST_NOW);
  expect(env.catalog.reservations.get(order.reservationId)!.status).toBe('released');
  const mails = (await readdir(env.mailDir)).filter((name) => name.startsWith(`${number}-`) && !name.includes('bestellbestaetigung'));
  expect(mails).toHaveLength(1);
  const text = (await simpleParser(await readFile(path.join(env.mailDir, mails[0]!)))).text!;
  expect(text).toContain('Ihre Bestellung haben wir damit storniert.');
  expect(text).toContain('müssen Sie nichts bezahlen und nichts zurücksenden');
  expect(text).not.toContain('zurückerhalten');
});

test('withdrawn after payment: the order keeps its status and the receipt promises the refund and says how to return the goods', async () => {
  const number = await placeOrder();
  await orderModel(env.app.db).updateOne(
    { orderNumber: number },
    { $set: { status: 'paid', paymentReceived: { receivedOn: '2026-11-22', amountCents: 100, note: '', recordedAt: TEST_NOW } } },
  );
  expect((await withdraw({ name: 'Erika Mustermann', orderNumber: number, email: 'erika@example.de' })).status).toBe(201);
  expect((await orderModel(env.app.db).findOne({ orderNumber: number }).lean())!).toMatchObject({
    status: 'paid',
    withdrawalRequestedAt: TEST_NOW,
    cancelledAt: null,
  });
  const file = (await readdir(env.mailDir)).find((name) => name.startsWith(`${number}-widerruf-`))!;
  const text = (await simpleParser(await readFile(path.join(env.mailDir, file)))).text!;
  expect(text).toContain('Wir erstatten Ihnen alle Zahlungen');
  expect(text).not.toContain('storniert');
});

test('a link in the items is refused at the field with a German message; nothing is logged', async () => {
  const number = await placeOrder();
  const response = await withdraw({
    name: 'Erika Mustermann',
    orderNumber: number,
    email: 'erika@example.de',
    items: 'Siehe https://evil.example/x',
  });
  expect(response.status).toBe(400);
  expect(response.body.issues).toEqual([
    expect.objectContaining({ path: 'body/items', message: 'Bitte ohne Links oder E-Mail-Adressen eingeben.' }),
  ]);
  expect(await withdrawalModel(env.app.db).countDocuments({ orderNumber: number })).toBe(0);
});

test('a partial withdrawal names the items in the log and the confirmation', async () => {
  const response = await withdraw({
    name: 'Erika Mustermann',
    orderNumber: await placeOrder(),
    email: 'erika@example.de',
    items: '1 × Blueberry Ice',
  });
  expect(response.status).toBe(201);
  const file = (await readdir(env.mailDir)).find((name) => name.includes(response.body.withdrawalId))!;
  expect((await simpleParser(await readFile(path.join(env.mailDir, file)))).text).toContain('Widerrufen für: 1 × Blueberry Ice');
});

test('one declaration per order: a repeat, also in parallel, gets the first receipt (200) without its name and no second e-mail', async () => {
  const number = await placeOrder();
  const mails = async () => (await readdir(env.mailDir)).filter((name) => name.startsWith(`${number}-widerruf-`)).length;
  const body = { name: 'Erika Mustermann', orderNumber: number, email: 'erika@example.de', items: '' };
  const responses = await Promise.all([withdraw(body), withdraw(body), withdraw({ ...body, items: '1 × Mango' })]);
  expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 201]);
  const { name, ...first } = responses.find((r) => r.status === 201)!.body;
  expect(name).toBe('Erika Mustermann');
  // Whoever knows order number and e-mail address can repeat it: the first declarant's name is not theirs to read.
  for (const repeat of responses.filter((r) => r.status === 200)) expect(repeat.body).toEqual(first);
  const other = await withdraw({ ...body, name: 'Max Neugier' });
  expect(other.status).toBe(200);
  expect(other.body).toEqual(first);
  expect(await withdrawalModel(env.app.db).countDocuments({ orderNumber: number })).toBe(1);
  expect(await mails()).toBe(1);
});

test.each([
  ['another e-mail', { email: 'someone@example.de' }],
  ['an unknown number', { orderNumber: 'RT-2026-999998' }],
])('%s → 404 without saying which part is wrong', async (_label, overrides) => {
  const before = await withdrawalModel(env.app.db).countDocuments({});
  const response = await withdraw({ name: 'Erika Mustermann', orderNumber, email: 'erika@example.de', ...overrides });
  expect(response.status).toBe(404);
  expect(response.body.message).toBe(
    'Wir finden keine Bestellung mit dieser Bestellnummer und E-Mail-Adresse. Bitte prüfen Sie Ihre Angaben.',
  );
  expect(await withdrawalModel(env.app.db).countDocuments({})).toBe(before);
});

test.each([
  [{ name: '', orderNumber: 'RT-2026-000001', email: 'a@b.de' }, 'body/name', 'Bitte geben Sie Ihren Namen ein.'],
  [{ name: 'Erika', orderNumber: '12345', email: 'a@b.de' }, 'body/orderNumber', /wie in der Bestellbestätigung/],
  [{ name: 'Erika', orderNumber: 'RT-2026-000001', email: 'a@' }, 'body/email', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
])('bad input %j → 400 naming the field', async (body, field, message) => {
  const response = await withdraw(body);
  expect(response.status).toBe(400);
  expect(response.body.issues.find((issue: { path: string }) => issue.path === field)?.message).toMatch(message);
});

describe('guessing order numbers', () => {
  const from = (ip: string) => (body: unknown) => env.shopper({ 'x-forwarded-for': ip }).call('POST', '/api/withdrawals', body);

  test('order numbers are random, not a sequence a stranger could walk', async () => {
    const numbers = [await placeOrder(), await placeOrder(), await placeOrder()];
    for (const number of numbers) expect(number).toMatch(/^RT-2026-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(new Set(numbers).size).toBe(3);
    // Typed from a printout with O for 0 and l for 1, the number still matches.
    const typed = `RT-2026-${numbers[0]!.slice(8).replace(/0/g, 'O').replace(/1/g, 'l')}`;
    expect((await withdraw({ name: 'Erika Mustermann', orderNumber: typed, email: 'erika@example.de' })).status).toBe(201);
  });

  test('5 unknown numbers for one address from one client, then 429 there; the buyer elsewhere still withdraws', async () => {
    const number = await placeOrder();
    const attacker = from('203.0.113.66');
    for (let i = 0; i < 5; i++) {
      const guess = await attacker({ name: 'X Y', orderNumber: `RT-2026-ZZZZZZ${10 + i}`, email: 'Erika+x@example.de' });
      expect(guess.status).toBe(404);
    }
    const blocked = await attacker({ name: 'X Y', orderNumber: number, email: 'erika@example.de' });
    expect(blocked).toMatchObject({ status: 429, body: { code: 'WITHDRAWAL_ATTEMPTS_EXCEEDED' } });
    expect(blocked.body.message).toMatch(
      /^Zu viele Widerrufe mit unbekannter Bestellnummer\. Bitte versuchen Sie es in \d+ Minuten erneut/,
    );
    expect(await withdrawalModel(env.app.db).countDocuments({ orderNumber: number })).toBe(0);
    // The buyer, from another client, is not locked out (§ 356a BGB).
    expect((await from('198.51.100.80')({ name: 'Erika Mustermann', orderNumber: number, email: 'erika@example.de' })).status).toBe(201);
  });

  test('one client guessing across addresses stops at 30 within the hour, also in parallel', async () => {
    const attacker = from('203.0.113.67');
    const guesses = await Promise.all(
      Array.from({ length: 36 }, (_, i) => attacker({ name: 'X Y', orderNumber: 'RT-2026-ZZZZZZZZ', email: `person${i}@example.de` })),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
