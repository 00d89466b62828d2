/**
 * The internal client against a real HTTP server: the secret is sent, answers are
 * parsed with their contract, and every failure is an InternalCallError that says which.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { InternalCallError, InternalClient } from './internal-client';

let server: FastifyInstance;
let baseUrl: string;
const SECRET = 'internal-test-secret-0123456789abcdef';

beforeAll(async () => {
  server = Fastify({ forceCloseConnections: true });
  server.get('/internal/ok', async (request) => ({
    echo: request.headers['x-internal-token'] ?? null,
    q: (request.query as { q?: string }).q,
  }));
  server.get('/internal/wrong-shape', async () => ({ echo: 42 }));
  server.post('/internal/conflict', async (_request, reply) =>
    reply.code(409).send({ message: 'Nicht genügend Bestand.', code: 'OUT_OF_STOCK' }),
  );
  server.post('/internal/created', async (request, reply) => reply.code(201).send(request.body));
  server.delete('/internal/gone', async (_request, reply) => reply.code(204).send());
  server.get('/internal/slow', () => new Promise((resolve) => setTimeout(() => resolve({ echo: 'late' }), 1000)));
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => server.close());

const client = () => new InternalClient({ service: 'test', baseUrl, secret: SECRET, timeoutMs: 2000 });
const Echo = z.object({ echo: z.string().nullable(), q: z.string().optional() });

async function failureOf(call: Promise<unknown>): Promise<InternalCallError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InternalCallError);
  return error as InternalCallError;
}

describe('InternalClient', () => {
  it('sends the shared secret and query, and parses the answer', async () => {
    const body = await client().get('/internal/ok', Echo, { query: { q: 'ä b', unused: undefined } });
    expect(body.q).toBe('ä b');
    expect(body.echo).toBe(SECRET);
  });

  it('answers each accepted status with its body; no body where none is expected', async () => {
    const created = await client().call('POST', '/internal/created', { 201: z.object({ id: z.string() }) }, { body: { id: 'r-1' } });
    expect(created).toEqual({ status: 201, body: { id: 'r-1' } });
    expect(await client().call('DELETE', '/internal/gone', { 204: null })).toEqual({ status: 204, body: null });
  });

  it('refuses a body its contract does not allow', async () => {
    expect(await failureOf(client().get('/internal/wrong-shape', Echo))).toMatchObject({ failure: 'invalid-body', status: 200 });
  });

  it('reports an unexpected status with the code and message the service sent', async () => {
    const error = await failureOf(client().call('POST', '/internal/conflict', { 201: null }, { body: {} }));
    expect(error).toMatchObject({ failure: 'status', status: 409, body: { code: 'OUT_OF_STOCK', message: 'Nicht genügend Bestand.' } });
    expect(error.message).toBe('test /internal/conflict: status (HTTP 409 OUT_OF_STOCK)');
    expect(await failureOf(client().get('/internal/missing', Echo))).toMatchObject({ failure: 'status', status: 404 });
  });

  it('tells a timeout from an unreachable service', async () => {
    expect(await failureOf(client().get('/internal/slow', Echo, { timeoutMs: 100 }))).toMatchObject({ failure: 'timeout' });
    const closed = new InternalClient({ service: 'test', baseUrl: 'http://127.0.0.1:9', secret: SECRET, timeoutMs: 2000 });
    expect(await failureOf(closed.get('/internal/ok', Echo))).toMatchObject({ failure: 'unreachable' });
  });

  it('spreads calls over several instances and sends a refused call to the next one, a POST too', async () => {
    const second = Fastify();
    second.get('/internal/ok', async () => ({ echo: 'second', q: undefined }));
    second.post('/internal/created', async (request, reply) => reply.code(201).send({ ...(request.body as object), on: 'second' }));
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    // A port nothing listens on: a stopped instance.
    const stopped = Fastify();
    const stoppedUrl = await stopped.listen({ port: 0, host: '127.0.0.1' });
    await stopped.close();
    try {
      const both = new InternalClient({ service: 'test', baseUrl: `${baseUrl}, ${secondUrl}`, secret: SECRET, timeoutMs: 2000 });
      const answers = await Promise.all(Array.from({ length: 4 }, () => both.get('/internal/ok', Echo)));
      expect(answers.map((answer) => answer.echo).sort()).toEqual([SECRET, SECRET, 'second', 'second']);

      const oneDown = new InternalClient({ service: 'test', baseUrl: `${stoppedUrl},${secondUrl}`, secret: SECRET, timeoutMs: 2000 });
      for (let call = 0; call < 4; call += 1) {
        const created = await oneDown.call(
          'POST',
          '/internal/created',
          { 201: z.object({ n: z.number(), on: z.string() }) },
          { body: { n: call } },
        );
        expect(created.body).toEqual({ n: call, on: 'second' });
      }
      const allDown = new InternalClient({ service: 'test', baseUrl: stoppedUrl, secret: SECRET, timeoutMs: 2000 });
      expect((await failureOf(allDown.get('/internal/ok', Echo))).failure).toBe('unreachable');
    } finally {
      await second.close();
    }
  });
});
