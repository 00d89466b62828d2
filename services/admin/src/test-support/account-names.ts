/**
 * Test support of the admin service (jest only): the account service's staff names endpoint
 * (`GET /internal/users/names`) as a double, for the audit log's and the releases' history's names.
 */
import Fastify from 'fastify';

/**
 * Starts the double: it names the ids in `known` to callers with `internalSecret`; while
 * `state.up` is false it answers 503.
 */
export async function startAccountNamesDouble(known: Record<string, string>, internalSecret: string) {
  const account = Fastify();
  const state = { up: true };
  account.get<{ Querystring: { ids: string } }>('/internal/users/names', async (request, reply) => {
    if (!state.up || request.headers['x-internal-token'] !== internalSecret) return reply.code(503).send({});
    return { names: Object.fromEntries(request.query.ids.split(',').flatMap((id) => (known[id] ? [[id, known[id]]] : []))) };
  });
  const url = await account.listen({ port: 0, host: '127.0.0.1' });
  return { url, state, close: () => account.close() };
}
