/**
 * The checkout as server-answered forms without JavaScript (forms first) against the real local
 * database: each step answered 303 to /kasse with the next step open, refused entries back at
 * their fields with what was typed, the age check kept only as 'passed', and
 * 'Zahlungspflichtig bestellen' placing exactly one order, also when sent twice at once.
 */
import { CHECKOUT_FORM_ACTIONS } from '@shop/contracts';
import { DEMO_ADDRESS, specimenIdCard } from '@shop/test-fixtures';
import { startCartTestEnv, testProduct, TEST_NOW } from '../test-support/cart-test-env';
import { orderModel } from '../orders/order.model';
import { cartModel } from '../cart/cart.model';
import { CatalogClient } from '../catalog-client/catalog-client';
import { CheckoutProgresses, PROGRESS_KEPT_MS } from './checkout-progress';
import { enableCashOnDelivery } from '../test-support/fulfilled-order';
import { settingsChange } from '../test-support/shipping-settings-change';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const ID = 'd'.repeat(24);
const [MRZ1, MRZ2, MRZ3] = specimenIdCard({ expiry: '351231' });
const ADDRESS = {
  'billing.firstName': DEMO_ADDRESS.firstName,
  'billing.lastName': DEMO_ADDRESS.lastName,
  'billing.street': DEMO_ADDRESS.street,
  'billing.addressLine2': '',
  'billing.postalCode': DEMO_ADDRESS.postalCode,
  'billing.city': DEMO_ADDRESS.city,
  shippingSameAsBilling: 'on',
};
const AGE = { birthDate: '1990-01-01', mrz1: MRZ1!, mrz2: MRZ2!, mrz3: MRZ3! };

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(ID, testProduct(ID, { stock: null }));
});
afterAll(() => env.close());

/** A browser without JavaScript with one product in its cart: sends a step, follows the 303 to /kasse, whose render reads the state. */
async function browser() {
  const shopper = env.shopper();
  await shopper.call('POST', '/api/cart', { productId: ID, quantity: 1 });
  const state = async () => (await shopper.call('GET', CHECKOUT_FORM_ACTIONS.state)).body.state;
  return {
    shopper,
    state,
    send: async (fields: Record<string, string>, location = '/kasse') => {
      const answer = await shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, fields);
      expect(answer).toMatchObject({ status: 303, location, cacheControl: 'no-store' });
      return state();
    },
  };
}

/** A browser at the review step, with what the review's form carries. */
async function atReview() {
  const b = await browser();
  await b.send({ schritt: 'contact', email: 'Erika@Example.de' });
  await b.send({ schritt: 'address', ...ADDRESS });
  await b.send({ schritt: 'age', ...AGE });
  await b.send({ schritt: 'shipping', shippingMethod: 'dhl-age-check' });
  const review = await b.send({ schritt: 'payment', paymentMethod: 'prepayment' });
  const total = (await b.shopper.call('GET', '/api/cart')).body.totals.total as string;
  return { ...b, review, order: { schritt: 'review', acceptTerms: 'on', orderKey: review.orderKey as string, expectedTotal: total } };
}

