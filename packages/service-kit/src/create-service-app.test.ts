import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { createDomainService } from './domain-service';
import { ConfigError, loadConfig, serviceEnvSchema } from './config';
import { errorResponses } from '@shop/contracts';
import { ConflictError, NotFoundError, defineApiError } from './errors';
import { createServiceApp, type ServiceApp } from './create-service-app';

const env = serviceEnvSchema('testkit', 4999);

async function buildTestApp(): Promise<ServiceApp> {
  const config = loadConfig(env, {
    MONGODB_URI: process.env.MONGODB_URI,
    MONGODB_DB: `test_kit_${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
  });
  const app = await createDomainService(config, { service: 'testkit', description: 'test' });
  app.post(
    '/api/things',
    {
      schema: {
        body: z.object({ quantity: z.number().int().min(1).max(99) }).strict(),
        response: { 201: z.object({ quantity: z.number() }) },
      },
    },
    async (request, reply) => reply.code(201).send({ quantity: request.body.quantity }),
  );
  app.get('/api/things/:id', async () => {
    throw new NotFoundError('Produkt nicht gefunden');
  });
  app.get('/api/request-id', async (request) => ({ id: request.id }));
  app.get('/api/client-ip', async (request) => ({ ip: request.ip }));
  app.get('/api/broken', async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
  return app;
}

describe('service app factory', () => {
  let app: ServiceApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.db.dropDatabase();
    await app.close();
  });

  test('healthz answers without touching dependencies', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', service: 'testkit' });
  });

  test('x-forwarded-for names the client only when the gateway (a loopback or private peer) sends it', async () => {
    const ipSeen = async (remoteAddress: string) =>
      (await app.inject({ method: 'GET', url: '/api/client-ip', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.7' } })).json();
    expect(await ipSeen('127.0.0.1')).toEqual({ ip: '198.51.100.7' });
    expect(await ipSeen('172.18.0.5')).toEqual({ ip: '198.51.100.7' }); // the compose network
    // A client that reaches the service directly cannot choose the IP its limits count against.
    expect(await ipSeen('203.0.113.50')).toEqual({ ip: '203.0.113.50' });
  });

  test('readyz pings the service database', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', checks: [{ name: 'mongodb', ok: true }] });
  });

  test('valid body passes validation', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things', payload: { quantity: 3 } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ quantity: 3 });
  });

  test('invalid body gives 400 with a German message and precise issues', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things', payload: { quantity: 0 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Menge: mindestens 1 nötig');
    expect(body.issues).toEqual([{ path: 'body/quantity', message: 'mindestens 1 nötig', rule: 'too_small' }]);
  });

  test('unknown fields are rejected (strict objects)', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things', payload: { quantity: 1, price: '0.01' } });
    expect(response.statusCode).toBe(400);
  });

  test('expected errors keep their status, code and German message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/42' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Produkt nicht gefunden', code: 'NOT_FOUND' });
  });

  test('unexpected errors give 500 without internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Interner Serverfehler', code: 'INTERNAL_ERROR' });
    expect(response.body).not.toContain('secret');
  });

  test("router errors answer in German with a stable code, never Fastify's English", async () => {
    const long = await app.inject({ method: 'GET', url: `/api/things/${'x'.repeat(1100)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'Die Adresse der Anfrage ist zu lang.', code: 'URI_TOO_LONG' });
    const bad = await app.inject({ method: 'GET', url: '/api/things/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Die Adresse der Anfrage ist ungültig.', code: 'BAD_URL' });
  });

  test('unknown routes give a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Nicht gefunden: GET /api/nothing', code: 'NOT_FOUND' });
  });

  test.each([
    ['application/json', '{kaputt', 400, 'INVALID_JSON', 'Die Anfrage enthält kein gültiges JSON.'],
    ['application/json', '', 400, 'EMPTY_BODY', 'Die Anfrage ist leer; erwartet wird ein JSON-Objekt.'],
    [
      'application/json',
      JSON.stringify({ quantity: 1, pad: 'x'.repeat(1_100_000) }),
      413,
      'PAYLOAD_TOO_LARGE',
      'Die Anfrage ist zu groß (höchstens 1 MB).',
    ],
    [
      'application/xml',
      '<quantity>1</quantity>',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Nicht unterstütztes Format: Bitte senden Sie JSON (Content-Type: application/json).',
    ],
  ])('a %s body the parser refuses gets a German message and a stable code (%#)', async (contentType, payload, status, code, message) => {
    const response = await app.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message, code });
  });

  test("a short, safe x-request-id (the gateway's) is kept; anything else is replaced by a new UUID", async () => {
    const idFor = async (header?: string) =>
      (await app.inject({ method: 'GET', url: '/api/request-id', headers: header === undefined ? {} : { 'x-request-id': header } })).json()
        .id as string;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(await idFor('abc-123')).toBe('abc-123');
    expect(await idFor('0f4e0a6c-6c9b-4a57-9c6e-2f0b8f1d9a10')).toBe('0f4e0a6c-6c9b-4a57-9c6e-2f0b8f1d9a10');
    expect(await idFor()).toMatch(uuid);
    expect(await idFor('x'.repeat(8000))).toMatch(uuid);
    expect(await idFor('<script>alert(1)</script>')).toMatch(uuid);
    expect(await idFor('a b')).toMatch(uuid);
  });

  test('OpenAPI document describes the routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/things']));
    expect(doc.paths['/api/things'].post.requestBody.content['application/json'].schema.properties.quantity).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
  });
});

