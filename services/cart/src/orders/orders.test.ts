/**
 * Checkout and orders against the real local database: placement with
 * re-pricing, age check, stock reservation and promo counting; idempotency; 20 parallel orders
 * on a stock of 5; a lost catalog answer in the middle of an order; the buyer-only order view;
 * the cart's checkout claim (a retry after a stop before the cart was emptied, a cart replaced
 * between the claim and the re-read, also with the new cart's order on another instance); the
 * sweep of pending orders and of claims past their lifetime.
 */
import assert from 'node:assert';
import { readdir, readFile } from 'node:fs/promises';
import { EU_GUARANTEE_INFO_URL, LEGAL_GUARANTEE_COLOURS, LEGAL_GUARANTEE_NOTICE } from '@shop/legal-notices';
import { simpleParser } from 'mailparser';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DELIVERY_PROMISE, Order } from '@shop/contracts';
import { type PlaceOrderBody } from '@shop/contracts/checkout';
import { isFerretDb, signIdentity } from '@shop/service-kit';
import type { mongo } from 'mongoose';
import { formatIsoDate, isoDateInBerlin } from '@shop/format';

const DAY_MS = 24 * 60 * 60 * 1000;
import { IDENTITY_SECRET, startCartTestEnv, TEST_LEGAL_VERSIONS, TEST_NOW, testProduct } from '../test-support/cart-test-env';
import { DEMO_ADDRESS, demoOrderBody, specimenIdCard } from '@shop/test-fixtures';
import { orderModel } from './order.model';
import { CheckoutClaims, checkoutClaimModel } from '../cart/checkout-claims';
import type { CartOperations } from '../cart/cart-operations';
import { confirmationClaimModel } from './confirmation-claims';
import { OrderPlacement } from './order-placement';
import { STALE_PENDING_MS } from './stale-pending-orders';
import { pdfText } from '../test-support/pdf-text';
import { promoCodeModel } from '../promo/promo-code.model';
import { settingsChange } from '../test-support/shipping-settings-change';

let env: Awaited<ReturnType<typeof startCartTestEnv>>;
const ID = { sale: 'a'.repeat(24), regular: 'b'.repeat(24), scarce: 'c'.repeat(24) };

beforeAll(async () => {
  // With the driver's command events: a test reads what a placement asks of the database.
  const uri = process.env.MONGODB_URI!;
  env = await startCartTestEnv({ MONGODB_URI: `${uri}${uri.includes('?') ? '&' : '?'}monitorCommands=true` });
});
afterAll(() => env.close());
beforeEach(() => {
  env.catalog.up = true;
  env.catalog.loseReservationAnswers = false;
  env.catalog.products.set(ID.sale, testProduct(ID.sale, { name: 'RandM Tornado 9000 Blueberry Ice' }));
  env.catalog.products.set(
    ID.regular,
    testProduct(ID.regular, {
      price: '14.99',
      salePrice: null,
      stock: 100,
      durabilityGuaranteeYears: 4,
      shippingWeightGrams: 85,
      category: 'randm-tornado-25000',
    }),
  );
  env.catalog.products.set(ID.scarce, testProduct(ID.scarce, { stock: 5 }));
});

const erika = DEMO_ADDRESS;
const checkout = (overrides: Partial<PlaceOrderBody> = {}) => demoOrderBody({ email: 'Erika@Example.de', ...overrides });

async function shopperWith(lines: Array<[string, number]>) {
  const s = env.shopper();
  for (const [productId, quantity] of lines) expect((await s.call('POST', '/api/cart', { productId, quantity })).status).toBe(201);
  return s;
}

/** Places the shopper's cart as the checkout does (with the cart's total as expectedTotal unless the body names one). */
const place = (s: ReturnType<typeof env.shopper>, body: unknown = checkout(), key: string = randomUUID()) =>
  s.placeOrder(body as Record<string, unknown>, key);

const stockOf = (id: string) => env.catalog.products.get(id)!.stock;
const ordersIn = () => orderModel(env.app.db).countDocuments({});