test('every step in turn opens the next; the age check is kept as passed, never the ID card lines or the birth date', async () => {
  const b = await browser();
  expect(await b.state()).toMatchObject({ step: 'contact', errors: {}, ageCheckedAt: null, orderKey: null, started: false });
  expect(await b.send({ schritt: 'contact', email: ' Erika@Example.de ' })).toMatchObject({
    step: 'address',
    values: { email: 'Erika@Example.de' },
  });
  expect(await b.send({ schritt: 'address', ...ADDRESS })).toMatchObject({
    step: 'age',
    values: { billing: { firstName: 'Erika', city: 'Köln' }, shippingSameAsBilling: true },
  });
  expect(await b.send({ schritt: 'age', ...AGE })).toMatchObject({ step: 'shipping', ageCheckedAt: expect.any(String) });
  const stored = JSON.stringify(
    await cartModel(env.app.db)
      .findOne({ 'checkoutProgress.ageCheck': { $ne: null } })
      .lean(),
  );
  expect(stored).not.toContain('1990-01-01');
  expect(stored).not.toContain(MRZ1!.slice(5, 14));
  expect(await b.send({ schritt: 'shipping', shippingMethod: 'dhl-age-check' })).toMatchObject({ step: 'payment' });
  const review = await b.send({ schritt: 'payment', paymentMethod: 'prepayment' });
  expect(review).toMatchObject({ step: 'review', orderKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  // 'Ändern' opens a finished step again; sending it goes on from there.
  expect(await b.send({ aendern: 'contact' })).toMatchObject({ step: 'contact', orderKey: null });
  // Sent unchanged, the review shows what it showed: the same order key; changed, a new review.
  expect(await b.send({ schritt: 'contact', email: 'Erika@Example.de' })).toMatchObject({ step: 'review', orderKey: review.orderKey });
  await b.send({ aendern: 'contact' });
  const changed = await b.send({ schritt: 'contact', email: 'erika@example.de' });
  expect(changed).toMatchObject({ step: 'review', orderKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(changed.orderKey).not.toBe(review.orderKey);
});

test('refused entries come back at their fields with the German messages and what was typed; nothing kept changes', async () => {
  const b = await browser();
  expect(await b.send({ schritt: 'contact', email: 'erika@' })).toEqual({
    step: 'contact',
    values: expect.objectContaining({ email: 'erika@' }),
    errors: { email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
    birthDate: null,
    ageCheckedAt: null,
    orderKey: null,
    paymentMethod: null,
    started: true,
  });
  await b.send({ schritt: 'contact', email: 'erika@example.de' });
  const packstation = { ...ADDRESS, 'billing.street': 'Packstation 123', 'billing.addressLine2': '12345678' };
  const refused = await b.send({ schritt: 'address', ...packstation });
  expect(refused).toMatchObject({ step: 'address', values: { email: 'erika@example.de', billing: { street: 'Packstation 123' } } });
  expect(refused.errors['billing.street']).toMatch(/Packstation/);
  await b.send({ schritt: 'address', ...ADDRESS });
  // The age check refused: its reason, the step open again, the lines not sent back; the birth date
  // comes back from the browser's own cookie only, the shop keeps it nowhere.
  const wrongAge = await b.send({ schritt: 'age', ...AGE, birthDate: '1991-01-01' });
  expect(wrongAge).toMatchObject({
    step: 'age',
    ageCheckedAt: null,
    birthDate: '1991-01-01',
    errors: { form: expect.stringMatching(/Geburtsdatum/) },
  });
  expect(JSON.stringify(wrongAge)).not.toContain(MRZ2!.slice(0, 10));
  expect(JSON.stringify(await cartModel(env.app.db).find().lean())).not.toContain('1991-01-01');
  // Shown once: read again (a reload), the step is empty.
  expect(await b.state()).toMatchObject({ step: 'age', birthDate: null });
  expect(await b.send({ schritt: 'age', ...AGE, mrz2: 'ZU KURZ' })).toMatchObject({
    step: 'age',
    birthDate: '1990-01-01',
    errors: { mrz2: 'Jede Zeile hat genau 30 Zeichen (die Zeichen „<“ mitzählen).' },
  });
  // Passed, the cookie is cleared: a step opened again later starts empty.
  await b.send({ schritt: 'age', ...AGE });
  expect(await b.send({ aendern: 'age' })).toMatchObject({ step: 'age', birthDate: null });
  await b.send({ schritt: 'age', ...AGE });
  // A later step sent before its turn changes nothing.
  expect(await b.send({ schritt: 'payment', paymentMethod: 'prepayment' })).toMatchObject({ step: 'shipping', errors: {} });
});

test('a changed delivery name needs the age check again', async () => {
  const b = await atReview();
  await b.send({ aendern: 'address' });
  const other = await b.send({ schritt: 'address', ...ADDRESS, 'billing.firstName': 'Max' });
  expect(other).toMatchObject({ step: 'age', ageCheckedAt: null });
});

test("'Zahlungspflichtig bestellen' without the checkbox is refused at it; with it the order is placed and the browser sees its thank-you page", async () => {
  const b = await atReview();
  const { acceptTerms: _unticked, ...withoutTerms } = b.order;
  expect(await b.send(withoutTerms)).toMatchObject({
    step: 'review',
    errors: { acceptTerms: 'Bitte bestätigen Sie die AGB und die Widerrufsbelehrung.' },
  });
  const answer = await b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, b.order);
  expect(answer).toMatchObject({ status: 303, location: expect.stringMatching(/^\/danke\/[0-9a-f]{24}$/) });
  const orderId = answer.location!.slice('/danke/'.length);
  const order = await b.shopper.call('GET', `/api/orders/${orderId}`);
  expect(order.body).toMatchObject({
    status: 'awaiting_payment',
    email: 'erika@example.de',
    orderNumber: expect.stringMatching(/^RT-/),
    ageVerification: { verified: true },
  });
  // The cart and its checkout are gone with the order.
  expect(await b.state()).toBeNull();
});

test('cash on delivery at the payment step: refused at the field while off; once on, kept, and the review places it with its fee', async () => {
  const b = await atReview();
  // Switched off (the default): the choice is refused at its field, the kept prepayment stands.
  expect(await b.send({ schritt: 'payment', paymentMethod: 'cod' })).toMatchObject({
    step: 'payment',
    errors: { paymentMethod: 'Nachnahme ist derzeit nicht verfügbar. Bitte wählen Sie Vorkasse.' },
    paymentMethod: 'prepayment',
  });
  expect(await b.send({ schritt: 'payment', paymentMethod: 'bar' })).toMatchObject({
    errors: { paymentMethod: 'Bitte wählen Sie eine Zahlungsart.' },
  });
  await enableCashOnDelivery(env, '6.90');
  try {
    const review = await b.send({ schritt: 'payment', paymentMethod: 'cod' });
    expect(review).toMatchObject({ step: 'review', paymentMethod: 'cod', errors: {} });
    // Another method is another total: the review shown before cannot order any more.
    expect(review.orderKey).not.toBe(b.review.orderKey);
    const withFee = (Math.round(Number(b.order.expectedTotal) * 100) + 690) / 100;
    const answer = await b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, {
      ...b.order,
      orderKey: review.orderKey,
      expectedTotal: withFee.toFixed(2),
    });
    expect(answer).toMatchObject({ status: 303, location: expect.stringMatching(/^\/danke\/[0-9a-f]{24}$/) });
    const order = await b.shopper.call('GET', `/api/orders/${answer.location!.slice('/danke/'.length)}`);
    expect(order.body).toMatchObject({
      status: 'ready_to_ship',
      payment: { method: 'cod', fee: '6.90' },
      totals: { total: withFee.toFixed(2) },
    });
  } finally {
    await env.domain.shippingSettings.change(
      { userId: '665f1c2b9a1e4b00123456aa', role: 'admin' },
      settingsChange(await env.domain.shippingSettings.read(), {
        cashOnDelivery: { enabled: false, fee: '0.00', maxTotal: '3500.00', accountReference: '' },
      }),
    );
  }
});

test('the same order POST twice at once (double tap, resubmit) places one order and lands both on its thank-you page', async () => {
  const b = await atReview();
  const answers = await Promise.all([
    b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, b.order),
    b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, b.order),
  ]);
  expect(answers[0]).toMatchObject({ status: 303, location: expect.stringMatching(/^\/danke\/[0-9a-f]{24}$/) });
  expect(answers[1]!.location).toBe(answers[0]!.location);
  const orderId = answers[0]!.location!.slice('/danke/'.length);
  expect(await orderModel(env.app.db).countDocuments({ idempotencyKey: b.order.orderKey })).toBe(1);
  // And once more after the order: the same page again, still one order.
  expect(await b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, b.order)).toMatchObject({ status: 303, location: `/danke/${orderId}` });
  expect(await orderModel(env.app.db).countDocuments({ idempotencyKey: b.order.orderKey })).toBe(1);
});

