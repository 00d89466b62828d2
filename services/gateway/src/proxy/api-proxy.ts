import type { ErrorResponse } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import proxy from '@fastify/http-proxy';
import { IDENTITY_HEADER, INTERNAL_TOKEN_HEADER, SERVICE_UNAVAILABLE_MESSAGE } from '@shop/service-kit';
import { API_ROUTING_TABLE, type ServiceName } from './routing-table';
import type { ServiceInstances } from '../instances/service-instances';

/** Errors of a connection that was refused or broke off (not of a slow answer: that is not repeated). */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
/**
 * Of those, the ones where the request never left the gateway: the connection was refused, or the
 * dispatcher's client for that instance had already been closed when the request reached it.
 */
const NOT_SENT_ERRORS = new Set(['ECONNREFUSED', 'UND_ERR_CLOSED']);

/**
 * Headers of a client's request that never reach a service: the identity only the gateway may
 * vouch for, the shared secret of the internal APIs (a client has no business sending it; a
 * service's own check would refuse a wrong one, a right one must not pass through the public
 * entry either), and W3C trace context and baggage, which the gateway does not take from the
 * public (its tracing ignores them: @shop/service-kit/tracing/public) and which its call to the
 * service carries of its own (undici instrumentation) when tracing is on.
 */
const CLIENT_HEADERS_DROPPED = new Set([IDENTITY_HEADER, INTERNAL_TOKEN_HEADER, 'traceparent', 'tracestate', 'baggage']);

/**
 * When an instance refuses or drops a connection it is taken out of balancing at once, and the
 * request is sent once more, 1 ms later, to another instance: a read (GET, HEAD)
 * always, a write only when it never left the gateway. A write whose connection broke off is not
 * repeated: whether it arrived is unknown (order placement carries an idempotency key, and the
 * shopper's own retry is safe).
 */
function retryOnAnotherInstance(instances: ServiceInstances) {
  return ({ err, req, attempt }: { err?: Error | null; req: { method: string }; attempt: number }) => {
    const code = (err as { code?: string } | null | undefined)?.code ?? (err?.cause as { code?: string } | undefined)?.code;
    if (!err || !code || !CONNECTION_ERRORS.has(code)) return null;
    const origin = instances.originOf(err) ?? instances.originOf(err.cause);
    if (origin) instances.takeOut(origin, code);
    const read = req.method === 'GET' || req.method === 'HEAD';
    return (read || NOT_SENT_ERRORS.has(code)) && attempt === 0 ? 1 : null;
  };
}

/**
 * Forwards /api/* to the owning service by the routing table (@fastify/http-proxy).
 * The gateway's request id goes along as `x-request-id`, the client IP it sees (behind TRUST_PROXY
 * hops) as the only `x-forwarded-for` entry, so services limit per client (promo guesses) and a
 * client cannot name its own IP. A client's own `x-shop-identity`, `x-internal-token`,
 * `traceparent`, `tracestate` and `baggage` are dropped (CLIENT_HEADERS_DROPPED): only the gateway
 * may vouch for a logged-in user (service-kit identity.ts). An unreachable service answers
 * 503 with a German message instead of a proxy error page.
 */
export async function apiProxy(app: FastifyInstance, opts: { instances: Record<ServiceName, ServiceInstances> }) {
  for (const { prefix, service } of API_ROUTING_TABLE) {
    const instances = opts.instances[service];
    await app.register(proxy, {
      upstream: instances.origins[0]!,
      // The service's instances, balanced (service-instances.ts).
      undici: instances.dispatcher,
      prefix,
      rewritePrefix: prefix,
      // The gateway logs each request once itself; reply-from's two extra lines per call are noise.
      disableRequestLogging: true,
      // Body is forwarded as a stream; the service parses and validates it.
      replyOptions: {
        retryDelay: retryOnAnotherInstance(instances),
        rewriteRequestHeaders: (request, headers) => {
          const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => !CLIENT_HEADERS_DROPPED.has(name.toLowerCase())));
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
