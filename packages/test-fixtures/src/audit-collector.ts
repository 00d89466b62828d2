import Fastify from 'fastify';
import type { AuditEntry } from '@shop/contracts/admin';

/**
 * A stand-in for the admin service's `POST /internal/audit-entries` in another service's tests:
 * it keeps what it receives (`entries`, deduplicated by id like the real one) and answers 503
 * while `down` is true, so a test can prove entries wait in the outbox until delivery works.
 */
export async function startAuditCollector() {
  const app = Fastify();
  const received = new Map<string, AuditEntry>();
  const state = { down: false };
  app.post<{ Body: { entries: AuditEntry[] } }>('/internal/audit-entries', async (request, reply) => {
    if (state.down) return reply.code(503).send({ message: 'down', code: 'DATABASE_UNAVAILABLE' });
    for (const entry of request.body.entries) received.set(entry.id, entry);
    return reply.code(204).send();
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    state,
    /** Entries received so far, oldest first. */
    entries: () => [...received.values()],
    close: () => app.close(),
  };
}