test('the check at the door changed since the review named it: refused with the new one at the review, nothing ordered; named as it is, the order is placed', async () => {
  const b = await atReview();
  // The review named the Alterssichtprüfung; the operator's setting is the Ident-Check.
  expect(await b.send({ ...b.order, expectedAgeCheck: 'visualCheckOfAge' })).toMatchObject({
    step: 'review',
    errors: {
      form: 'Die Altersprüfung bei Zustellung hat sich geändert: DHL übergibt das Paket nur dem Empfänger persönlich, nachdem der Zusteller seinen Ausweis geprüft hat (Name und Alter ab 18), nicht an Nachbarn und nicht an eine Packstation. Bitte prüfen Sie Ihre Bestellung erneut.',
    },
  });
  expect(await orderModel(env.app.db).countDocuments({ idempotencyKey: b.order.orderKey })).toBe(0);
  const placed = await b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, { ...b.order, expectedAgeCheck: 'identCheck' });
  expect(placed.location).toMatch(/^\/danke\/[0-9a-f]{24}$/);
  expect(await orderModel(env.app.db).findOne({ idempotencyKey: b.order.orderKey }, { deliveryAgeCheck: 1 }).lean()).toMatchObject({
    deliveryAgeCheck: 'identCheck',
  });
});

test('an order key of another review is refused as outdated, nothing ordered', async () => {
  const b = await atReview();
  expect(await b.send({ ...b.order, orderKey: 'ffffffff-ffff-4fff-8fff-ffffffffffff' })).toMatchObject({
    step: 'review',
    errors: { form: 'Ihre Bestellübersicht war nicht mehr aktuell. Bitte prüfen Sie Ihre Bestellung erneut.' },
  });
  expect(await orderModel(env.app.db).countDocuments({ email: 'erika@example.de', idempotencyKey: b.order.orderKey })).toBe(0);
});

