/**
 * An in-process fake of DHL's Parcel DE Shipping API v2 and its token endpoint (tests only),
 * answering as DHL's document and sandbox do: the OAuth2 password flow with `expires_in`,
 * POST /orders (200 for one shipment, 207 for several, a base64 PDF label per booked shipment,
 * `?validate=true` without booking), DELETE /orders (cancel), POST /manifests (close-out, 207).
 *
 * Every request is checked against the vendored document
 * (src/shipping/dhl/parcel-de-shipping-v2.yaml): JSON bodies against their schemas with
 * ajv-draft-04 (the document is OpenAPI 3.0, draft-04 flavoured: boolean `exclusiveMaximum`), query
 * parameters and `Accept-Language` against the operation's parameter definitions. Stricter than
 * the schema text where DHL's backend is: patterns match the whole value (DHL's are written
 * unanchored), no properties the schema does not define, a V01PAK billing number has 01 at digits
 * 11–12. A request that does not match is answered 400 (as DHL does) AND recorded: tests call
 * `assertNoInvalidRequests()` so a client bug fails the test even when the client copes with
 * the 400.
 *
 * Tests choose the next answers with `answerNext(...)` (API calls) and `answerNextToken(...)`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import PDFDocument from 'pdfkit';
import { parse as parseYaml } from 'yaml';
import type { ShipmentForInput } from '../shipping/dhl/shipment-for';

const DOCUMENT_PATH = path.join(__dirname, '../shipping/dhl/parcel-de-shipping-v2.yaml');
const SHIPPING_PATH = '/parcel/de/shipping/v2';
const TOKEN_PATH = '/parcel/de/account/auth/ropc/v1/token';
/** DHL's supported response languages (`Accept-Language` description), and '*' (fetch's default: none chosen, English). */
const LANGUAGES = ['de-DE', 'en-US', '*'];
/** The one query parameter DHL's document says is repeated ('If multiple shipments shall be canceled, the parameter must be added multiple times'). */
const REPEATABLE = new Set(['shipment']);

type JsonSchema = { [key: string]: unknown };
interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema?: { type?: string; enum?: string[] };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
}

