/**
 * Request bodies at the gateway (request-bodies.ts), over real sockets: slow bodies never hold a
 * service's connections, streamed and encoded bodies are judged on what arrives, and one client
 * cannot hold the gateway open; and the size limits of declared bodies, per path.
 */
import http from 'node:http';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '@shop/service-kit';
import { findFreePort } from '@shop/local-mongo';
import { buildApp } from '../app';
import { GatewayEnv } from '../config';
import { useGatewayApp } from '../test-support/gateway-harness';

let upstream: FastifyInstance;
let upstreamUrl: string;
/** Requests the service double has open right now, and the most it ever had. */
const upstreamLoad = { open: 0, peak: 0 };

beforeAll(async () => {
  upstream = Fastify();
  upstream.addHook('onRequest', async () => {
    upstreamLoad.open++;
    upstreamLoad.peak = Math.max(upstreamLoad.peak, upstreamLoad.open);
  });
  upstream.addHook('onResponse', async () => {
    upstreamLoad.open--;
  });
  upstream.all('/api/*', async (request) => ({ url: request.url, body: request.body ?? null }));
  upstream.get('/readyz', async () => ({ status: 'ready' }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as net.AddressInfo).port}`;
});
afterAll(() => upstream.close());

async function gateway(overrides: Record<string, string> = {}) {
  const config = loadConfig(GatewayEnv, {
    PORT: '8080',
    LOG_LEVEL: 'silent',
    CATALOG_SERVICE_URL: upstreamUrl,
    CART_SERVICE_URL: upstreamUrl,
    ACCOUNT_SERVICE_URL: upstreamUrl,
    CONTENT_SERVICE_URL: upstreamUrl,
    ADMIN_SERVICE_URL: upstreamUrl,
    INTERNAL_API_SECRET: 'test-internal-secret-0123456789-abcdef',
    IDENTITY_SECRET: 'test-identity-secret-0123456789-abcdef',
    RATE_LIMIT_MAX: '100000',
    ...overrides,
  });
  const app = await buildApp(config);
  const port = await findFreePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, port };
}

/** Waits until `condition` holds (checked every 20 ms, at most 10 s). @throws when it never does. */
async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached within 10 s');
}

/** TCP connections the gateway has open. */
const openConnections = (app: FastifyInstance) =>
  new Promise<number>((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

/** A client that declares a body of `length` bytes and then sends one byte every `everyMs`. */
function slowBody(port: number, path: string, length: number, everyMs: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`);
  const trickle = setInterval(() => socket.writable && socket.write(' '), everyMs);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    get answer() {
      return answer;
    },
    get open() {
      return !socket.destroyed;
    },
    closed,
    stop: () => {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

test('130 slow bodies do not hold the service: normal requests keep answering, the slow ones get 408 in German', async () => {
  const { app, port } = await gateway({ BODY_TIMEOUT_MS: '8000', MAX_OPEN_REQUESTS_PER_CLIENT: '1000' });
  upstreamLoad.peak = 0;
  const attackers = Array.from({ length: 130 }, () => slowBody(port, '/api/withdrawals', 2000, 500));
  try {
    await until(async () => (await openConnections(app)) >= 130); // every attacker connected and trickling
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/withdrawals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ i }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ url: '/api/withdrawals', body: { i } });
    }
    // Answered while every attacker was still connected, and none of them ever reached the service.
    expect(attackers.every((attacker) => attacker.open)).toBe(true);
    expect(upstreamLoad.peak).toBe(1);
    await Promise.all(attackers.map((attacker) => attacker.closed));
    for (const attacker of attackers) expect(attacker.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(attackers[0]!.answer).toContain('"code":"REQUEST_TIMEOUT"');
    expect(attackers[0]!.answer).toContain('Die Anfrage kam zu langsam an.');
  } finally {
    for (const attacker of attackers) attacker.stop();
    await app.close();
  }
}, 45_000);