describe('placing an order', () => {
  test('re-prices, reserves stock, counts the promo, empties the cart, sends the e-mail', async () => {
    const s = await shopperWith([
      [ID.sale, 2],
      [ID.regular, 2],
    ]);
    expect((await s.call('POST', '/api/cart/promo', { code: 'willkommen10' })).status).toBe(200);
    const cart = (await s.call('GET', '/api/cart')).body;
    const usesBefore = (await promoCodeModel(env.app.db).findOne({ code: 'WILLKOMMEN10' }).lean<{ usageCount: number }>())!.usageCount;

    const response = await place(s, checkout({ expectedTotal: cart.totals.total }));
    expect(response.status).toBe(201);
    const order = Order.parse(response.body);
    expect(order.orderNumber).toMatch(/^RT-2026-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      email: 'erika@example.de',
      shippingAddress: erika,
      shipping: { method: 'dhl-age-check', label: 'DHL Paket mit Ident-Check (ab 18)' },
      // Due seven days after the order date, as a German calendar day (one due date for page and e-mail).
      payment: {
        method: 'prepayment',
        reference: order.orderNumber,
        dueDays: 7,
        dueDate: isoDateInBerlin(new Date(Date.parse(order.createdAt) + 7 * DAY_MS)),
      },
      promo: { code: 'WILLKOMMEN10', type: 'percentage', percent: 10 },
      ageVerification: { method: 'id-card-mrz', verified: true },
      // The order keeps the versions of the legal texts it was placed under.
      legalVersions: TEST_LEGAL_VERSIONS,
    });
    // 2 × 16.99 + 2 × 14.99 = 63.96; −10 % = 6.40; 4 items ship free.
    expect(order.totals).toEqual({
      itemCount: 4,
      paymentFee: '0.00',
      subtotal: '63.96',
      savings: '20.00',
      promoDiscount: '6.40',
      shipping: '0.00',
      total: '57.56',
      vatIncluded: '9.19',
    });
    expect(order.items.map((line) => [line.name, line.quantity, line.unitPrice, line.lineTotal])).toEqual([
      ['RandM Tornado 9000 Blueberry Ice', 2, '16.99', '33.98'],
      [`RandM Tornado 9000 Test ${ID.regular.slice(-4)}`, 2, '14.99', '29.98'],
    ]);
    // The producer's durability guarantee is kept with the line.
    expect(order.items.map((line) => line.durabilityGuaranteeYears)).toEqual([null, 4]);
    // So is the shipping weight of a piece, for the DHL label (null: not weighed yet).
    const storedOrder = await orderModel(env.app.db).findById(order.id).lean();
    expect(storedOrder!.items.map((line) => line.shippingWeightGrams)).toEqual([null, 85]);
    // And the product's category slug, whose default piece weight applies when a line has none (shipping settings).
    expect(storedOrder!.items.map((line) => line.category)).toEqual(['randm-tornado-9000', 'randm-tornado-25000']);
    assert(order.payment.method === 'prepayment');
    expect(order.payment.bankDetails.accountHolder).toBe('Demo-Konto (keine echte Bankverbindung)');

    expect(stockOf(ID.sale)).toBe(48);
    expect(stockOf(ID.regular)).toBe(98);
    expect((await promoCodeModel(env.app.db).findOne({ code: 'WILLKOMMEN10' }).lean<{ usageCount: number }>())!.usageCount).toBe(
      usesBefore + 1,
    );
    expect((await s.call('GET', '/api/cart')).body.items).toEqual([]);
    // Only result, method, reference and time of the age check are stored; no birth date, no card data.
    const stored = await orderModel(env.app.db).findById(order.id).lean<Record<string, unknown>>();
    expect(Object.keys(stored!.ageVerification as object).sort()).toEqual(['checkedAt', 'method', 'providerReference', 'verified']);
    expect(JSON.stringify(stored)).not.toMatch(/1990|MUSTERMANN<</);

    const mails = (await readdir(env.mailDir)).filter((file) => file.startsWith(order.orderNumber));
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(env.mailDir, mails[0]!)));
    expect(mail.to).toMatchObject({ text: 'erika@example.de' });
    expect(mail.subject).toBe(`Ihre Bestellung ${order.orderNumber} bei RandM Tornado Shop`);
    expect(mail.text).toContain(`Verwendungszweck: ${order.orderNumber}`);
    expect(mail.text).toContain('IBAN: DE02 1203 0000 0000 2020 51');
    expect(mail.text).toMatch(/Gesamtsumme: 57,56\s€/);
    expect(mail.text).toMatch(/darin enthaltene MwSt\. \(19 %\): 9,19\s€/);
    expect(mail.text).toContain('2 × RandM Tornado 9000 Blueberry Ice à 16,99');
    expect(mail.text).toContain(`Bitte überweisen Sie den Betrag bis zum ${formatIsoDate(order.payment.dueDate)}`);
    expect(order.totals.paymentFee).toBe('0.00');
    expect(mail.html).toContain('<h1>Vielen Dank für Ihre Bestellung!</h1>');
    // The EU notice on the legal guarantee, in text and in colour (legal-de.md §4.16).
    expect(mail.text).toContain('GESETZLICHE GEWÄHRLEISTUNG – mindestens 2 Jahre');
    expect(mail.text).toContain(EU_GUARANTEE_INFO_URL);
    expect(mail.html).toContain(`border:3px solid ${LEGAL_GUARANTEE_COLOURS.blue}`);
    expect(mail.html).toContain(LEGAL_GUARANTEE_NOTICE.points[1]);
    // Under the line with a durability guarantee of more than two years, its EU label; under the other none.
    const label =
      'Haltbarkeitsgarantie des Herstellers (4 Jahre): Der Hersteller garantiert die Haltbarkeit dieser Ware für 4 Jahre ab Lieferung.';
    expect(mail.text).toMatch(
      new RegExp(`2 × RandM Tornado 9000 Test ${ID.regular.slice(-4)} à 14,99\\s€ = 29,98\\s€\\n    ${label.replace(/[()]/g, '\\$&')}`),
    );
    expect(mail.text!.match(/Haltbarkeitsgarantie des Herstellers/g)).toHaveLength(1);
    expect(mail.html).toContain('<strong style="color:#003399">Haltbarkeitsgarantie des Herstellers</strong>');

    // The contract's confirmation on a durable medium (§ 312f Abs. 2, § 312i Abs. 1 Nr. 4 BGB): the
    // seller, and the AGB and the withdrawal text with the model form attached, in the order's versions.
    expect(mail.text).toContain('Ihr Vertragspartner:\n  Tornado Handel GmbH\n  Hansaring 12\n  50670 Köln');
    expect(mail.text).toContain('USt-IdNr.: DE123456789');
    // The shop's one delivery promise, counted from the payment (as on the thank-you page).
    expect(mail.text).toContain(`DHL Paket mit Ident-Check (ab 18): ${DELIVERY_PROMISE}.`);
    expect(mail.text).toContain('DHL übergibt das Paket nur dem Empfänger persönlich, nachdem der Zusteller seinen Ausweis geprüft hat');
    expect(mail.html).toContain('<h2>Ihr Vertragspartner</h2><p>Tornado Handel GmbH<br>Hansaring 12');
    expect(mail.html).toContain('<a href="http://localhost:8080/widerrufsbelehrung">http://localhost:8080/widerrufsbelehrung</a>');
    expect(mail.text).toContain('Es gelten unsere AGB (Fassung vom 23.11.2026). Sie hängen dieser E-Mail als PDF an.');
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['AGB-Fassung-2026-11-23.pdf', 'application/pdf'],
      ['Widerrufsbelehrung-mit-Muster-Widerrufsformular-Fassung-2026-11-23.pdf', 'application/pdf'],
    ]);
    const terms = await pdfText(mail.attachments[0]!.content);
    expect(terms).toContain('Allgemeine Geschäftsbedingungen');
    expect(terms).toContain(`Fassung vom 23.11.2026, gültig für Ihre Bestellung ${order.orderNumber}`);
    expect(terms).toContain('§ 2 Vertragsschluss');
    expect(terms).toContain('Der Vertrag kommt mit der Bestellbestätigung zustande.');
    const withdrawal = await pdfText(mail.attachments[1]!.content);
    expect(withdrawal).toContain('Muster-Widerrufsformular');
    expect(withdrawal).toContain('An Tornado Handel GmbH, Hansaring 12, 50670 Köln:');
    expect(withdrawal).toContain('Vertrag widerrufen (http://localhost:8080/vertrag-widerrufen)');
    // Tagged for screen readers: a structure tree and the document language.
    const raw = mail.attachments[1]!.content.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toMatch(/\/Lang \(de-DE\)/);
  });

  test('the thank-you data is for the buyer only: 404 for everybody else', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const order = Order.parse((await place(s)).body);
    expect((await s.call('GET', `/api/orders/${order.id}`)).body).toEqual(order);
    const stranger = env.shopper();
    expect((await stranger.call('GET', `/api/orders/${order.id}`)).status).toBe(404);
    expect((await stranger.call('GET', `/api/orders/${order.id}`)).body.message).toBe('Bestellung nicht gefunden.');
    const forged = await env.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { cookie: `order_access=${order.id}` } });
    expect(forged.statusCode).toBe(404);
    expect((await s.call('GET', '/api/orders/not-an-id')).status).toBe(404);
  });

  test('the same idempotency key twice gives one order', async () => {
    const s = await shopperWith([[ID.regular, 3]]);
    const key = randomUUID();
    const before = await ordersIn();
    const first = await place(s, checkout(), key);
    const second = await place(s, checkout(), key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await ordersIn()).toBe(before + 1);
    expect(stockOf(ID.regular)).toBe(97);
    // Another cart cannot take over the key.
    const other = await shopperWith([[ID.regular, 1]]);
    expect((await place(other, checkout(), key)).status).toBe(409);
  });

  test('an order keeps the age check at the door it was placed under; the operator’s later switch changes new orders only', async () => {
    const buyer = await shopperWith([[ID.regular, 1]]);
    const before = await place(buyer, checkout());
    expect(Order.parse(before.body).shipping.label).toBe('DHL Paket mit Ident-Check (ab 18)');
    const admin = { userId: '665f1c2b9a1e4b00123456a1', role: 'admin' };
    const current = await env.domain.shippingSettings.read();
    const change = settingsChange(current, { ageCheck: 'visualCheckOfAge' });
    await env.domain.shippingSettings.change(admin, change);
    try {
      const after = await place(await shopperWith([[ID.regular, 1]]), checkout());
      expect(Order.parse(after.body).shipping.label).toBe('DHL Paket mit Alterssichtprüfung 18+');
      const stored = await orderModel(env.app.db)
        .find({ _id: { $in: [before.body.id, after.body.id] } }, { deliveryAgeCheck: 1 })
        .lean();
      expect(stored.map((order) => order.deliveryAgeCheck).sort()).toEqual(['identCheck', 'visualCheckOfAge']);
      // The earlier order still names the check its buyer was told of.
      expect(Order.parse((await buyer.call('GET', `/api/orders/${before.body.id}`)).body).shipping.label).toBe(
        'DHL Paket mit Ident-Check (ab 18)',
      );
    } finally {
      await env.domain.shippingSettings.change(admin, { ...change, ageCheck: 'identCheck', version: current.version + 1 });
    }
  });

  test('20 parallel orders for a product with 5 in stock give exactly 5 orders and stock 0', async () => {
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWith([[ID.scarce, 1]])));
    const before = await ordersIn();
    const results = await Promise.all(shoppers.map((s) => place(s)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.body.message).toMatch(/^Nicht genügend Bestand für /);
    expect(stockOf(ID.scarce)).toBe(0);
    expect(await ordersIn()).toBe(before + 5);
    // Refused shoppers keep their cart (the line is now reported as sold out on the next read).
    const numbers = results.filter((r) => r.status === 201).map((r) => r.body.orderNumber);
    expect(new Set(numbers).size).toBe(5);
  }, 60_000);

  test('a lost catalog answer in the middle of an order releases every reservation; nothing is half-written', async () => {
    const s = await shopperWith([
      [ID.sale, 1],
      [ID.regular, 2],
    ]);
    const before = await ordersIn();
    env.catalog.loseReservationAnswers = true;
    const failed = await place(s);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toMatch(/Bitte versuchen Sie es gleich erneut/);
    expect(stockOf(ID.sale)).toBe(50);
    expect(stockOf(ID.regular)).toBe(100);
    expect([...env.catalog.reservations.values()].at(-1)!.status).toBe('released');
    expect(await ordersIn()).toBe(before);
    expect((await s.call('GET', '/api/cart')).body.items).toHaveLength(2);
    // The shopper tries again and it works.
    env.catalog.loseReservationAnswers = false;
    expect((await place(s)).status).toBe(201);
    expect(stockOf(ID.regular)).toBe(98);
  });

  test('a retry with the same key after a failed attempt reserves afresh and gives one order', async () => {
    const s = await shopperWith([[ID.scarce, 3]]);
    const key = randomUUID();
    env.catalog.loseReservationAnswers = true;
    expect((await place(s, checkout(), key)).status).toBe(503);
    expect(stockOf(ID.scarce)).toBe(5);
    // The checkout page keeps its key and sends the same order again.
    env.catalog.loseReservationAnswers = false;
    const placed = await place(s, checkout(), key);
    expect(placed.status).toBe(201);
    expect(stockOf(ID.scarce)).toBe(2);
    expect((await place(s, checkout(), key)).body.id).toBe(placed.body.id);
    expect(stockOf(ID.scarce)).toBe(2);
  });

  test('WILLKOMMEN10 once per customer: a second order of the same address (also +tagged) is refused, the code removed; another address may use it', async () => {
    const withCode = async (email: string) => {
      const s = await shopperWith([[ID.regular, 2]]);
      expect((await s.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' })).status).toBe(200);
      return { s, response: await place(s, checkout({ email })) };
    };
    expect((await withCode('lena.once@example.de')).response.status).toBe(201);
    const again = await withCode('Lena.Once+zweite@Example.de');
    expect(again.response.status).toBe(409);
    expect(again.response.body.message).toBe(
      'Der Gutscheincode WILLKOMMEN10 kann pro Kunde nur einmal eingelöst werden und wurde entfernt. Bitte prüfen Sie Ihre Bestellung.',
    );
    expect((await again.s.call('GET', '/api/cart')).body.promo).toBeNull();
    // Without the code the same customer can order.
    expect((await place(again.s, checkout({ email: 'lena.once@example.de' }))).status).toBe(201);
    expect((await withCode('tom.once@example.de')).response.status).toBe(201);
  });

  test('the once-per-customer limit knows Gmail spellings of one mailbox', async () => {
    const withCode = async (email: string) => {
      const s = await shopperWith([[ID.regular, 1]]);
      expect((await s.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' })).status).toBe(200);
      return place(s, checkout({ email }));
    };
    expect((await withCode('gina.once@gmail.com')).status).toBe(201);
    for (const spelling of ['g.i.n.a.once@gmail.com', 'GinaOnce+x@googlemail.com'])
      expect((await withCode(spelling)).body.message).toMatch(/kann pro Kunde nur einmal eingelöst werden/);
  });

  test('two parallel orders of one customer with a once-per-customer code: one gets it', async () => {
    const carts = await Promise.all([shopperWith([[ID.regular, 1]]), shopperWith([[ID.regular, 1]])]);
    for (const s of carts) expect((await s.call('POST', '/api/cart/promo', { code: 'WILLKOMMEN10' })).status).toBe(200);
    const results = await Promise.all(carts.map((s) => place(s, checkout({ email: 'paula.parallel@example.de' }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test('a promo code used up meanwhile: the reservation is released, the code removed, no order', async () => {
    await promoCodeModel(env.app.db).create({ code: 'LETZTER', type: 'fixed', value: 300, usageLimit: 1, usageCount: 0 });
    const s = await shopperWith([[ID.regular, 1]]);
    const reviewed = await s.call('POST', '/api/cart/promo', { code: 'letzter' });
    expect(reviewed.status).toBe(200);
    await promoCodeModel(env.app.db).updateOne({ code: 'LETZTER' }, { $set: { usageCount: 1 } });
    const before = await ordersIn();
    // The cart read drops the code first (usage limit reached), so the order is refused as 'cart changed'.
    const response = await place(s, checkout({ expectedTotal: reviewed.body.totals.total }));
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/Gutscheincode LETZTER wurde entfernt/);
    expect(stockOf(ID.regular)).toBe(100);
    expect(await ordersIn()).toBe(before);
  });

  test('the order charges the price the catalogue has now, not the one seen when adding', async () => {
    const s = await shopperWith([[ID.sale, 1]]);
    env.catalog.products.set(ID.sale, testProduct(ID.sale, { salePrice: '15.49' }));
    const order = Order.parse((await place(s)).body);
    expect(order.items[0]!.unitPrice).toBe('15.49');
    expect(order.totals.total).toBe('20.48');
  });

  test('a total that changed since the review is refused', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const response = await place(s, checkout({ expectedTotal: '14.99' }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Der Gesamtbetrag hat sich geändert. Bitte prüfen Sie Ihre Bestellung erneut.');
    // The refused attempt gave the cart back: the next one (another key) goes through.
    expect((await place(s, checkout({ expectedTotal: '19.98' }))).status).toBe(201);
  });

  test('one cart, three parallel orders with different keys: exactly one order, one e-mail, one unit reserved', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const before = await ordersIn();
    const mailsBefore = (await readdir(env.mailDir)).length;
    const results = await Promise.all([place(s), place(s), place(s)]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    // The others were refused while the first held the cart (409), or, had one come after it
    // finished, found the cart emptied by that order (400).
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect([
        { status: 409, message: 'Für diesen Warenkorb wird gerade eine Bestellung aufgegeben. Bitte warten Sie einen Moment.' },
        { status: 400, message: 'Ihr Warenkorb ist leer.' },
      ]).toContainEqual({ status: refused.status, message: refused.body.message });
    }
    expect(await ordersIn()).toBe(before + 1);
    expect(stockOf(ID.regular)).toBe(99);
    expect((await readdir(env.mailDir)).length).toBe(mailsBefore + 1);
  });

  test('an empty cart cannot be ordered', async () => {
    expect((await place(env.shopper())).body.message).toBe('Ihr Warenkorb ist leer.');
  });

  // The carts (every guest's) and the orders (every order ever placed) grow; the local engine
  // (FerretDB v1, as @shop/local-mongo builds it) finds documents through an index only by an
  // `_id` equality, and its writes wait for each other: any other filter made every order wait
  // for a scan of them.
  test('an order reads and writes carts and orders through their primary key', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const filters: Array<{ command: string; collection: string; filter: Record<string, unknown> }> = [];
    const record = (event: mongo.CommandStartedEvent) => {
      const command = event.command as Record<string, unknown> & {
        filter?: Record<string, unknown>;
        query?: Record<string, unknown>;
        updates?: Array<{ q: Record<string, unknown> }>;
        deletes?: Array<{ q: Record<string, unknown> }>;
      };
      const collection = String(command[event.commandName]);
      const filter = command.filter ?? command.query ?? command.updates?.[0]?.q ?? command.deletes?.[0]?.q;
      if (filter && ['carts', 'orders'].includes(collection)) filters.push({ command: event.commandName, collection, filter });
    };
    const client = env.app.db.getClient();
    client.on('commandStarted', record);
    try {
      expect((await place(s)).status).toBe(201);
    } finally {
      client.off('commandStarted', record);
    }
    // An `_id` equality, alone or beside other fields (the compare-and-set of the move out of pending).
    const byId = ({ filter }: { filter: Record<string, unknown> }) =>
      filter._id != null && !Object.keys(filter._id).some((key) => key.startsWith('$'));
    expect(filters.some(({ collection }) => collection === 'carts')).toBe(true);
    expect(filters.some(({ filter }) => Object.keys(filter).length > 1)).toBe(true);
    expect(filters.filter((seen) => !byId(seen))).toEqual([]);
  });
});

describe("the cart's checkout claim", () => {
  /** The owner key of the shopper's cart (as the placement sees it), from the order placed for it. */
  const ownerKeyOf = async (orderId: string) => (await orderModel(env.app.db).findById(orderId).lean())!.ownerKey;
  const mailsOf = async (orderNumber: string) => (await readdir(env.mailDir)).filter((file) => file.startsWith(orderNumber));

  test('a retry after a stop between placing the order and emptying the cart: the same order, the cart emptied, nothing taken twice', async () => {
    const s = await shopperWith([[ID.regular, 2]]);
    const key = randomUUID();
    const placed = await place(s, checkout(), key);
    expect(placed.status).toBe(201);
    const ownerKey = await ownerKeyOf(placed.body.id);
    // What a stop right after the order's move out of pending leaves: the cart still full, this order's claim on it.
    expect((await s.call('POST', '/api/cart', { productId: ID.regular, quantity: 2 })).status).toBe(201);
    expect(await env.domain.operations.claimForOrder(ownerKey, placed.body.id, STALE_PENDING_MS)).toBe('claimed');
    const before = { orders: await ordersIn(), reservations: env.catalog.reservations.size, stock: stockOf(ID.regular) };

    const retried = await place(s, checkout(), key);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(placed.body);
    expect((await s.call('GET', '/api/cart')).body.items).toEqual([]);
    expect(await new CheckoutClaims(env.app.db).of(ownerKey)).toBeNull();
    // Once more (idempotent), and nothing was ordered, reserved or mailed a second time.
    expect((await place(s, checkout(), key)).body).toEqual(placed.body);
    expect({ orders: await ordersIn(), reservations: env.catalog.reservations.size, stock: stockOf(ID.regular) }).toEqual(before);
    expect(await mailsOf(placed.body.orderNumber)).toHaveLength(1);
  });

  /**
   * Arms the next cart read of `operations` (the placement's re-read after its claim): first the
   * shopper empties the cart in another tab and fills a new one with the same product, then
   * `meanwhile` runs, then the read; `afterRead` runs once it is done.
   */
  const replaceCartBeforeNextRead = (
    operations: CartOperations,
    {
      meanwhile = async () => {},
      afterRead = () => {},
    }: { meanwhile?: (ownerKey: string) => Promise<unknown>; afterRead?: () => void } = {},
  ) => {
    const read = operations.read.bind(operations);
    jest.spyOn(operations, 'read').mockImplementationOnce(async (ownerKey) => {
      await operations.clear(ownerKey!);
      await operations.add(ownerKey!, ID.regular, 1);
      await meanwhile(ownerKey!);
      const cart = await read(ownerKey);
      afterRead();
      return cart;
    });
  };

  test('a cart emptied and filled anew between the claim and the re-read is not ordered under the old claim: 409, the new cart kept', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const key = randomUUID();
    const body = { ...checkout(), expectedTotal: (await s.call('GET', '/api/cart')).body.totals.total };
    const before = { orders: await ordersIn(), stock: stockOf(ID.regular) };
    replaceCartBeforeNextRead(env.domain.operations);

    const refused = await s.call('POST', '/api/orders', body, { 'idempotency-key': key });
    expect({ status: refused.status, code: refused.body.code, message: refused.body.message }).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'Ihr Warenkorb hat sich geändert. Bitte prüfen Sie Ihre Bestellung.',
    });
    expect({ orders: await ordersIn(), stock: stockOf(ID.regular) }).toEqual(before);
    expect((await s.call('GET', '/api/cart')).body.items.map((line: { quantity: number }) => line.quantity)).toEqual([1]);
    // Reviewed again, the new cart is ordered (no claim of the refused attempt is in the way).
    const placed = await s.call('POST', '/api/orders', body, { 'idempotency-key': key });
    expect(placed.status).toBe(201);
    expect(stockOf(ID.regular)).toBe(before.stock! - 1);
    expect((await s.call('GET', '/api/cart')).body.items).toEqual([]);
  });

  test('two instances: the new cart’s order claims it while the old claim’s placement re-reads it; exactly one order, one unit reserved', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const body = { ...checkout(), expectedTotal: (await s.call('GET', '/api/cart')).body.totals.total };
    const before = { orders: await ordersIn(), stock: stockOf(ID.regular) };
    const other = await env.anotherInstance();
    const secondKey = randomUUID();
    let firstReadDone!: () => void;
    const firstRead = new Promise<void>((resolve) => (firstReadDone = resolve));
    let second!: Promise<{ statusCode: number }>;
    // The other instance's placement (of the new cart) reads the cart it claimed only after the first placement read it.
    const otherRead = other.domain.operations.read.bind(other.domain.operations);
    jest.spyOn(other.domain.operations, 'read').mockImplementationOnce(async (ownerKey) => {
      await firstRead;
      return otherRead(ownerKey);
    });
    replaceCartBeforeNextRead(env.domain.operations, {
      meanwhile: async (ownerKey) => {
        second = other.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: body,
          headers: { cookie: s.cookie(), 'idempotency-key': secondKey },
        });
        const secondOrder = OrderPlacement.orderIdFor(ownerKey, secondKey);
        const claims = new CheckoutClaims(env.app.db);
        while ((await claims.of(ownerKey))?.orderId !== secondOrder) await new Promise((resolve) => setTimeout(resolve, 5));
      },
      afterRead: () => firstReadDone(),
    });

    const first = await s.call('POST', '/api/orders', body, { 'idempotency-key': randomUUID() });
    expect([first.status, (await second).statusCode]).toEqual([409, 201]);
    expect(first.body.message).toBe('Ihr Warenkorb hat sich geändert. Bitte prüfen Sie Ihre Bestellung.');
    expect({ orders: await ordersIn(), stock: stockOf(ID.regular) }).toEqual({ orders: before.orders + 1, stock: before.stock! - 1 });
    expect((await s.call('GET', '/api/cart')).body.items).toEqual([]);
  });
});