test('a second order POST arriving while the first is being placed (cart claimed, no order yet) lands on the same thank-you page', async () => {
  const b = await atReview();
  // Slow catalog: the second POST (~50 ms later) arrives between the first's cart claim and its pending order.
  const read = CatalogClient.prototype.productsById;
  const reserve = CatalogClient.prototype.reserveStock;
  const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const slowRead = jest.spyOn(CatalogClient.prototype, 'productsById').mockImplementation(async function (this: CatalogClient, ids) {
    await later(300);
    return read.call(this, ids);
  });
  const slowReserve = jest.spyOn(CatalogClient.prototype, 'reserveStock').mockImplementation(async function (this: CatalogClient, ...args) {
    await later(200);
    return reserve.apply(this, args);
  });
  try {
    const first = b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, b.order);
    await later(50);
    const answers = await Promise.all([first, b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, b.order)]);
    expect(answers[0]).toMatchObject({ status: 303, location: expect.stringMatching(/^\/danke\/[0-9a-f]{24}$/) });
    expect(answers[1]!.location).toBe(answers[0]!.location);
  } finally {
    slowRead.mockRestore();
    slowReserve.mockRestore();
  }
  expect(await orderModel(env.app.db).countDocuments({ idempotencyKey: b.order.orderKey })).toBe(1);
  // The order emptied the cart (the second POST never gave the first one's claim away).
  expect(await b.state()).toBeNull();
});