describe('bodies judged on what arrives', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => ({ app, port } = await gateway({ TRUST_PROXY: '1', MAX_OPEN_REQUESTS_PER_CLIENT: '3' })));
  afterAll(async () => {
    app.server.closeAllConnections();
    await app.close();
  });

  /** Posts `body` and reads the whole answer (an unread answer would keep its connection busy). */
  const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/products/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** A body without a declared length (chunked transfer), `size` bytes in 64 KiB pieces. */
  const chunked = (size: number) =>
    new ReadableStream({
      start(controller) {
        for (let sent = 0; sent < size; sent += 65_536) controller.enqueue(new Uint8Array(Math.min(65_536, size - sent)).fill(32));
        controller.close();
      },
    });

  test('a chunked body over 1 MB gets the German 413; a small chunked body is passed on with its length', async () => {
    const tooLarge = await post(chunked(1_200_000));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'Die Anfrage ist zu groß (höchstens 1 MB).', code: 'PAYLOAD_TOO_LARGE' });
    const small = await post(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"a":'));
          controller.enqueue(new TextEncoder().encode('1}'));
          controller.close();
        },
      }),
    );
    expect(small.status).toBe(200);
    expect(small.body).toEqual({ url: '/api/products/x', body: { a: 1 } });
  });

  test('an encoded body (Content-Encoding: gzip) gets 415 in German, never a hung connection', async () => {
    const response = await post(gzipSync(JSON.stringify({ a: 1 })), { 'content-encoding': 'gzip' });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      message: 'Komprimierte Anfragen werden nicht angenommen. Bitte senden Sie den Inhalt unkomprimiert.',
      code: 'UNSUPPORTED_CONTENT_ENCODING',
    });
  });

  test('one client holds at most MAX_OPEN_REQUESTS_PER_CLIENT open requests; other clients go on', async () => {
    /** A POST on a connection of its own (no pooled connection carries over between attempts). */
    const postFresh = (headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const request = http.request(
          {
            port,
            host: '127.0.0.1',
            path: '/api/products/x',
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', ...headers },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) as Record<string, unknown> }));
          },
        );
        request.on('error', reject);
        request.end('{}');
      });
    const held = Array.from({ length: 3 }, () => slowBody(port, '/api/products/x', 100, 200));
    try {
      // The held requests count once the gateway has read their headers: ask until it says so.
      let fourth = await postFresh();
      await until(async () => (fourth = await postFresh()).status === 429);
      expect(fourth.body.code).toBe('TOO_MANY_CONCURRENT_REQUESTS');
      // Another shopper (behind the trusted proxy, another client IP) is not affected.
      expect((await postFresh({ 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
    } finally {
      for (const connection of held) connection.stop();
    }
    await until(async () => (await postFresh()).status === 200); // released when they closed
  });
});

/** The size limits, judged by the gateway itself before anything reaches a service (as inject sends a declared length). */
describe('bodies by their declared size', () => {
  const setup = useGatewayApp({ RATE_LIMIT_MAX: '1000' });

  test('a body over 1 MiB is refused by the gateway itself with the German 413', async () => {
    const response = await setup.app.inject({ method: 'POST', url: '/api/products/x', payload: { pad: 'x'.repeat(1_100_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Die Anfrage ist zu groß (höchstens 1 MB).', code: 'PAYLOAD_TOO_LARGE' });
    expect((await setup.app.inject({ method: 'POST', url: '/api/products/x', payload: { pad: 'x'.repeat(1000) } })).statusCode).toBe(200);
  });

  test('only the media upload takes up to 10 MB, by its exact path; beyond that its own German 413', async () => {
    const upload = (url: string, bytes: number) =>
      setup.app.inject({ method: 'POST', url, payload: 'x'.repeat(bytes), headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    // Passed on (the admin guard then wants a login): not refused for its size.
    expect((await upload('/api/admin/media', 5_000_000)).statusCode).toBe(401);
    const tooLarge = await upload('/api/admin/media', 11 * 1024 * 1024);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'Die Datei ist zu groß (höchstens 10 MB).', code: 'PAYLOAD_TOO_LARGE' });
    for (const url of ['/api/admin/media/', '/api/admin//media', '/api/admin/%6dedia', '/api/admin/products'])
      expect((await upload(url, 2_000_000)).statusCode).toBe(413);
  });

  test('the catalogue CSV import takes up to 20 MB on its two exact paths, with its own German 413', async () => {
    const csv = (url: string, bytes: number) =>
      setup.app.inject({ method: 'POST', url, payload: 'x'.repeat(bytes), headers: { 'content-type': 'text/csv' } });
    for (const url of ['/api/admin/products/import/dry-run?mode=all', '/api/admin/products/import/apply']) {
      expect((await csv(url, 5_000_000)).statusCode).toBe(401);
      const tooLarge = await csv(url, 21_000_000);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ message: 'Die Datei ist zu groß (höchstens 20 MB).', code: 'PAYLOAD_TOO_LARGE' });
    }
    expect((await csv('/api/admin/products/import/dry-run/', 2_000_000)).statusCode).toBe(413);
  });
});