describe('age verification blocks the order', () => {
  test.each([
    ['underage', { birth: '100315' }, '2010-03-15', 'Bestellungen sind erst ab 18 Jahren möglich.'],
    [
      'wrong check digit',
      { documentNumber: 'L01X00T47', birth: '900101' },
      '1990-01-01',
      'Die Ausweisdaten sind ungültig: Die Prüfziffern stimmen nicht.',
    ],
    ['other birth date', {}, '1990-02-01', 'Das Geburtsdatum stimmt nicht mit dem Ausweis überein.'],
  ])('%s → 422, no order, no stock taken', async (label, card, birthDate, message) => {
    const s = await shopperWith([[ID.regular, 1]]);
    const mrzLines = specimenIdCard(card);
    if (label === 'wrong check digit')
      mrzLines[1] = `${mrzLines[1]!.slice(0, 6)}${(Number(mrzLines[1]![6]) + 1) % 10}${mrzLines[1]!.slice(7)}`;
    const before = await ordersIn();
    const response = await place(s, checkout({ birthDate, ageVerification: { method: 'id-card-mrz', mrzLines } }));
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message, code: 'AGE_VERIFICATION_FAILED' });
    expect(await ordersIn()).toBe(before);
    expect(stockOf(ID.regular)).toBe(100);
  });

  test('the parcel must go to the verified person', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const response = await place(s, checkout({ shippingAddress: { ...erika, firstName: 'Max' } }));
    expect(response.status).toBe(422);
  });

  test('the check before the review step answers the same way', async () => {
    const body = {
      birthDate: '1990-01-01',
      firstName: 'Erika',
      lastName: 'Mustermann',
      ageVerification: { method: 'id-card-mrz', mrzLines: specimenIdCard() },
    };
    expect((await env.shopper().call('POST', '/api/checkout/age-verification', body)).body).toMatchObject({
      verified: true,
      method: 'id-card-mrz',
    });
    const minor = {
      ...body,
      birthDate: '2010-03-15',
      ageVerification: { method: 'id-card-mrz', mrzLines: specimenIdCard({ birth: '100315' }) },
    };
    const refused = await env.shopper().call('POST', '/api/checkout/age-verification', minor);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Bestellungen sind erst ab 18 Jahren möglich.');
    // The century comes from the card, not from the typed date.
    for (const birthDate of ['1910-03-15', '1810-03-15']) {
      const forged = await env.shopper().call('POST', '/api/checkout/age-verification', { ...minor, birthDate });
      expect(forged).toMatchObject({ status: 422, body: { code: 'AGE_VERIFICATION_FAILED' } });
    }
  });
});