test('a review page whose address was changed in another tab since cannot order: refused as outdated, nothing ordered', async () => {
  const tab1 = await atReview();
  // Tab 2 (the same browser): opens the address again and sends another street.
  await tab1.send({ aendern: 'address' });
  const tab2Review = await tab1.send({ schritt: 'address', ...ADDRESS, 'billing.street': 'Domstraße 1' });
  expect(tab2Review).toMatchObject({ step: 'review', orderKey: expect.any(String) });
  expect(tab2Review.orderKey).not.toBe(tab1.order.orderKey);
  expect(await tab1.send(tab1.order)).toMatchObject({
    step: 'review',
    errors: { form: 'Ihre Bestellübersicht war nicht mehr aktuell. Bitte prüfen Sie Ihre Bestellung erneut.' },
  });
  expect(await orderModel(env.app.db).countDocuments({ email: 'erika@example.de', idempotencyKey: tab1.order.orderKey })).toBe(0);
});

test('an entry that lost the race against another tab is not dropped silently: the step asks to try again', async () => {
  const b = await browser();
  const save = CheckoutProgresses.prototype.save;
  const raced = jest.spyOn(CheckoutProgresses.prototype, 'save').mockImplementationOnce(async function (this: CheckoutProgresses, ...args) {
    // The other tab's entry is stored first.
    await save.call(
      this,
      args[0],
      args[1],
      { ...args[1], values: { ...args[1].values, email: 'tab2@example.de' }, contactDone: true },
      args[3],
    );
    return save.apply(this, args);
  });
  try {
    expect(await b.send({ schritt: 'contact', email: 'tab1@example.de' })).toMatchObject({
      step: 'contact',
      values: { email: 'tab1@example.de' },
      errors: { form: 'Ihre Angaben wurden gerade in einem anderen Fenster geändert. Bitte versuchen Sie es erneut.' },
    });
  } finally {
    raced.mockRestore();
  }
});

test('an age check the provider cannot answer is refused with the German "try again", its error logged without the input', async () => {
  const b = await browser();
  await b.send({ schritt: 'contact', email: 'erika@example.de' });
  await b.send({ schritt: 'address', ...ADDRESS });
  // Logging is off in tests: the requests log through the app's logger itself.
  const logged = jest.spyOn(env.app.log, 'error');
  const down = jest.spyOn(env.domain.ageVerification, 'verify').mockRejectedValueOnce(new Error('provider down'));
  try {
    expect(await b.send({ schritt: 'age', ...AGE })).toMatchObject({
      step: 'age',
      errors: { form: 'Die Altersprüfung ist gerade nicht möglich. Bitte versuchen Sie es erneut.' },
    });
    expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'provider down' }) }, expect.any(String));
    const entries = JSON.stringify(logged.mock.calls.map(([fields, message]) => [(fields as { err?: Error }).err?.message, message]));
    expect(entries).not.toContain('1990-01-01');
    expect(entries).not.toContain(MRZ2!.slice(0, 10));
  } finally {
    down.mockRestore();
    logged.mockRestore();
  }
});

test('an abandoned checkout is kept 24 h: older progress reads as absent and the sweep clears it from the database', async () => {
  const kept = await browser();
  await kept.send({ schritt: 'contact', email: 'kept@example.de' });
  const abandoned = await browser();
  await abandoned.send({ schritt: 'contact', email: 'abandoned@example.de' });
  const carts = cartModel(env.app.db);
  const abandonedCart = await carts.findOne({ 'checkoutProgress.values.email': 'abandoned@example.de' }).lean();
  // Last entry of the abandoned one a day and a minute ago (the service's clock is TEST_NOW).
  const dayAndMinuteAgo = new Date(TEST_NOW.getTime() - PROGRESS_KEPT_MS - 60_000);
  await carts.updateOne({ _id: abandonedCart!._id }, { $set: { 'checkoutProgress.updatedAt': dayAndMinuteAgo } });
  const progresses = new CheckoutProgresses(env.app.db);
  expect(await progresses.read(abandonedCart!._id, TEST_NOW)).toMatchObject({ contactDone: false, values: { email: '' } });
  expect(await abandoned.state()).toMatchObject({ step: 'contact', values: { email: '' } });

  // And one stored before progress was stamped.
  const unstamped = await browser();
  await unstamped.send({ schritt: 'contact', email: 'unstamped@example.de' });
  await carts.updateOne({ 'checkoutProgress.values.email': 'unstamped@example.de' }, { $unset: { 'checkoutProgress.updatedAt': 1 } });

  expect(await progresses.clearStale(TEST_NOW)).toBeGreaterThanOrEqual(2);
  expect(await carts.countDocuments({ 'checkoutProgress.values.email': 'unstamped@example.de' })).toBe(0);
  expect(await carts.findById(abandonedCart!._id).lean()).toMatchObject({ checkoutProgress: null, items: [expect.anything()] });
  expect(await carts.countDocuments({ 'checkoutProgress.values.email': 'kept@example.de' })).toBe(1);
  // The cleared cart's checkout starts afresh.
  expect(await abandoned.send({ schritt: 'contact', email: 'wieder@example.de' })).toMatchObject({ step: 'address' });
});

