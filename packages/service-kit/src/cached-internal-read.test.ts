/**
 * The cached internal read (the catalog reads the reviews switch on every product
 * request) against a real HTTP server: calls that arrive together share one read, an answer is
 * reused for 2 s, and while the service fails it is asked at most once per 2 s, the last known
 * value standing in.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CachedInternalRead, INTERNAL_READ_CACHE_MS } from './cached-internal-read';

let server: FastifyInstance;
let baseUrl: string;
const state = { calls: 0, up: true, value: 1 };

beforeAll(async () => {
  server = Fastify({ forceCloseConnections: true });
  server.get('/internal/value', async (_request, reply) => {
    state.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return state.up ? { value: state.value } : reply.code(503).send({ message: 'down', code: 'DATABASE_UNAVAILABLE' });
  });
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

const read = () =>
  new CachedInternalRead({
    service: 'content',
    baseUrl,
    path: '/internal/value',
    schema: z.object({ value: z.number() }),
    what: 'test value',
    internalSecret: 'x'.repeat(32),
    log: server.log,
  });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('twenty calls at once share one read; the answer is reused for 2 s, then read again', async () => {
  state.calls = 0;
  state.up = true;
  const reader = read();
  const answers = await Promise.all(Array.from({ length: 20 }, () => reader.current()));
  expect(answers).toEqual(Array.from({ length: 20 }, () => ({ value: 1 })));
  expect(state.calls).toBe(1);
  state.value = 2;
  expect(await reader.current()).toEqual({ value: 1 });
  await wait(INTERNAL_READ_CACHE_MS + 50);
  expect(await reader.current()).toEqual({ value: 2 });
  expect(state.calls).toBe(2);
});

test('while the service fails: the last known value, and at most one attempt per 2 s', async () => {
  state.calls = 0;
  state.up = true;
  state.value = 3;
  const reader = read();
  expect(await reader.current()).toEqual({ value: 3 });
  await wait(INTERNAL_READ_CACHE_MS + 50);
  state.up = false;
  for (let i = 0; i < 10; i += 1) expect(await reader.current()).toEqual({ value: 3 });
  expect(state.calls).toBe(2);
  // Never read: null, also without asking again at once.
  const fresh = read();
  expect(await fresh.current()).toBeNull();
  expect(await fresh.current()).toBeNull();
  expect(state.calls).toBe(3);
  // Back up: read again after the pause.
  state.up = true;
  await wait(INTERNAL_READ_CACHE_MS + 50);
  expect(await fresh.current()).toEqual({ value: 3 });
});
