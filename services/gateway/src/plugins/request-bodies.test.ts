/**
 * Request bodies at the gateway (issue #21), over real sockets: slow bodies never hold a
 * service's connections, streamed and encoded bodies are judged on what arrives, and one client
 * cannot hold the gateway open.
 */
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '@shop/service-kit';
import { findFreePort } from '@shop/local-mongo';
import { buildApp } from '../app';
import { GatewayEnv } from '../config';

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
  const { app, port } = await gateway({ BODY_TIMEOUT_MS: '3000', MAX_OPEN_REQUESTS_PER_CLIENT: '1000' });
  upstreamLoad.peak = 0;
  const attackers = Array.from({ length: 130 }, () => slowBody(port, '/api/withdrawals', 2000, 500));
  try {
    await new Promise((resolve) => setTimeout(resolve, 300)); // every attacker connected and trickling
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
}, 30_000);

describe('bodies judged on what arrives', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => ({ app, port } = await gateway({ TRUST_PROXY: '1', MAX_OPEN_REQUESTS_PER_CLIENT: '3' })));
  afterAll(async () => {
    app.server.closeAllConnections();
    await app.close();
  });

  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}/api/products/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);

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
    expect(await tooLarge.json()).toEqual({ message: 'Die Anfrage ist zu groß (höchstens 1 MB).', code: 'PAYLOAD_TOO_LARGE' });
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
    expect(await small.json()).toEqual({ url: '/api/products/x', body: { a: 1 } });
  });

  test('an encoded body (Content-Encoding: gzip) gets 415 in German, never a hung connection', async () => {
    const response = await post(gzipSync(JSON.stringify({ a: 1 })), { 'content-encoding': 'gzip' });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Komprimierte Anfragen werden nicht angenommen. Bitte senden Sie den Inhalt unkomprimiert.',
      code: 'UNSUPPORTED_CONTENT_ENCODING',
    });
  });

  test('one client holds at most MAX_OPEN_REQUESTS_PER_CLIENT open requests; other clients go on', async () => {
    const held = Array.from({ length: 3 }, () => slowBody(port, '/api/products/x', 100, 200));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const fourth = await post('{}');
      expect(fourth.status).toBe(429);
      expect((await fourth.json()).code).toBe('TOO_MANY_CONCURRENT_REQUESTS');
      // Another shopper (behind the trusted proxy, another client IP) is not affected.
      expect((await post('{}', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
    } finally {
      for (const connection of held) connection.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await post('{}')).status).toBe(200); // released when they closed
  });
});
