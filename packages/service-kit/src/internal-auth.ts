import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError } from './config';
import { developmentSecret } from './development-secret';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared secret of `/internal/*` calls, resolved once (createDomainService), for this service's own calls to others. */
    internalApiSecret: string;
  }
}

/** Header carrying the shared secret of service-to-service calls (`/internal/*`). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * The secret services authenticate each other with (the catalog's `/internal/*`
 * endpoints, such as stock reservations, trusted the network alone). From `INTERNAL_API_SECRET`;
 * in development, when unset, a random one kept in ./data/secrets/internal-api-secret, which
 * every process started from the repository shares.
 * @throws ConfigError in production (NODE_ENV=production) when it is not set.
 */
export function internalApiSecret(configured: string | undefined): string {
  if (configured) return configured;
  if (process.env.NODE_ENV === 'production')
    throw new ConfigError('Invalid configuration:\n  INTERNAL_API_SECRET: ist in Produktion erforderlich');
  return developmentSecret('internal-api-secret');
}

/** Headers for a call to another service's `/internal/*` endpoint. */
export const internalHeaders = (secret: string): Record<string, string> => ({ [INTERNAL_TOKEN_HEADER]: secret });

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether a request carries the shared secret in `x-internal-token` (compared in constant time). */
export function hasInternalToken(headers: Record<string, string | string[] | undefined>, secret: string): boolean {
  const token = headers[INTERNAL_TOKEN_HEADER];
  return typeof token === 'string' && same(token, secret);
}

/**
 * Refuses every `/internal/*` request (judged on the matched route, like the gateway) without the
 * shared secret: 401 INTERNAL_UNAUTHORIZED. Registered by createDomainService for every service.
 */
export const internalAuthPlugin = fp<{ secret: string }>(
  async (app: FastifyInstance, { secret }) => {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
      if (!path.startsWith('/internal/')) return;
      if (hasInternalToken(request.headers, secret)) return;
      return reply.code(401).send({ message: 'Dieser Zugang ist nur für Dienste des Shops.', code: 'INTERNAL_UNAUTHORIZED' });
    });
  },
  { name: 'shop-internal-auth' },
);