describe('declared error answers', () => {
  const OutOfStock = defineApiError('OUT_OF_STOCK', 409);
  function appWith(strictErrorContracts: boolean) {
    const app = createServiceApp({ service: 'contracts', description: 'test', logLevel: 'silent', strictErrorContracts });
    // Routes inside a plugin, as in the services, so @fastify/swagger sees them.
    app.register(async (scope) => {
      const response = { 200: z.object({ ok: z.boolean() }), ...errorResponses({ 409: ['OUT_OF_STOCK'] }) };
      scope.get('/declared', { schema: { response } }, async () => {
        throw new OutOfStock('Nicht genügend Bestand.');
      });
      scope.get('/other-code', { schema: { response } }, async () => {
        throw new ConflictError('Schon vergeben.');
      });
      scope.get('/other-status', { schema: { response } }, async () => {
        throw new NotFoundError('Nicht gefunden.');
      });
      scope.get('/validation', { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }), response } }, async () => ({
        ok: true,
      }));
    });
    return app;
  }

  test('a declared code goes out with its status and German message', async () => {
    const app = appWith(true);
    const response = await app.inject({ method: 'GET', url: '/declared' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Nicht genügend Bestand.', code: 'OUT_OF_STOCK' });
    await app.close();
  });

  test('generic answers need no declaration: a validation error names the field in plain German', async () => {
    const app = appWith(true);
    const response = await app.inject({ method: 'GET', url: '/validation?page=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Seite: mindestens 1 nötig',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'querystring/page', message: 'mindestens 1 nötig', rule: 'too_small' }],
    });
    await app.close();
  });

  test.each(['/other-code', '/other-status'])('strict (tests): an undeclared answer of %s is a 500', async (url) => {
    const app = appWith(true);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Interner Serverfehler', code: 'INTERNAL_ERROR' });
    await app.close();
  });

  test('lenient (production): an undeclared answer still reaches the shopper as sent', async () => {
    const app = appWith(false);
    const code = await app.inject({ method: 'GET', url: '/other-code' });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toEqual({ message: 'Schon vergeben.', code: 'CONFLICT' });
    const status = await app.inject({ method: 'GET', url: '/other-status' });
    expect(status.statusCode).toBe(404);
    expect(status.json()).toEqual({ message: 'Nicht gefunden.', code: 'NOT_FOUND' });
    await app.close();
  });

  test('the OpenAPI document lists each status with its codes', async () => {
    const app = appWith(true);
    await app.ready();
    const doc = app.swagger() as unknown as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { schema: { properties: { code: { enum: string[] } } } }> }> } }
      >;
    };
    const responses = doc.paths['/declared']!.get.responses;
    expect(responses['409']!.content['application/json']!.schema.properties.code.enum).toEqual(['OUT_OF_STOCK']);
    expect(responses['503']!.content['application/json']!.schema.properties.code.enum).toEqual(['DATABASE_UNAVAILABLE']);
    await app.close();
  });
});

describe('unexpected errors over a real connection', () => {
  /** An app whose log lines are collected, listening on a free port (inject has no socket to lose). */
  async function listeningApp() {
    const lines: Array<{ level: number; msg: string; err?: { message: string } }> = [];
    const app = createServiceApp({
      service: 'testkit',
      description: 'test',
      fastify: {
        logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
        forceCloseConnections: true,
      },
    });
    let releaseSlow: () => void = () => {};
    const slowStarted = new Promise<void>((started) => {
      app.post('/api/failing-write', async () => {
        throw new Error('write failed unexpectedly');
      });
      app.get('/api/slow-failure', async () => {
        started();
        await new Promise<void>((release) => (releaseSlow = release));
        throw new Error('failed after the client left');
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, address, lines, slowStarted, releaseSlow: () => releaseSlow() };
  }

  test('a failing write with a body is a 500 INTERNAL_ERROR logged at level error with its cause', async () => {
    const { app, address, lines } = await listeningApp();
    try {
      const response = await fetch(`${address}/api/failing-write`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ quantity: 2 }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Interner Serverfehler', code: 'INTERNAL_ERROR' });
      const logged = lines.find((line) => line.msg === 'unhandled error');
      expect(logged).toMatchObject({ level: 50, err: { message: 'write failed unexpectedly' } });
    } finally {
      await app.close();
    }
  });

  test('a failure after the client went away is logged at level info as a closed client, not as an error', async () => {
    const { app, address, lines, slowStarted, releaseSlow } = await listeningApp();
    try {
      const abort = new AbortController();
      const request = fetch(`${address}/api/slow-failure`, { signal: abort.signal }).catch((error: Error) => error.name);
      await slowStarted;
      abort.abort();
      expect(await request).toBe('AbortError');
      await new Promise((resolve) => setTimeout(resolve, 100)); // the server sees the socket close
      releaseSlow();
      const deadline = Date.now() + 2000;
      while (!lines.some((line) => line.msg.startsWith('client closed')) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines.find((line) => line.msg.startsWith('client closed'))).toMatchObject({ level: 30 });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  test('names every bad variable', () => {
    expect(() => loadConfig(env, { MONGODB_URI: 'postgres://x', PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig(env, { MONGODB_URI: 'postgres://x', PORT: 'abc' });
    } catch (error) {
      expect(String(error)).toContain('PORT:');
      expect(String(error)).toContain('MONGODB_URI:');
    }
  });

  test('applies defaults', () => {
    expect(loadConfig(env, { MONGODB_URI: 'mongodb://127.0.0.1:27017/' })).toMatchObject({
      PORT: 4999,
      HOST: '127.0.0.1',
      MONGODB_DB: 'shop_testkit',
      LOG_LEVEL: 'info',
    });
  });
});
