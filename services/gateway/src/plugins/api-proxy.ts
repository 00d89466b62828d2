import type { ErrorResponse } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import proxy from '@fastify/http-proxy';
import { IDENTITY_HEADER, SERVICE_UNAVAILABLE_MESSAGE } from '@shop/service-kit';
import { API_ROUTING_TABLE, type ServiceName } from '../routing-table';

/**
 * Forwards /api/* to the owning service by the routing table (@fastify/http-proxy).
 * The gateway's request id goes along as `x-request-id`, the client IP it sees (behind TRUST_PROXY
 * hops) as the only `x-forwarded-for` entry, so services limit per client (promo guesses) and a
 * client cannot name its own IP. A client's own `x-shop-identity`
 * header is dropped: only the gateway may vouch for a logged-in user (service-kit identity.ts). An unreachable service answers
 * 503 with a German message instead of a proxy error page.
 */
export async function apiProxy(app: FastifyInstance, opts: { services: Record<ServiceName, string> }) {
  for (const { prefix, service } of API_ROUTING_TABLE) {
    await app.register(proxy, {
      upstream: opts.services[service],
      prefix,
      rewritePrefix: prefix,
      // The gateway logs each request once itself; reply-from's two extra lines per call are noise.
      disableRequestLogging: true,
      // Body is forwarded as a stream; the service parses and validates it.
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          const { [IDENTITY_HEADER]: _forged, ...rest } = headers;
          return {
            ...rest,
            'x-request-id': String(request.id),
            'x-forwarded-for': request.ip,
            ...(request.shopIdentity ? { [IDENTITY_HEADER]: request.shopIdentity } : {}),
          };
        },
        onError: (reply, { error }) => {
          reply.log.warn({ err: error, service }, 'upstream service failed');
          const timedOut = /timeout/i.test(String((error as { code?: string }).code ?? error.message));
          const body: ErrorResponse = {
            message: SERVICE_UNAVAILABLE_MESSAGE,
            code: timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
          };
          reply.code(timedOut ? 504 : 503).send(body);
        },
      },
    });
  }
}