describe('checkout input', () => {
  test.each([
    ['Packstation', { billingAddress: { ...erika, street: 'Packstation 123' } }, 'body/billingAddress/street', /Packstationen/],
    [
      'Postfiliale as delivery',
      { shippingAddress: { ...erika, street: 'Hauptstr. 1', addressLine2: 'Postfiliale 512' } },
      'body/shippingAddress/street',
      /Packstationen/,
    ],
    ['4-digit PLZ', { billingAddress: { ...erika, postalCode: '1234' } }, 'body/billingAddress/postalCode', /fünfstellige Postleitzahl/],
    ['Austria', { billingAddress: { ...erika, country: 'AT' } }, 'body/billingAddress/country', /nur innerhalb Deutschlands/],
    ['no house number', { billingAddress: { ...erika, street: 'Heidestraße' } }, 'body/billingAddress/street', /Hausnummer/],
    ['terms not accepted', { acceptTerms: false }, 'body/acceptTerms', /AGB und die Widerrufsbelehrung/],
    ['bad e-mail', { email: 'erika@' }, 'body/email', /gültige E-Mail-Adresse/],
    ['impossible birth date', { birthDate: '1990-02-30' }, 'body/birthDate', /gültiges Datum/],
  ])('%s → 400 naming the field', async (_label, overrides, field, message) => {
    const s = await shopperWith([[ID.regular, 1]]);
    const response = await place(s, { ...checkout(), ...(overrides as object) });
    expect(response.status).toBe(400);
    const issue = response.body.issues.find((i: { path: string }) => i.path === field);
    expect(issue?.message).toMatch(message);
    expect(stockOf(ID.regular)).toBe(100);
  });

  test('expectedTotal is required: an order never charges a total the shopper did not see', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const response = await s.call('POST', '/api/orders', checkout(), { 'idempotency-key': randomUUID() });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain('body/expectedTotal');
  });

  test('the Idempotency-Key header is required', async () => {
    const s = await shopperWith([[ID.regular, 1]]);
    const response = await s.call('POST', '/api/orders', checkout({ expectedTotal: '19.98' }));
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toMatch(/Idempotency-Key/);
  });
});