test('the address form without JavaScript sends the delivery fields always: used with the box unticked, ignored while it is ticked', async () => {
  const emptyDelivery = Object.fromEntries(
    ['firstName', 'lastName', 'street', 'addressLine2', 'postalCode', 'city'].map((f) => [`shipping.${f}`, '']),
  );
  const ticked = await browser();
  await ticked.send({ schritt: 'contact', email: 'erika@example.de' });
  expect(await ticked.send({ schritt: 'address', ...ADDRESS, ...emptyDelivery })).toMatchObject({
    step: 'age',
    values: { shippingSameAsBilling: true },
  });
  const unticked = await browser();
  await unticked.send({ schritt: 'contact', email: 'erika@example.de' });
  const { shippingSameAsBilling: _ticked, ...billingOnly } = ADDRESS;
  const delivery = {
    'shipping.firstName': 'Max',
    'shipping.lastName': 'Mustermann',
    'shipping.street': 'Domstraße 1',
    'shipping.addressLine2': '',
    'shipping.postalCode': '50668',
    'shipping.city': 'Köln',
  };
  expect(await unticked.send({ schritt: 'address', ...billingOnly, ...delivery })).toMatchObject({
    step: 'age',
    errors: {},
    values: { shippingSameAsBilling: false, shipping: { firstName: 'Max', street: 'Domstraße 1', city: 'Köln' } },
  });
});

test('an order POST does not wait for a pending order whose placement stopped: it finishes that order at once', async () => {
  const b = await atReview();
  // The first attempt's reservation answer and its release are lost: its pending order stays, no placement under way.
  const reserve = jest.spyOn(CatalogClient.prototype, 'reserveStock').mockRejectedValueOnce(new Error('connection reset'));
  const release = jest.spyOn(CatalogClient.prototype, 'releaseReservation').mockRejectedValueOnce(new Error('connection reset'));
  try {
    expect(await b.send(b.order)).toMatchObject({
      step: 'review',
      errors: { form: 'Die Bestellung konnte gerade nicht abgeschlossen werden. Bitte versuchen Sie es erneut.' },
    });
  } finally {
    reserve.mockRestore();
    release.mockRestore();
  }
  expect(await orderModel(env.app.db).findOne({ idempotencyKey: b.order.orderKey }).lean()).toMatchObject({
    status: 'pending',
    placingUntil: null,
  });
  const started = Date.now();
  const answer = await b.shopper.submitForm(CHECKOUT_FORM_ACTIONS.step, b.order);
  expect(answer).toMatchObject({ status: 303, location: expect.stringMatching(/^\/danke\/[0-9a-f]{24}$/) });
  expect(Date.now() - started).toBeLessThan(3000);
  expect(await orderModel(env.app.db).findOne({ idempotencyKey: b.order.orderKey }).lean()).toMatchObject({ status: 'awaiting_payment' });
});
