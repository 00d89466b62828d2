import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '@shop/service-kit';
import { findFreePort } from '@shop/local-mongo';
import { buildApp } from '../app';
import { ServiceInstances } from './service-instances';
import { GatewayEnv } from '../config';

/**
 * Two instances of one service behind the gateway: requests are balanced over both,
 * a read whose instance is gone is answered by the other at once, an instance that fails its
 * readiness (stopped, draining) is taken out of balancing and put back when it answers again.
 * Real gateway app and two real HTTP servers standing in for catalog instances.
 */

const CHECK_MS = 150;

interface Instance {
  name: string;
  port: number;
  server: FastifyInstance | null;
  ready: boolean;
  hits: number;
}

async function startInstance(instance: Instance): Promise<void> {
  const server = Fastify();
  server.get('/readyz', async (_request, reply) => (instance.ready ? { status: 'ready' } : reply.code(503).send({ status: 'draining' })));
  server.get('/api/products', async () => {
    instance.hits += 1;
    return { products: [], servedBy: instance.name };
  });
  server.post('/api/cart', async () => {
    instance.hits += 1;
    return { servedBy: instance.name };
  });
  await server.listen({ port: instance.port, host: '127.0.0.1' });
  instance.server = server;
}

async function stopInstance(instance: Instance): Promise<void> {
  await instance.server?.close();
  instance.server = null;
}

let staticRoot: string;
let a: Instance;
let b: Instance;
let gateway: Awaited<ReturnType<typeof buildApp>>;

const get = async () => gateway.inject({ method: 'GET', url: '/api/products' });
/** Sends reads until `instance` answers one again (it is back in balancing). */
const untilServing = async (instance: Instance, timeoutMs = 3000) => {
  const end = Date.now() + timeoutMs;
  instance.hits = 0;
  while (instance.hits === 0) {
    if (Date.now() > end) throw new Error(`instance ${instance.name} not back in balancing`);
    expect((await get()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeAll(async () => {
  staticRoot = await mkdtemp(path.join(tmpdir(), 'gateway-instances-'));
  a = { name: 'a', port: await findFreePort(), server: null, ready: true, hits: 0 };
  b = { name: 'b', port: await findFreePort(), server: null, ready: true, hits: 0 };
  await startInstance(a);
  await startInstance(b);
  const both = `http://127.0.0.1:${a.port}, http://127.0.0.1:${b.port}`;
  const config = loadConfig(GatewayEnv, {
    STATIC_ROOT: staticRoot,
    LOG_LEVEL: 'silent',
    SSR: 'off',
    CATALOG_SERVICE_URL: both,
    CART_SERVICE_URL: both,
    INSTANCE_CHECK_MS: String(CHECK_MS),
    RATE_LIMIT_MAX: '100000',
  });
  gateway = await buildApp(config);
  await gateway.ready();
});

afterAll(async () => {
  await gateway.close();
  await Promise.all([stopInstance(a), stopInstance(b)]);
  await rm(staticRoot, { recursive: true, force: true });
});

beforeEach(() => {
  a.hits = 0;
  b.hits = 0;
});

test('requests are balanced over both instances', async () => {
  for (let i = 0; i < 20; i++) expect((await get()).statusCode).toBe(200);
  expect(a.hits).toBeGreaterThan(0);
  expect(b.hits).toBeGreaterThan(0);
  expect(a.hits + b.hits).toBe(20);
});

test('an instance that stops: reads are answered by the other at once, then it is out of balancing; back in when it returns', async () => {
  await stopInstance(a);
  // Before any readiness check noticed: every read still succeeds (retried on the other instance).
  const reads = await Promise.all(Array.from({ length: 10 }, () => get()));
  expect(reads.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
  expect(reads.every((response) => response.json().servedBy === 'b')).toBe(true);
  // After the check: writes too go only to the instance that is there.
  await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
  const writes = await Promise.all(Array.from({ length: 10 }, () => gateway.inject({ method: 'POST', url: '/api/cart', payload: {} })));
  expect(writes.map((response) => response.statusCode)).toEqual(Array(10).fill(200));

  await startInstance(a);
  await untilServing(a);
});

test('an instance that reports not ready (draining on SIGTERM) gets no new requests until it is ready again', async () => {
  a.ready = false;
  await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
  a.hits = 0;
  b.hits = 0;
  for (let i = 0; i < 10; i++) expect((await get()).statusCode).toBe(200);
  expect(a.hits).toBe(0);
  expect(b.hits).toBe(10);
  a.ready = true;
  await untilServing(a);
});

test('when every instance is down the API answers 503 in German, and readiness says so', async () => {
  await Promise.all([stopInstance(a), stopInstance(b)]);
  try {
    const response = await get();
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('UPSTREAM_UNAVAILABLE');
    const ready = await gateway.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
  } finally {
    await startInstance(a);
    await startInstance(b);
  }
});

test('with DNS discovery a service name stands for its replicas: a new one joins, a gone one leaves (docker compose)', async () => {
  // Two replicas on one port, as compose gives them: 127.0.0.1 and 127.0.0.2 (both loopback).
  const port = await findFreePort();
  const servedBy: string[] = [];
  const replicas = await Promise.all(
    ['127.0.0.1', '127.0.0.2'].map(async (host) => {
      const server = Fastify();
      server.get('/readyz', async () => ({ status: 'ready' }));
      server.get('/api/products', async () => {
        servedBy.push(host);
        return { products: [] };
      });
      await server.listen({ port, host });
      return server;
    }),
  );
  let addresses = ['127.0.0.1'];
  const quiet = () => undefined;
  const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as never;
  const instances = new ServiceInstances('catalog', [`http://catalog.internal:${port}`], {
    checkMs: 60_000,
    log,
    discovery: 'dns',
    resolveAll: async (hostname) => {
      expect(hostname).toBe('catalog.internal');
      return addresses;
    },
  });
  const read = async () =>
    (await instances.dispatcher.request({ origin: 'http://catalog.internal', path: '/api/products', method: 'GET' })).body.dump();
  try {
    await instances.check();
    expect(instances.origins).toEqual([`http://127.0.0.1:${port}`]);
    addresses = ['127.0.0.1', '127.0.0.2'];
    await instances.check();
    for (let i = 0; i < 6; i++) await read();
    expect(new Set(servedBy)).toEqual(new Set(['127.0.0.1', '127.0.0.2']));
    // A lookup that fails keeps what is known; a replica no longer listed leaves.
    addresses = [];
    await instances.check();
    expect(instances.origins).toHaveLength(2);
    addresses = ['127.0.0.2'];
    await instances.check();
    expect(instances.origins).toEqual([`http://127.0.0.2:${port}`]);
    servedBy.length = 0;
    for (let i = 0; i < 4; i++) await read();
    expect(servedBy).toEqual(['127.0.0.2', '127.0.0.2', '127.0.0.2', '127.0.0.2']);
  } finally {
    await instances.close();
    await Promise.all(replicas.map((server) => server.close()));
  }
});