describe('orders of logged-in customers (for the account slice)', () => {
  test('GET /api/orders needs a login the gateway vouches for', async () => {
    expect((await env.shopper().call('GET', '/api/orders')).body).toEqual({ message: 'Anmeldung erforderlich', code: 'UNAUTHENTICATED' });
    const forged = await signIdentity({ userId: 'u1', role: 'customer' }, 'another-secret-0123456789-0123456789');
    expect((await env.shopper({ 'x-shop-identity': forged }).call('GET', '/api/orders')).status).toBe(401);
  });

  test('a customer sees their orders, newest first, on any device', async () => {
    const userId = randomUUID();
    const token = await signIdentity({ userId, role: 'customer' }, IDENTITY_SECRET);
    const laptop = env.shopper({ 'x-shop-identity': token });
    await laptop.call('POST', '/api/cart', { productId: ID.regular, quantity: 1 });
    const first = (await place(laptop)).body;
    await laptop.call('POST', '/api/cart', { productId: ID.sale, quantity: 1 });
    const second = (await place(laptop)).body;
    const phone = env.shopper({ 'x-shop-identity': token });
    const list = (await phone.call('GET', '/api/orders')).body;
    expect(list.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect((await phone.call('GET', `/api/orders/${first.id}`)).status).toBe(200);
  });

  test('guest orders with the account’s confirmed e-mail show up after login; other addresses’ and other accounts’ do not', async () => {
    const email = `gast.${randomUUID().slice(0, 8)}@example.de`;
    const guest = await shopperWith([[ID.regular, 1]]);
    const asGuest = (await place(guest, checkout({ email: email.toUpperCase() }))).body;
    const stranger = await shopperWith([[ID.regular, 1]]);
    const otherAddress = (await place(stranger, checkout({ email: `anders.${email}` }))).body;
    // Another account placed an order with this address while logged in: it stays that account's.
    const otherAccount = env.shopper({
      'x-shop-identity': await signIdentity({ userId: randomUUID(), role: 'customer' }, IDENTITY_SECRET),
    });
    await otherAccount.call('POST', '/api/cart', { productId: ID.regular, quantity: 1 });
    const ofOtherAccount = (await place(otherAccount, checkout({ email }))).body;

    const verified = await signIdentity({ userId: randomUUID(), role: 'customer', email }, IDENTITY_SECRET);
    const customer = env.shopper({ 'x-shop-identity': verified });
    expect((await customer.call('GET', '/api/orders')).body.orders.map((o: { id: string }) => o.id)).toEqual([asGuest.id]);
    expect((await customer.call('GET', `/api/orders/${asGuest.id}`)).status).toBe(200);
    expect((await customer.call('GET', `/api/orders/${otherAddress.id}`)).status).toBe(404);
    expect((await customer.call('GET', `/api/orders/${ofOtherAccount.id}`)).status).toBe(404);
    // Without a confirmed address in the identity (not yet confirmed) the guest order stays hidden.
    const unconfirmed = env.shopper({ 'x-shop-identity': await signIdentity({ userId: randomUUID(), role: 'customer' }, IDENTITY_SECRET) });
    expect((await unconfirmed.call('GET', '/api/orders')).body.orders).toEqual([]);
  });
});

describe("'Erneut bestellen'", () => {
  test("puts what is still available into the cart at today's price and says what is not", async () => {
    const GONE = 'd'.repeat(24);
    env.catalog.products.set(GONE, testProduct(GONE, { name: 'RandM Tornado 7000 Cola', stock: 10 }));
    const buyer = await shopperWith([
      [ID.regular, 2],
      [ID.scarce, 4],
      [ID.sale, 1],
      [GONE, 1],
    ]);
    const order = (await place(buyer)).body;
    expect((await buyer.call('GET', '/api/cart')).body.items).toEqual([]);
    env.catalog.products.delete(GONE);
    env.catalog.products.get(ID.sale)!.stock = 0;
    env.catalog.products.get(ID.scarce)!.stock = 3; // 4 ordered, 3 left
    env.catalog.products.get(ID.regular)!.price = '15.49';

    const answer = await buyer.call('POST', `/api/orders/${order.id}/reorder`);
    expect(answer.status).toBe(200);
    expect(answer.body.added).toEqual([
      { productId: ID.regular, name: expect.any(String), quantity: 2, ordered: 2 },
      { productId: ID.scarce, name: expect.any(String), quantity: 3, ordered: 4 },
    ]);
    expect(answer.body.unavailable).toEqual([
      { productId: ID.sale, name: 'RandM Tornado 9000 Blueberry Ice', reason: 'Derzeit ausverkauft' },
      { productId: GONE, name: 'RandM Tornado 7000 Cola', reason: 'Nicht mehr im Sortiment' },
    ]);
    const cart = (await buyer.call('GET', '/api/cart')).body;
    expect(cart.items.map((line: { productId: string; quantity: number }) => [line.productId, line.quantity])).toEqual([
      [ID.regular, 2],
      [ID.scarce, 3],
    ]);
    expect(cart.items[0].product.price).toBe('15.49');
    // Again: the cart already holds all 3 of the scarce product, so only the regular one grows.
    const again = (await buyer.call('POST', `/api/orders/${order.id}/reorder`)).body;
    expect(again.added.map((line: { productId: string }) => line.productId)).toEqual([ID.regular]);
    expect(again.unavailable.map((line: { reason: string }) => line.reason)).toContain('Die verfügbare Menge liegt schon im Warenkorb');
  });

  test('only the buyer may reorder: 404 for another browser, nothing added', async () => {
    const order = (await place(await shopperWith([[ID.regular, 1]]))).body;
    const stranger = env.shopper();
    expect((await stranger.call('POST', `/api/orders/${order.id}/reorder`)).status).toBe(404);
    expect((await stranger.call('POST', '/api/orders/..%2F..%2Fcart/reorder')).status).toBe(404);
    expect((await stranger.call('GET', '/api/cart')).body.items).toEqual([]);
  });
});

describe('stale pending orders', () => {
  test('the sweep also removes checkout and confirmation claims older than their lifetime (24 h); younger ones stay', async () => {
    const checkoutClaims = checkoutClaimModel(env.app.db);
    const confirmationClaims = confirmationClaimModel(env.app.db);
    const ago = (ms: number) => new Date(TEST_NOW.getTime() - ms);
    const id = () => randomUUID().replaceAll('-', '').slice(0, 24);
    const [leftCheckout, liveCheckout, leftConfirmation, liveConfirmation] = [
      `session:${randomUUID()}`,
      `session:${randomUUID()}`,
      id(),
      id(),
    ];
    await checkoutClaims.create([
      { _id: leftCheckout, orderId: id(), at: ago(DAY_MS + 60_000), cartCreatedAt: ago(2 * DAY_MS) },
      // Stale enough to be taken over by another order, but within its lifetime.
      { _id: liveCheckout, orderId: id(), at: ago(DAY_MS - 60_000), cartCreatedAt: ago(2 * DAY_MS) },
    ]);
    await confirmationClaims.create([
      { _id: leftConfirmation, at: ago(DAY_MS + 60_000) },
      { _id: liveConfirmation, at: ago(DAY_MS - 60_000) },
    ]);

    expect(await env.app.jobs.tick('stale-pending-orders')).toBe(true);
    expect((await checkoutClaims.find({ _id: { $in: [leftCheckout, liveCheckout] } }).lean()).map((claim) => claim._id)).toEqual([
      liveCheckout,
    ]);
    expect(
      (await confirmationClaims.find({ _id: { $in: [leftConfirmation, liveConfirmation] } }).lean()).map((claim) => claim._id),
    ).toEqual([liveConfirmation]);
    // On MongoDB a TTL index on `at` removes them too (FerretDB v1 has no TTL indexes).
    const ttl = !(await isFerretDb(env.app.db));
    for (const model of [checkoutClaims, confirmationClaims]) {
      const expiry = (await model.collection.indexes()).find((index) => index.key.at === 1)?.expireAfterSeconds;
      expect(expiry).toBe(ttl ? DAY_MS / 1000 : undefined);
    }
  });

  test('the sweeper releases the stock of an order left pending by a crash', async () => {
    env.catalog.reservations.set('stale-reservation-1', { status: 'reserved', lines: [{ productId: ID.regular, quantity: 4 }] });
    env.catalog.products.set(ID.regular, { ...env.catalog.products.get(ID.regular)!, stock: 96 });
    const stale = new Date(Date.now() - 11 * 60 * 1000);
    await orderModel(env.app.db).collection.insertOne({
      _id: new (await import('mongoose')).Types.ObjectId('0123456789abcdef01234567'),
      orderNumber: 'RT-2026-999999',
      reservationId: 'stale-reservation-1',
      idempotencyKey: randomUUID(),
      ownerKey: 'session:x',
      status: 'pending',
      items: [],
      createdAt: stale,
      updatedAt: stale,
    } as never);
    expect(await env.domain.staleOrders.sweep()).toBe(1);
    expect(stockOf(ID.regular)).toBe(100);
    expect(await orderModel(env.app.db).countDocuments({ orderNumber: 'RT-2026-999999' })).toBe(0);
  });
});