/** The document, its operations and a validator per request body schema (loaded once). */
const openApi = (() => {
  let loaded: { paths: Record<string, Record<string, Operation>>; validate: (schemaRef: string, body: unknown) => string[] } | null = null;
  return () => {
    if (loaded) return loaded;
    const document = parseYaml(readFileSync(DOCUMENT_PATH, 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, JsonSchema> };
    };
    const ajv = new Ajv04({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ id: 'dhl', components: { schemas: strictened(document.components.schemas) } });
    loaded = {
      paths: document.paths,
      validate(schemaRef, body) {
        const validator = ajv.getSchema(`dhl${schemaRef}`);
        if (!validator) throw new Error(`no schema ${schemaRef} in DHL's document`);
        return validator(body) ? [] : (validator.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message}`);
      },
    };
    return loaded;
  };
})();

/**
 * The document's schemas as DHL's backend applies them: every `pattern` matches the whole value,
 * and an object with `properties` allows no others.
 */
function strictened(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const copy: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      copy[key] =
        key === 'properties'
          ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, schema]) => [name, visit(schema)]))
          : visit(value);
    }
    if (typeof copy.pattern === 'string' && !copy.pattern.startsWith('^')) copy.pattern = `^(?:${copy.pattern})$`;
    if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
    return copy;
  };
  return visit(schemas) as Record<string, JsonSchema>;
}

/**
 * Problems of a POST /orders body against `ShipmentOrderRequest` (plus the billing number's
 * product digits); empty when DHL would take it. Also for tests of shipments built by the shop.
 */
export function shipmentOrderProblems(body: unknown): string[] {
  const problems = openApi().validate('#/components/schemas/ShipmentOrderRequest', body);
  const shipments = (body as { shipments?: Array<{ product?: string; billingNumber?: string }> })?.shipments ?? [];
  shipments.forEach((shipment, index) => {
    if (shipment.product === 'V01PAK' && typeof shipment.billingNumber === 'string' && shipment.billingNumber.slice(10, 12) !== '01') {
      problems.push(`/shipments/${index}/billingNumber digits 11-12 must be 01 for V01PAK`);
    }
  });
  return problems;
}

/**
 * An order as `shipmentFor` takes it, with the addresses of DHL's sandbox collection (V01PAK
 * examples: they pass DHL's address check) and the sandbox billing number; Ident-Check by default.
 */
export const dhlOrderInput = (overrides: Partial<ShipmentForInput> = {}): ShipmentForInput => ({
  orderNumber: 'RT-2026-K7M2QX9P',
  shippingAddress: {
    firstName: 'Maria',
    lastName: 'Musterfrau',
    street: 'Kurt-Schumacher-Str. 20',
    addressLine2: '',
    postalCode: '53113',
    city: 'Bonn',
    country: 'DE',
  },
  weightGrams: 500,
  billingNumber: '33333333330102',
  shipper: {
    name: 'RandM Tornado Shop GmbH',
    street: 'Sträßchensweg 10',
    postalCode: '53113',
    city: 'Bonn',
    email: 'versand@randm-shop.example',
  },
  ageCheck: { service: 'identCheck' },
  ...overrides,
});

/** One validation message as DHL sends it (`ValidationMessageItem`). */
export interface FakeValidationMessage {
  property: string;
  validationMessage: string;
  validationState: 'Error' | 'Warning';
}

/** What the fake answers to the next API call (after checking the request against the document). */
export type FakeDhlAnswer =
  /** As DHL: book (or only validate) every shipment; `warnings` by shipment index are added to booked ones. */
  | { kind: 'ok'; warnings?: Record<number, FakeValidationMessage[]> }
  /** 207: the shipments at `refused` get status 400 with a message, the others are booked. */
  | { kind: 'mixed'; refused: number[] }
  /** Every shipment booked, but the label of the shipment at `index` missing from the answer (a broken part of a 207). */
  | { kind: 'label-missing'; index: number }
  /** 400 `LabelDataResponse`: `messages` by shipment index; nothing booked. */
  | { kind: 'rejected'; messages: Record<number, FakeValidationMessage[]> }
  | { kind: 'unauthorized' }
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  | { kind: 'server-error' }
  /** 200 with a body that is not JSON. */
  | { kind: 'garbage' }
  /** Does the work (books), then answers only after `delayMs`: a client with a shorter timeout never learns the outcome. */
  | { kind: 'slow'; delayMs: number };

/** What the fake answers to the next token request. */
export type FakeTokenAnswer = { kind: 'refused' } | { kind: 'server-error' } | { kind: 'garbage' } | { kind: 'slow'; delayMs: number };

/** A request as the fake received it. */
export interface FakeDhlRequest {
  method: string;
  /** Path below the shipping API, e.g. '/orders'. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A request the document does not allow, and why. */
export interface InvalidDhlRequest {
  method: string;
  url: string;
  problems: string[];
}

/** A shipment the fake booked. */
export interface FakeShipment {
  shipmentNo: string;
  refNo: string | undefined;
  billingNumber: string | undefined;
  state: 'booked' | 'cancelled' | 'closed';
  /** The request's shipment as sent. */
  request: unknown;
}

export interface FakeDhl {
  /** The fake's origin, e.g. 'http://127.0.0.1:41234' (the client's `baseUrl`). */
  baseUrl: string;
  credentials: { apiKey: string; apiSecret: string; username: string; password: string };
  /** API calls (not token requests), in order of arrival. */
  requests: FakeDhlRequest[];
  /** How many tokens were asked for (answered or not). */
  tokenRequests: number;
  /** Booked shipments by shipment number. */
  shipments: Map<string, FakeShipment>;
  answerNext(...answers: FakeDhlAnswer[]): void;
  answerNextToken(...answers: FakeTokenAnswer[]): void;
  /** Every token issued so far is expired from now on (DHL answers 401 to it). */
  expireTokens(): void;
  /** The invalid requests recorded so far; forgets them (for tests that send one on purpose). */
  takeInvalidRequests(): InvalidDhlRequest[];
  /** Throws listing every invalid request recorded (call in afterEach). */
  assertNoInvalidRequests(): void;
  close(): Promise<void>;
}

/** A small real PDF standing in for DHL's label (pdfkit, 103 × 199 mm as DHL's 910-300-700). */
export function fakeLabelPdf(shipmentNo: string, refNo: string | undefined): Promise<Buffer> {
  const doc = new PDFDocument({ size: [292, 564], margin: 20, info: { Title: `DHL Paket ${shipmentNo}`, CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(14).text('DHL Paket (Testlabel)');
  doc.fontSize(10).text(`Sendungsnummer ${shipmentNo}`);
  if (refNo) doc.text(`Referenz ${refNo}`);
  doc.end();
  return done;
}

const status = (code: number, title: string, detail?: string) => ({ title, status: code, statusCode: code, ...(detail ? { detail } : {}) });
const OK = status(200, 'OK');

/**
 * Starts the fake on 127.0.0.1 (a free port). Credentials default to DHL's sandbox user and a test
 * app key and secret; tokens live `tokenLifetimeSeconds` (DHL: 1799).
 */
export async function startFakeDhl(options: { tokenLifetimeSeconds?: number } = {}): Promise<FakeDhl> {
  const credentials = { apiKey: 'fake-app-key', apiSecret: 'fake-app-secret', username: 'user-valid', password: 'SandboxPasswort2023!' };
  const tokens = new Map<string, number>();
  const answers: FakeDhlAnswer[] = [];
  const tokenAnswers: FakeTokenAnswer[] = [];
  let invalid: InvalidDhlRequest[] = [];
  const sockets = new Set<Socket>();

  const fake: FakeDhl = {
    baseUrl: '',
    credentials,
    requests: [],
    tokenRequests: 0,
    shipments: new Map(),
    answerNext: (...next) => void answers.push(...next),
    answerNextToken: (...next) => void tokenAnswers.push(...next),
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    takeInvalidRequests: () => {
      const taken = invalid;
      invalid = [];
      return taken;
    },
    assertNoInvalidRequests: () => {
      if (invalid.length === 0) return;
      const list = invalid.map((request) => `${request.method} ${request.url}: ${request.problems.join('; ')}`).join('\n');
      invalid = [];
      throw new Error(`The client sent requests that DHL's document does not allow:\n${list}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const send = (response: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}) => {
    if (response.destroyed) return;
    const type = code === 200 || code === 207 ? 'application/json' : 'application/problem+json';
    response.writeHead(code, { 'content-type': type, ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const refuse = (request: IncomingMessage, response: ServerResponse, problems: string[]) => {
    invalid.push({ method: request.method ?? '', url: request.url ?? '', problems });
    send(response, 400, { status: status(400, 'Bad Request', problems.join('; ').slice(0, 80)) });
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function handleToken(request: IncomingMessage, response: ServerResponse, raw: string) {
    fake.tokenRequests += 1;
    const form = new URLSearchParams(raw);
    const fields = ['grant_type', 'username', 'password', 'client_id', 'client_secret'];
    const problems = [
      ...(request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        ? []
        : ['content-type must be application/x-www-form-urlencoded']),
      ...fields.filter((field) => form.getAll(field).length !== 1).map((field) => `${field} must be given once`),
      ...[...form.keys()].filter((key) => !fields.includes(key)).map((key) => `unknown field ${key}`),
      ...(form.get('grant_type') === 'password' ? [] : ['grant_type must be password']),
    ];
    if (problems.length > 0) return refuse(request, response, problems);
    const scripted = tokenAnswers.shift();
    if (scripted?.kind === 'slow') await sleep(scripted.delayMs);
    if (scripted?.kind === 'server-error') return send(response, 500, { title: 'Internal Server Error', statusCode: 500 });
    if (scripted?.kind === 'garbage') return send(response, 200, '<html><body>Gateway</body></html>');
    const known =
      form.get('client_id') === credentials.apiKey &&
      form.get('client_secret') === credentials.apiSecret &&
      form.get('username') === credentials.username &&
      form.get('password') === credentials.password;
    if (scripted?.kind === 'refused' || !known)
      return send(response, 401, { error: 'invalid_grant', error_description: 'Invalid credentials' });
    const token = randomBytes(24).toString('base64url');
    const lifetime = options.tokenLifetimeSeconds ?? 1799;
    tokens.set(token, Date.now() + lifetime * 1000);
    send(response, 200, { access_token: token, token_type: 'Bearer', expires_in: lifetime });
  }

  /** Query parameters and Accept-Language against the operation's parameter definitions. */
  function parameterProblems(operation: Operation, query: URLSearchParams, headers: IncomingMessage['headers']): string[] {
    const declared = new Map(
      (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter]),
    );
    const problems: string[] = [];
    for (const name of new Set(query.keys())) {
      const parameter = declared.get(name);
      if (!parameter) {
        problems.push(`query parameter ${name} is not defined`);
        continue;
      }
      const values = query.getAll(name);
      if (values.length > 1 && !REPEATABLE.has(name)) problems.push(`query parameter ${name} given ${values.length} times`);
      if (name === 'shipment' && values.length > 30) problems.push('at most 30 shipment parameters');
      for (const value of values) {
        if (parameter.schema?.type === 'boolean' && value !== 'true' && value !== 'false')
          problems.push(`${name}=${value} is not a boolean`);
        if (parameter.schema?.enum && !parameter.schema.enum.includes(value))
          problems.push(`${name}=${value} is not one of ${parameter.schema.enum.join(', ')}`);
      }
    }
    for (const parameter of declared.values()) {
      if (parameter.required && !query.has(parameter.name)) problems.push(`query parameter ${parameter.name} is required`);
    }
    const language = headers['accept-language'];
    if (language !== undefined && !LANGUAGES.includes(language)) problems.push(`Accept-Language ${language} is not supported`);
    return problems;
  }

  async function booked(shipment: { refNo?: string; billingNumber?: string }) {
    const shipmentNo = `0034043333301020${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    fake.shipments.set(shipmentNo, {
      shipmentNo,
      refNo: shipment.refNo,
      billingNumber: shipment.billingNumber,
      state: 'booked',
      request: shipment,
    });
    const pdf = await fakeLabelPdf(shipmentNo, shipment.refNo);
    return {
      shipmentNo,
      routingCode: '40327653113+99000943058020',
      ...(shipment.refNo ? { shipmentRefNo: shipment.refNo } : {}),
      sstatus: OK,
      label: { b64: pdf.toString('base64'), fileFormat: 'PDF', printFormat: 'A4' },
    };
  }

  async function createOrders(
    query: URLSearchParams,
    body: { shipments: Array<{ refNo?: string; billingNumber?: string }> },
    answer: FakeDhlAnswer,
  ) {
    const validateOnly = query.get('validate') === 'true';
    const shipments = body.shipments;
    if (answer.kind === 'rejected') {
      const items = shipments.map((shipment, index) => ({
        ...(shipment.refNo ? { shipmentRefNo: shipment.refNo } : {}),
        sstatus: answer.messages[index] ? status(400, 'Bad Request') : OK,
        validationMessages: answer.messages[index] ?? [],
      }));
      return {
        code: 400,
        body: { status: status(400, 'Bad Request', `0 von ${shipments.length} Sendungen erfolgreich gedruckt.`), items },
      };
    }
    const refused = answer.kind === 'mixed' ? new Set(answer.refused) : new Set<number>();
    const items = [];
    for (const [index, shipment] of shipments.entries()) {
      if (refused.has(index)) {
        items.push({
          ...(shipment.refNo ? { shipmentRefNo: shipment.refNo } : {}),
          sstatus: status(400, 'Bad Request'),
          validationMessages: [
            {
              property: 'consignee.addressStreet',
              validationMessage: 'Die angegebene Straße kann nicht gefunden werden.',
              validationState: 'Error',
            },
          ],
        });
        continue;
      }
      const warnings = answer.kind === 'ok' ? (answer.warnings?.[index] ?? []) : [];
      const item = validateOnly ? { ...(shipment.refNo ? { shipmentRefNo: shipment.refNo } : {}), sstatus: OK } : await booked(shipment);
      if (answer.kind === 'label-missing' && answer.index === index && 'label' in item) delete (item as { label?: unknown }).label;
      items.push({ ...item, validationMessages: warnings });
    }
    const done = shipments.length - refused.size;
    const code = shipments.length === 1 ? 200 : 207;
    return {
      code,
      body: {
        status: status(code, code === 200 ? 'OK' : 'Multi-status', `${done} von ${shipments.length} Sendungen erfolgreich gedruckt.`),
        items,
      },
    };
  }

  function cancel(query: URLSearchParams) {
    const items = query.getAll('shipment').map((shipmentNo) => {
      const shipment = fake.shipments.get(shipmentNo);
      if (!shipment || shipment.state !== 'booked') {
        return { shipmentNo, sstatus: status(400, 'Bad Request', 'Sendung unbekannt, storniert oder abgeschlossen.') };
      }
      shipment.state = 'cancelled';
      return { shipmentNo, sstatus: OK };
    });
    const code = items.length > 1 ? 207 : items[0].sstatus.status;
    return { code, body: { status: status(code, code === 200 ? 'OK' : code === 207 ? 'Multi-status' : 'Bad Request'), items } };
  }

  function closeOut(query: URLSearchParams, body: { shipmentNumbers?: string[]; billingNumber?: string }) {
    const all = [...fake.shipments.values()];
    const chosen = body.shipmentNumbers
      ? body.shipmentNumbers.map((number) => fake.shipments.get(number) ?? number)
      : all.filter(
          (shipment) => shipment.state !== 'cancelled' && (query.get('all') === 'true' || shipment.billingNumber === body.billingNumber),
        );
    const items = chosen.map((shipment) => {
      if (typeof shipment === 'string' || shipment.state === 'cancelled') {
        const shipmentNo = typeof shipment === 'string' ? shipment : shipment.shipmentNo;
        return { shipmentNo, sstatus: status(400, 'Bad Request', 'Sendung unbekannt oder storniert.') };
      }
      const wasClosed = shipment.state === 'closed';
      shipment.state = 'closed';
      return { shipmentNo: shipment.shipmentNo, sstatus: wasClosed ? status(200, 'Warning', 'Sendung war bereits abgeschlossen.') : OK };
    });
    return { code: 207, body: { status: status(207, 'Multi-status'), items } };
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL, raw: string) {
    const apiPath = url.pathname.slice(SHIPPING_PATH.length) || '/';
    const method = (request.method ?? 'GET').toLowerCase();
    const operation = openApi().paths[apiPath]?.[method];
    let body: unknown = undefined;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    fake.requests.push({ method: method.toUpperCase(), path: apiPath, query: url.searchParams, headers: request.headers, body });
    if (!operation) return refuse(request, response, [`${method.toUpperCase()} ${apiPath} is not in DHL's document`]);

    const problems = parameterProblems(operation, url.searchParams, request.headers);
    const bodySchema = operation.requestBody?.content['application/json']?.schema.$ref;
    if (bodySchema) {
      if (!request.headers['content-type']?.startsWith('application/json')) problems.push('content-type must be application/json');
      if (typeof body !== 'object' || body === null) problems.push('the body must be JSON');
      else problems.push(...(apiPath === '/orders' ? shipmentOrderProblems(body) : openApi().validate(bodySchema, body)));
    } else if (raw !== '') {
      problems.push('this operation takes no body');
    }
    const authorization = request.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if ((tokens.get(token) ?? 0) <= Date.now()) {
      // DHL checks the token first; an invalid request is recorded all the same.
      if (problems.length > 0) invalid.push({ method: request.method ?? '', url: request.url ?? '', problems });
      return send(response, 401, { title: 'Unauthorized', statusCode: 401, detail: 'Unauthorized for given resource.' });
    }
    if (problems.length > 0) return refuse(request, response, problems);

    const answer = answers.shift() ?? { kind: 'ok' };
    if (answer.kind === 'unauthorized')
      return send(response, 401, { title: 'Unauthorized', statusCode: 401, detail: 'Unauthorized for given resource.' });
    if (answer.kind === 'rate-limited') {
      const headers: Record<string, string> =
        answer.retryAfterSeconds === undefined ? {} : { 'retry-after': String(answer.retryAfterSeconds) };
      return send(response, 429, { title: 'Too Many Requests', status: 429, statusCode: 429 }, headers);
    }
    if (answer.kind === 'server-error') return send(response, 500, { title: 'Internal Server Error', status: 500, statusCode: 500 });
    if (answer.kind === 'garbage') return send(response, 200, '<html><body>502 Bad Gateway</body></html>');

    const result =
      apiPath === '/orders' && method === 'post'
        ? await createOrders(url.searchParams, body as { shipments: [] }, answer)
        : apiPath === '/orders' && method === 'delete'
          ? cancel(url.searchParams)
          : apiPath === '/manifests' && method === 'post'
            ? closeOut(url.searchParams, body as { shipmentNumbers?: string[] })
            : null;
    if (!result) return refuse(request, response, [`the fake does not answer ${method.toUpperCase()} ${apiPath}`]);
    if (answer.kind === 'slow') await sleep(answer.delayMs);
    send(response, result.code, result.body);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake-dhl');
      const handled =
        url.pathname === TOKEN_PATH && request.method === 'POST'
          ? handleToken(request, response, raw)
          : url.pathname.startsWith(SHIPPING_PATH)
            ? handleApi(request, response, url, raw)
            : Promise.resolve(
                refuse(request, response, [`${request.method} ${url.pathname} is neither the token endpoint nor the shipping API`]),
              );
      handled.catch((error: unknown) => {
        invalid.push({ method: request.method ?? '', url: request.url ?? '', problems: [`the fake failed: ${(error as Error).message}`] });
        send(response, 500, { title: 'Internal Server Error', status: 500, statusCode: 500 });
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
