/**
 * The cart's part of reviews from verified buyers against the real local database:
 * the invitation e-mail goes once per delivered order and only while reviews are switched on
 * (also with two instances at once); the catalog's eligibility check answers only for a
 * delivered order, by the invitation's token or for the order's own logged-in buyer; an
 * unsubscribed address gets no further invitation.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { ReviewEligibility } from '@shop/contracts';
import { INTERNAL_API_SECRET, startCartTestEnv, testProduct } from '../test-support/cart-test-env';
import { orderUntil as fulfilledOrder } from '../test-support/fulfilled-order';
import { orderModel } from '../orders/order.model';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const COLA = 'c'.repeat(24);
const MANGO = 'd'.repeat(24);

beforeAll(async () => {
  env = await startCartTestEnv({ REVIEW_INVITATION_DELAY_HOURS: '0' });
  env.catalog.products.set(COLA, testProduct(COLA, { name: 'RandM Tornado 9000 Cola', price: '14.99', salePrice: null, stock: 1000 }));
  env.catalog.products.set(MANGO, testProduct(MANGO, { name: 'RandM Tornado 12000 Mango', price: '19.99', salePrice: null, stock: 1000 }));
});
afterAll(() => env.close());

/** An order of `email` taken to `until` ('shipped' or 'delivered') by staff, as in the back office. */
const orderUntil = async (until: 'shipped' | 'delivered', email = 'erika@example.de') =>
  (
    await fulfilledOrder(env, until, {
      lines: [
        [COLA, 2],
        [MANGO, 1],
      ],
      email,
    })
  ).order;

const invitations = async (orderNumber: string) => {
  const names = (await readdir(env.mailDir)).filter((name) => name.startsWith(`${orderNumber}-bewertung`));
  return Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(env.mailDir, name)))));
};
const tokenOf = (text: string) => /\/bewertung\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

const eligibility = (body: unknown) =>
  env.app.inject({
    method: 'POST',
    url: '/internal/review-eligibility',
    payload: body as object,
    headers: { 'x-internal-token': INTERNAL_API_SECRET },
  });

test('while reviews are off, a delivered order gets no invitation', async () => {
  env.content.reviewsEnabled = false;
  const order = await orderUntil('delivered');
  await env.domain.reviewInvitations.sendPending();
  expect(await invitations(order.orderNumber)).toHaveLength(0);
  expect((await orderModel(env.app.db).findById(order.id).lean())!.reviewInvitationSentAt).toBeNull();
});

test('switched on: one invitation per delivered order, also with two instances at once; none for a shipped order', async () => {
  env.content.reviewsEnabled = true;
  // The settings are reused for up to 2 s (CachedInternalRead).
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const delivered = await orderUntil('delivered');
  const shipped = await orderUntil('shipped');
  const other = await env.anotherInstance();
  await Promise.all([
    env.domain.reviewInvitations.sendPending(),
    other.domain.reviewInvitations.sendPending(),
    env.domain.reviewInvitations.sendPending(),
  ]);
  await env.domain.reviewInvitations.sendPending();

  const mails = await invitations(delivered.orderNumber);
  expect(mails).toHaveLength(1);
  expect(await invitations(shipped.orderNumber)).toHaveLength(0);
  const [mail] = mails;
  expect(mail!.to).toMatchObject({ text: 'erika@example.de' });
  expect(mail!.subject).toBe(`Wie zufrieden sind Sie mit Ihrer Bestellung ${delivered.orderNumber}?`);
  expect(mail!.text).toContain('Bewerten können nur Käuferinnen und Käufer einer zugestellten Bestellung');
  expect(mail!.text).toContain('Für eine Bewertung gibt es keine Gegenleistung.');
  expect(mail!.text).toMatch(/Keine Einladungen mehr: http:\/\/localhost:8080\/bewertung\/abmelden\?token=/);

  // The token opens the delivered order's products, each once.
  const answer = await eligibility({ token: tokenOf(mail!.text!) });
  expect(answer.statusCode).toBe(200);
  const eligible = ReviewEligibility.parse(answer.json());
  expect(eligible).toMatchObject({ orderId: delivered.id, orderNumber: delivered.orderNumber });
  expect(eligible.products.map((product) => product.productId).sort()).toEqual([COLA, MANGO]);
  // Only the hash of the token is stored.
  const stored = await orderModel(env.app.db).findById(delivered.id).lean();
  expect(stored!.reviewInvitationTokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(stored)).not.toContain(tokenOf(mail!.text!));
});

test('eligibility: only the delivered order of the logged-in buyer; never without the shared secret', async () => {
  const delivered = await orderUntil('delivered', 'kim@example.de');
  const shipped = await orderUntil('shipped', 'kim@example.de');
  // A guest order counts for the account with that confirmed address (as on the order page).
  expect((await eligibility({ orderId: delivered.id, userId: '665f1c2b9a1e4b0012345601', email: 'kim@example.de' })).statusCode).toBe(200);
  expect((await eligibility({ orderId: delivered.id, userId: '665f1c2b9a1e4b0012345602', email: 'someone@example.de' })).statusCode).toBe(
    404,
  );
  expect((await eligibility({ orderId: delivered.id, userId: '665f1c2b9a1e4b0012345602' })).statusCode).toBe(404);
  expect((await eligibility({ orderId: shipped.id, userId: '665f1c2b9a1e4b0012345601', email: 'kim@example.de' })).statusCode).toBe(404);
  expect((await eligibility({ token: 'x'.repeat(43) })).statusCode).toBe(404);
  const withoutSecret = await env.app.inject({ method: 'POST', url: '/internal/review-eligibility', payload: { token: 'x'.repeat(43) } });
  expect(withoutSecret.statusCode).toBe(401);
});

test('unsubscribe: the address gets no further invitation; an unknown token is a German 404', async () => {
  env.content.reviewsEnabled = true;
  const first = await orderUntil('delivered', 'lena@example.de');
  await env.domain.reviewInvitations.sendPending();
  const [mail] = await invitations(first.orderNumber);
  const token = tokenOf(mail!.text!);

  const shopper = env.shopper();
  expect((await shopper.call('POST', '/api/review-invitations/unsubscribe', { token })).status).toBe(204);
  expect((await shopper.call('POST', '/api/review-invitations/unsubscribe', { token })).status).toBe(204);
  const unknown = await shopper.call('POST', '/api/review-invitations/unsubscribe', { token: 'y'.repeat(43) });
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe('Dieser Link ist ungültig. Bitte verwenden Sie den Link aus Ihrer E-Mail.');

  // The same address in other letters' case is the same address.
  const second = await orderUntil('delivered', 'Lena@Example.de');
  await env.domain.reviewInvitations.sendPending();
  expect(await invitations(second.orderNumber)).toHaveLength(0);
  expect((await orderModel(env.app.db).findById(second.id).lean())!.reviewInvitationSentAt).not.toBeNull();
});
