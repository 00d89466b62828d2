import { dhlOrderInput, fakeLabelPdf, shipmentOrderProblems, startFakeDhl, type FakeDhl } from '../../test-support/fake-dhl';
import { pdfText } from '../../test-support/pdf-text';
import { DhlClient, type DhlClientSettings, type DhlShipment } from './dhl-client';
import { DhlAuthError, DhlRateLimitedError, DhlRejectedError, DhlRequestError, DhlUnavailableError } from './dhl-errors';
import { shipmentFor, type ShipmentForInput } from './shipment-for';

let fake: FakeDhl;
beforeAll(async () => {
  fake = await startFakeDhl();
});
// Every request the client sent must match DHL's document, whatever the client made of the answer.
afterEach(() => fake.assertNoInvalidRequests());
afterAll(() => fake.close());

/** A client of its own (its own token) against the fake. */
const clientFor = (overrides: Partial<DhlClientSettings> = {}) =>
  new DhlClient({ baseUrl: fake.baseUrl, ...fake.credentials, timeoutMs: 5000, ...overrides });

const shipment = (orderNumber = 'RT-2026-K7M2QX9P') => shipmentFor(dhlOrderInput({ orderNumber }));
const ordersCalls = () => fake.requests.filter((request) => request.path === '/orders' && request.method === 'POST').length;

describe('authentication', () => {
  test('the token is asked for once with the form DHL documents, cached, and renewed before it expires', async () => {
    let now = 1_000_000_000;
    const client = clientFor({ now: () => now });
    const tokensBefore = fake.tokenRequests;
    await client.createOrders([shipment()], { validate: true });
    await client.createOrders([shipment()], { validate: true });
    expect(fake.tokenRequests - tokensBefore).toBe(1);

    // DHL's tokens live 1799 s; the client renews 5 minutes before that.
    now += 1498_000;
    await client.createOrders([shipment()], { validate: true });
    expect(fake.tokenRequests - tokensBefore).toBe(1);
    now += 2_000;
    await client.createOrders([shipment()], { validate: true });
    expect(fake.tokenRequests - tokensBefore).toBe(2);

    const last = fake.requests.at(-1)!;
    expect(last.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(last.headers['accept-language']).toBe('de-DE');
  });

  test('parallel calls share one token request, and after the token expired at DHL one renewal', async () => {
    const client = clientFor();
    const tokensBefore = fake.tokenRequests;
    await Promise.all(Array.from({ length: 5 }, () => client.createOrders([shipment()], { validate: true })));
    expect(fake.tokenRequests - tokensBefore).toBe(1);

    fake.expireTokens();
    const callsBefore = ordersCalls();
    const results = await Promise.all(Array.from({ length: 5 }, () => client.createOrders([shipment()], { validate: true })));
    expect(results.every((result) => result.shipments[0].ok)).toBe(true);
    expect(fake.tokenRequests - tokensBefore).toBe(2);
    // Each call: refused once with the expired token, sent again once with the new one.
    expect(ordersCalls() - callsBefore).toBe(10);
  });

  test('a 401 renews the token and sends the call once more; a second 401 is DhlAuthError', async () => {
    const client = clientFor();
    await client.createOrders([shipment()], { validate: true });
    const tokensBefore = fake.tokenRequests;
    const callsBefore = ordersCalls();

    fake.answerNext({ kind: 'unauthorized' });
    const result = await client.createOrders([shipment()]);
    expect(result.shipments[0].ok).toBe(true);
    expect(fake.tokenRequests - tokensBefore).toBe(1);
    expect(ordersCalls() - callsBefore).toBe(2);

    fake.answerNext({ kind: 'unauthorized' }, { kind: 'unauthorized' });
    await expect(client.createOrders([shipment()])).rejects.toMatchObject({ constructor: DhlAuthError, status: 401 });
    expect(ordersCalls() - callsBefore).toBe(4);
  });

  test('credentials DHL refuses are DhlAuthError, and no API call is made', async () => {
    const callsBefore = fake.requests.length;
    await expect(clientFor({ password: 'falsch' }).createOrders([shipment()])).rejects.toMatchObject({
      constructor: DhlAuthError,
      status: 401,
    });
    fake.answerNextToken({ kind: 'server-error' });
    await expect(clientFor().createOrders([shipment()])).rejects.toMatchObject({ constructor: DhlUnavailableError, status: 500 });
    expect(fake.requests.length).toBe(callsBefore);
  });

  test('DHL out of reach is DhlUnavailableError without a status', async () => {
    const error = await clientFor({ baseUrl: 'http://127.0.0.1:1' })
      .createOrders([shipment()])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DhlUnavailableError);
    expect(error).toMatchObject({ status: null, message: expect.stringContaining('DHL could not be reached') });
  });
});

