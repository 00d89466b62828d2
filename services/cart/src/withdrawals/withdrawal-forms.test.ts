/**
 * 'Vertrag widerrufen' as an HTML form without JavaScript (forms first) against the real local
 * database: check, change, confirm, each answered 303 to the page with its outcome for the
 * page's server render: German errors by field, the review, the receipt.
 */
import { WITHDRAWAL_FORM_ACTIONS } from '@shop/contracts';
import { demoOrderBody } from '@shop/test-fixtures';
import { startCartTestEnv, testProduct, TEST_NOW } from '../test-support/cart-test-env';
import { withdrawalModel } from './withdrawal.model';
import { FORM_OUTCOME_MAX_AGE_S as OUTCOME_MAX_AGE_S } from '@shop/service-kit';
import { WITHDRAWAL_FORM_COOKIE } from './withdrawal-forms.routes';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const ID = 'c'.repeat(24);

beforeAll(async () => {
  env = await startCartTestEnv();
  env.catalog.products.set(ID, testProduct(ID, { stock: null }));
});
afterAll(() => env.close());

async function placeOrder(): Promise<string> {
  const s = env.shopper();
  await s.call('POST', '/api/cart', { productId: ID, quantity: 1 });
  return (await s.placeOrder(demoOrderBody())).body.orderNumber;
}

/** A browser without JavaScript: sends the form, follows the 303 to the page, whose render reads the outcome. */
function browser() {
  const shopper = env.shopper();
  return {
    send: async (fields: Record<string, string>) => {
      const answer = await shopper.submitForm(WITHDRAWAL_FORM_ACTIONS.declare, fields);
      expect(answer).toMatchObject({ status: 303, location: '/vertrag-widerrufen', cacheControl: 'no-store' });
      return (await shopper.call('GET', WITHDRAWAL_FORM_ACTIONS.outcome)).body.state;
    },
    outcome: async () => (await shopper.call('GET', WITHDRAWAL_FORM_ACTIONS.outcome)).body.state,
  };
}

test('wrong entries come back with the German errors at their fields and what was typed', async () => {
  const b = browser();
  const state = await b.send({ name: '', orderNumber: '12345', email: 'erika@', items: '', schritt: 'pruefen' });
  expect(state).toEqual({
    step: 'form',
    values: { name: '', orderNumber: '12345', email: 'erika@', items: '' },
    errors: {
      name: 'Bitte geben Sie Ihren Namen ein.',
      orderNumber: 'Bitte geben Sie Ihre Bestellnummer wie in der Bestellbestätigung ein (z. B. RT-2026-K7M2QX9P).',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    },
    receipt: null,
  });
  // Shown once: a reload of the page starts empty.
  expect(await b.outcome()).toBeNull();
});

test('check, change, check again, confirm: the review, the entries back, then the receipt naming who declared it', async () => {
  const orderNumber = await placeOrder();
  const b = browser();
  const entries = { name: 'Erika Mustermann', orderNumber: orderNumber.toLowerCase(), email: 'Erika@Example.de', items: '' };
  const review = await b.send({ ...entries, schritt: 'pruefen' });
  expect(review).toMatchObject({ step: 'review', values: { ...entries, orderNumber, email: 'erika@example.de' }, errors: {} });
  expect(await withdrawalModel(env.app.db).countDocuments({ orderNumber })).toBe(0);
  expect(await b.send({ ...review.values, schritt: 'aendern' })).toMatchObject({ step: 'form', values: review.values });

  const received = await b.send({ ...review.values, schritt: 'bestaetigen' });
  expect(received).toMatchObject({
    step: 'received',
    receipt: { orderNumber, name: 'Erika Mustermann', email: 'erika@example.de', receivedAt: TEST_NOW.toISOString(), items: '' },
  });
  expect(await withdrawalModel(env.app.db).countDocuments({ orderNumber })).toBe(1);
});

test('an order that is not found: the German reason above the review, nothing logged', async () => {
  const b = browser();
  const state = await b.send({
    name: 'Max Muster',
    orderNumber: 'RT-2026-999999',
    email: 'max@example.de',
    items: '',
    schritt: 'bestaetigen',
  });
  expect(state).toMatchObject({
    step: 'review',
    errors: { form: 'Wir finden keine Bestellung mit dieser Bestellnummer und E-Mail-Adresse. Bitte prüfen Sie Ihre Angaben.' },
  });
  expect(await withdrawalModel(env.app.db).countDocuments({ orderNumber: 'RT-2026-999999' })).toBe(0);
});

test('an outcome cookie not signed by the service is ignored', async () => {
  const response = await env.app.inject({
    method: 'GET',
    url: WITHDRAWAL_FORM_ACTIONS.outcome,
    headers: { cookie: `shop_withdrawal_form=${Buffer.from('{"step":"received","withdrawalId":"x"}').toString('base64url')}` },
  });
  expect(response.json()).toEqual({ state: null });
});

test('a validly signed outcome older than its ten minutes is refused by the service, whatever the browser keeps', async () => {
  const orderNumber = await placeOrder();
  const entries = { name: 'Erika Mustermann', orderNumber, email: 'erika@example.de', items: '', schritt: 'bestaetigen' };
  expect(await browser().send(entries)).toMatchObject({ step: 'received' });
  const withdrawalId = (await withdrawalModel(env.app.db).findOne({ orderNumber }).lean())!._id.toString();
  const outcomeIssuedAt = (issuedAt: Date) =>
    env.app.inject({
      method: 'GET',
      url: WITHDRAWAL_FORM_ACTIONS.outcome,
      headers: {
        cookie: `${WITHDRAWAL_FORM_COOKIE}=${env.app.signCookie(
          Buffer.from(
            JSON.stringify({
              step: 'received',
              values: { name: '', orderNumber: '', email: '', items: '' },
              errors: {},
              withdrawalId,
              issuedAt: issuedAt.getTime(),
            }),
          ).toString('base64url'),
        )}`,
      },
    });
  // Signed as the service signs it: shown within the ten minutes, refused after them.
  const fresh = await outcomeIssuedAt(new Date(TEST_NOW.getTime() - OUTCOME_MAX_AGE_S * 1000));
  expect(fresh.json().state).toMatchObject({ step: 'received', receipt: { orderNumber, name: 'Erika Mustermann' } });
  const stale = await outcomeIssuedAt(new Date(TEST_NOW.getTime() - OUTCOME_MAX_AGE_S * 1000 - 1));
  expect(stale.json()).toEqual({ state: null });
});

test('a repeated declaration shows the first receipt without the first declarant’s name', async () => {
  const orderNumber = await placeOrder();
  const entries = { orderNumber, email: 'erika@example.de', items: '', schritt: 'bestaetigen' };
  const first = await browser().send({ ...entries, name: 'Erika Mustermann' });
  expect(first.receipt).toMatchObject({ orderNumber, name: 'Erika Mustermann' });
  const repeat = await browser().send({ ...entries, name: 'Max Neugier' });
  const { name: _firstName, ...anonymous } = first.receipt;
  expect(repeat).toMatchObject({ step: 'received' });
  expect(repeat.receipt).toEqual(anonymous);
});