describe('creating labels', () => {
  test('200: the shipment number and the label as PDF bytes', async () => {
    const result = await clientFor().createOrders([shipment('RT-2026-LABEL001')]);
    expect(result).toMatchObject({ status: 200, validated: false });
    const [booked] = result.shipments;
    if (!booked.ok) throw new Error('not booked');
    expect(booked.refNo).toBe('RT-2026-LABEL001');
    expect(booked.shipmentNo).toMatch(/^\d{25}$/);
    expect(fake.shipments.get(booked.shipmentNo!)).toMatchObject({ refNo: 'RT-2026-LABEL001', state: 'booked' });
    expect(booked.label!.format).toBe('PDF');
    expect(booked.label!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(booked.label!.data);
    expect(text).toContain(`Sendungsnummer ${booked.shipmentNo}`);
    expect(text).toContain('Referenz RT-2026-LABEL001');
    expect(booked.warnings).toEqual([]);
  });

  test('validate=true asks DHL to check without booking: no shipment number, no label', async () => {
    const before = fake.shipments.size;
    const result = await clientFor().createOrders([shipment()], { validate: true, printFormat: '910-300-700' });
    expect(result).toMatchObject({ status: 200, validated: true, shipments: [{ ok: true, shipmentNo: null, label: null }] });
    expect(fake.shipments.size).toBe(before);
    const query = fake.requests.at(-1)!.query;
    expect(query.get('validate')).toBe('true');
    expect(query.get('printFormat')).toBe('910-300-700');
  });

  test("a booked shipment keeps DHL's warnings", async () => {
    const warning = {
      property: 'consignee',
      validationMessage: 'Die Adresse konnte nicht leitcodiert werden.',
      validationState: 'Warning' as const,
    };
    fake.answerNext({ kind: 'ok', warnings: { 0: [warning] } });
    const [booked] = (await clientFor().createOrders([shipment()])).shipments;
    expect(booked).toMatchObject({
      ok: true,
      warnings: [{ property: 'consignee', message: 'Die Adresse konnte nicht leitcodiert werden.', state: 'Warning' }],
    });
  });

  test('207 mixed: each shipment has its own outcome, refused ones with their messages', async () => {
    fake.answerNext({ kind: 'mixed', refused: [1] });
    const result = await clientFor().createOrders([
      shipment('RT-2026-MIXED001'),
      shipment('RT-2026-MIXED002'),
      shipment('RT-2026-MIXED003'),
    ]);
    expect(result.status).toBe(207);
    expect(result.shipments.map((item) => item.ok)).toEqual([true, false, true]);
    expect(result.shipments[1]).toEqual({
      index: 1,
      ok: false,
      outcomeUnknown: false,
      refNo: 'RT-2026-MIXED002',
      status: 400,
      detail: null,
      messages: [{ property: 'consignee.addressStreet', message: 'Die angegebene Straße kann nicht gefunden werden.', state: 'Error' }],
    });
    for (const index of [0, 2]) {
      const booked = result.shipments[index];
      if (!booked.ok) throw new Error('not booked');
      expect(fake.shipments.get(booked.shipmentNo!)?.refNo).toBe(`RT-2026-MIXED00${index + 1}`);
      expect(booked.label!.data.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  test('a booked shipment whose part of the answer is unusable spoils only itself: the others keep their numbers and labels', async () => {
    fake.answerNext({ kind: 'label-missing', index: 1 });
    const result = await clientFor().createOrders([shipment('RT-2026-LABEL001'), shipment('RT-2026-LABEL002')]);
    expect(result.shipments.map((item) => item.ok)).toEqual([true, false]);
    const broken = result.shipments[1];
    if (broken.ok || !broken.outcomeUnknown) throw new Error('expected an unknown outcome');
    expect(broken).toMatchObject({ refNo: 'RT-2026-LABEL002', reason: 'no PDF label' });
    expect(fake.shipments.get(broken.shipmentNo!)?.refNo).toBe('RT-2026-LABEL002');
    const booked = result.shipments[0];
    if (!booked.ok) throw new Error('not booked');
    expect(booked.label!.data.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test("400 with validationMessages is DhlRejectedError with DHL's messages per shipment, and nothing is booked", async () => {
    const before = fake.shipments.size;
    fake.answerNext({
      kind: 'rejected',
      messages: {
        0: [{ property: 'consignee.postalCode', validationMessage: 'Die Postleitzahl ist ungültig.', validationState: 'Error' }],
      },
    });
    const error = await clientFor()
      .createOrders([shipment()])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DhlRejectedError);
    expect(error).toMatchObject({
      status: 400,
      detail: '0 von 1 Sendungen erfolgreich gedruckt.',
      shipments: [
        {
          index: 0,
          refNo: 'RT-2026-K7M2QX9P',
          messages: [{ property: 'consignee.postalCode', message: 'Die Postleitzahl ist ungültig.', state: 'Error' }],
        },
      ],
    });
    expect(fake.shipments.size).toBe(before);
  });

  test('429 is DhlRateLimitedError with Retry-After in milliseconds (null when DHL sends none)', async () => {
    fake.answerNext({ kind: 'rate-limited', retryAfterSeconds: 30 }, { kind: 'rate-limited' });
    await expect(clientFor().createOrders([shipment()])).rejects.toMatchObject({ constructor: DhlRateLimitedError, retryAfterMs: 30_000 });
    await expect(clientFor().createOrders([shipment()])).rejects.toMatchObject({ constructor: DhlRateLimitedError, retryAfterMs: null });
  });

  test('500 is DhlUnavailableError: the outcome of a booking is unknown, that of a validation is not', async () => {
    fake.answerNext({ kind: 'server-error' }, { kind: 'server-error' });
    await expect(clientFor().createOrders([shipment()])).rejects.toMatchObject({
      constructor: DhlUnavailableError,
      status: 500,
      outcomeUnknown: true,
    });
    await expect(clientFor().createOrders([shipment()], { validate: true })).rejects.toMatchObject({
      constructor: DhlUnavailableError,
      status: 500,
      outcomeUnknown: false,
    });
  });

  test('an answer that is not JSON is DhlUnavailableError with the outcome unknown', async () => {
    fake.answerNext({ kind: 'garbage' });
    await expect(clientFor().createOrders([shipment()])).rejects.toMatchObject({
      constructor: DhlUnavailableError,
      status: 200,
      outcomeUnknown: true,
    });
  });

  test('a slow answer times out as DhlUnavailableError while DHL booked the label: the outcome is unknown', async () => {
    const client = clientFor({ timeoutMs: 300 });
    await client.createOrders([shipment()], { validate: true });
    fake.answerNext({ kind: 'slow', delayMs: 1500 });
    const error = await client.createOrders([shipment('RT-2026-SLOW0001')]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DhlUnavailableError);
    expect(error).toMatchObject({ status: null, outcomeUnknown: true, message: 'DHL did not answer within 300 ms' });
    expect([...fake.shipments.values()].some((booked) => booked.refNo === 'RT-2026-SLOW0001')).toBe(true);
  });

  test('more than 30 shipments (or none) are refused before any call', async () => {
    const requestsBefore = fake.requests.length;
    const tokensBefore = fake.tokenRequests;
    const thirtyOne = Array.from({ length: 31 }, (_, index) => shipment(`RT-2026-BULK${String(index).padStart(4, '0')}`));
    await expect(clientFor().createOrders(thirtyOne)).rejects.toMatchObject({
      constructor: DhlRequestError,
      field: 'shipments',
      message: 'DHL takes 1 to 30 shipments per call (parcel-de-shipping-v2.yaml maxItems: 30); got 31',
    });
    await expect(clientFor().createOrders([])).rejects.toBeInstanceOf(DhlRequestError);
    expect(fake.requests.length).toBe(requestsBefore);
    expect(fake.tokenRequests).toBe(tokensBefore);

    // Thirty go in one call.
    const result = await clientFor().createOrders(thirtyOne.slice(0, 30), { validate: true });
    expect(result).toMatchObject({ status: 207 });
    expect(result.shipments).toHaveLength(30);
  });
});

describe('cancelling and closing out', () => {
  test('a label is cancelled once; a closed-out one can no longer be; closing again is a warning', async () => {
    const client = clientFor();
    const booked = (await client.createOrders([shipment('RT-2026-CANCEL01'), shipment('RT-2026-CLOSE001')])).shipments.map((item) =>
      item.ok ? item.shipmentNo! : '',
    );
    const [toCancel, toClose] = booked;

    expect(await client.cancelOrders([toCancel])).toEqual([
      { shipmentNo: toCancel, ok: true, status: 200, title: 'OK', detail: null, messages: [] },
    ]);
    expect(fake.requests.at(-1)!.query.getAll('shipment')).toEqual([toCancel]);
    expect(fake.requests.at(-1)!.query.get('profile')).toBe('STANDARD_GRUPPENPROFIL');
    expect(await client.cancelOrders([toCancel])).toMatchObject([{ shipmentNo: toCancel, ok: false, status: 400 }]);

    expect(await client.closeOut({ shipmentNumbers: [toClose] })).toMatchObject([{ shipmentNo: toClose, ok: true, title: 'OK' }]);
    expect(fake.shipments.get(toClose)?.state).toBe('closed');
    expect(await client.closeOut({ shipmentNumbers: [toClose] })).toMatchObject([{ shipmentNo: toClose, ok: true, title: 'Warning' }]);
    expect(await client.cancelOrders([toClose])).toMatchObject([{ ok: false, status: 400 }]);
  });

  test('close-out of all shipments sends all=true; of one billing number sends it in the body', async () => {
    const client = clientFor();
    const [open] = (await client.createOrders([shipment('RT-2026-CLOSEALL')])).shipments;
    if (!open.ok) throw new Error('not booked');
    const statuses = await client.closeOut({ all: true });
    expect(fake.requests.at(-1)!.query.get('all')).toBe('true');
    expect(statuses).toContainEqual(expect.objectContaining({ shipmentNo: open.shipmentNo, ok: true }));

    await client.closeOut({ billingNumber: '33333333330102' });
    expect(fake.requests.at(-1)!.body).toEqual({ profile: 'STANDARD_GRUPPENPROFIL', billingNumber: '33333333330102' });
    await expect(client.cancelOrders([])).rejects.toBeInstanceOf(DhlRequestError);
  });
});

describe('shipmentFor: an order as a DHL Paket shipment', () => {
  test('with Ident-Check: the verified name and minimum age 18, valid against DHL’s document', async () => {
    const identCheck = shipmentFor(
      dhlOrderInput({
        ageCheck: { service: 'identCheck', dateOfBirth: '1990-04-01' },
        shippingAddress: { ...dhlOrderInput().shippingAddress, addressLine2: 'c/o Schmidt' },
        shipDate: '2026-12-01',
        weightGrams: 1234,
      }),
    );
    expect(identCheck).toEqual({
      product: 'V01PAK',
      billingNumber: '33333333330102',
      refNo: 'RT-2026-K7M2QX9P',
      shipDate: '2026-12-01',
      shipper: {
        name1: 'RandM Tornado Shop GmbH',
        addressStreet: 'Sträßchensweg 10',
        postalCode: '53113',
        city: 'Bonn',
        country: 'DEU',
        email: 'versand@randm-shop.example',
      },
      consignee: {
        name1: 'Maria Musterfrau',
        name2: 'c/o Schmidt',
        addressStreet: 'Kurt-Schumacher-Str. 20',
        postalCode: '53113',
        city: 'Bonn',
        country: 'DEU',
      },
      details: { weight: { uom: 'g', value: 1234 } },
      services: { identCheck: { firstName: 'Maria', lastName: 'Musterfrau', dateOfBirth: '1990-04-01', minimumAge: 'A18' } },
    });
    expect(shipmentOrderProblems({ profile: 'STANDARD_GRUPPENPROFIL', shipments: [identCheck] })).toEqual([]);
  });

  test('with the visual age check (Alterssichtprüfung 18+), valid against DHL’s document and accepted by the fake', async () => {
    const visual = shipmentFor(dhlOrderInput({ ageCheck: { service: 'visualCheckOfAge' } }));
    // Never to a neighbour: the recipient or their household only (legal-de.md §1.6).
    expect(visual.services).toEqual({ visualCheckOfAge: 'A18', noNeighbourDelivery: true });
    expect(shipmentOrderProblems({ profile: 'STANDARD_GRUPPENPROFIL', shipments: [visual] })).toEqual([]);
    const result = await clientFor().createOrders([visual, shipment()]);
    expect(result.shipments.map((item) => item.ok)).toEqual([true, true]);
  });

  test('a minimum age DHL does not know is refused by the fake as DHL refuses it (400), and recorded', async () => {
    const wrong = shipment();
    (wrong.services!.identCheck as { minimumAge: string }).minimumAge = 'A21';
    await expect(clientFor().createOrders([wrong])).rejects.toMatchObject({ constructor: DhlRejectedError, status: 400 });
    const [refused] = fake.takeInvalidRequests();
    expect(refused.problems.join('\n')).toContain('/shipments/0/services/identCheck/minimumAge must be equal to one of the allowed values');
  });

  test('the fake holds requests to the whole document, stricter where DHL’s backend is', () => {
    const body = (change: (shipment: DhlShipment) => void, count = 1) => {
      const shipments = Array.from({ length: count }, () => shipment());
      shipments.forEach(change);
      return { profile: 'STANDARD_GRUPPENPROFIL', shipments };
    };
    expect(shipmentOrderProblems(body(() => undefined, 30))).toEqual([]);
    expect(shipmentOrderProblems(body(() => undefined, 31))).toContain('/shipments must NOT have more than 30 items');
    expect(shipmentOrderProblems(body((s) => (s.billingNumber = 'XX33333333330102YY')))).toContainEqual(
      expect.stringContaining('/shipments/0/billingNumber must match pattern'),
    );
    expect(shipmentOrderProblems(body((s) => (s.billingNumber = '33333333335301')))).toEqual([
      '/shipments/0/billingNumber digits 11-12 must be 01 for V01PAK',
    ]);
    expect(shipmentOrderProblems(body((s) => (s.refNo = 'RT-1')))).toEqual(['/shipments/0/refNo must NOT have fewer than 8 characters']);
    expect(shipmentOrderProblems(body((s) => ((s.services as Record<string, unknown>).visualCheckOfage = 'A18')))).toEqual([
      '/shipments/0/services must NOT have additional properties',
    ]);
    expect(shipmentOrderProblems(body((s) => (s.shipDate = '2026-12-01T10:00:00')))).toEqual([
      '/shipments/0/shipDate must match format "date"',
    ]);
  });

  test("the fake holds query parameters and headers to the operation's parameter definitions", async () => {
    const { apiKey, apiSecret, username, password } = fake.credentials;
    const tokenAnswer = await fetch(`${fake.baseUrl}/parcel/de/account/auth/ropc/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password, client_id: apiKey, client_secret: apiSecret }),
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const send = (method: string, query: string, headers: Record<string, string> = {}, body?: unknown) =>
      fetch(`${fake.baseUrl}/parcel/de/shipping/v2${query}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const order = { profile: 'STANDARD_GRUPPENPROFIL', shipments: [shipment()] };

    expect((await send('POST', '/orders?validate=maybe&printFormat=A5&foo=1', {}, order)).status).toBe(400);
    expect((await send('DELETE', '/orders?shipment=1&shipment=2')).status).toBe(400);
    expect((await send('POST', '/orders?validate=true', { 'accept-language': 'fr-FR' }, order)).status).toBe(400);
    expect(fake.takeInvalidRequests().map((request) => request.problems)).toEqual([
      [
        'validate=maybe is not a boolean',
        'printFormat=A5 is not one of A4, 910-300-600, 910-300-610, 910-300-700, 910-300-700-oz, 910-300-710, 910-300-300, 910-300-300-oz, 910-300-400, 910-300-410, 100x70mm',
        'query parameter foo is not defined',
      ],
      ['query parameter profile is required'],
      ['Accept-Language fr-FR is not supported'],
    ]);
  });

  test('an order that cannot become a DHL shipment is refused with the field to correct', () => {
    const refused = (overrides: Partial<ShipmentForInput>) => {
      try {
        shipmentFor(dhlOrderInput(overrides));
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(DhlRequestError);
        return { field: (error as DhlRequestError).field, message: (error as Error).message };
      }
    };
    const address = dhlOrderInput().shippingAddress;
    expect(refused({ orderNumber: 'RT-1' })).toEqual({
      field: 'orderNumber',
      message: 'Die Bestellnummer muss für DHL 8 bis 35 Zeichen haben (jetzt 4).',
    });
    expect(refused({ billingNumber: '33333333335301' })?.field).toBe('billingNumber');
    expect(refused({ weightGrams: 31_501 })?.field).toBe('weightGrams');
    expect(refused({ weightGrams: 0 })?.field).toBe('weightGrams');
    expect(refused({ weightGrams: 12.5 })?.field).toBe('weightGrams');
    expect(refused({ shippingAddress: { ...address, street: 'Packstation 105' } })?.field).toBe('shippingAddress');
    expect(refused({ shippingAddress: { ...address, street: `${'Lange Straße '.repeat(4)}1` } })).toEqual({
      field: 'shippingAddress.street',
      message: 'Straße und Hausnummer ist für DHL zu lang: höchstens 50 Zeichen (jetzt 53).',
    });
    expect(refused({ ageCheck: { service: 'identCheck', dateOfBirth: '01.04.1990' } })?.field).toBe('ageCheck.dateOfBirth');
    expect(refused({ shipper: { ...dhlOrderInput().shipper, name: `${'Sehr lange Firmenbezeichnung '.repeat(6)}GmbH` } })).toEqual({
      field: 'shipper.name',
      message: 'Der Name des Absenders ist für DHL zu lang: höchstens 150 Zeichen (jetzt 178).',
    });
  });

  test("a company name longer than one of DHL's name lines goes on the next, broken between words", () => {
    const name = 'Tornado Handel und Vertrieb Gesellschaft mit beschränkter Haftung';
    const shipment = shipmentFor(dhlOrderInput({ shipper: { ...dhlOrderInput().shipper, name } }));
    expect(shipment.shipper).toMatchObject({ name1: 'Tornado Handel und Vertrieb Gesellschaft mit', name2: 'beschränkter Haftung' });
    expect(shipmentOrderProblems({ profile: 'STANDARD_GRUPPENPROFIL', shipments: [shipment] })).toEqual([]);
    expect(shipmentFor(dhlOrderInput()).shipper).not.toHaveProperty('name2');
  });
});

test("the fake's label is a real PDF", async () => {
  expect(await pdfText(await fakeLabelPdf('00340434161094015902', 'RT-2026-K7M2QX9P'))).toContain('Sendungsnummer 00340434161094015902');
});
