import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fastifyCookie } from '@fastify/cookie';
import { LRUCache } from 'lru-cache';
import { ResolvedSession, SESSION_COOKIE } from '@shop/contracts';
import { InternalClient, signIdentity, type ShopIdentity } from '@shop/service-kit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed identity the gateway vouches for (x-shop-identity), or null for anonymous requests. */
    shopIdentity: string | null;
    /** The role of that identity (the admin guard reads it), or null for anonymous requests. */
    shopRole: string | null;
  }
  interface FastifyInstance {
    /**
     * Sets `shopIdentity` and `shopRole` of a request the identity hook does not see (a page
     * rendered from the visitor's session). Never throws.
     */
    identifyVisitor(request: FastifyRequest): Promise<void>;
  }
}

/** How long a minted identity is valid for a service (s): one request's lifetime with room for retries. */
const IDENTITY_TTL_S = 60;

/**
 * Turns the session cookie into the short-lived signed identity every service verifies
 * (service-kit identity.ts). Sessions live in the account service; the gateway asks
 * `POST /internal/sessions/resolve` and keeps the answer (also 'no session') for
 * `sessionCacheMs` (SESSION_CACHE_MS, default 5 s) in a bounded LRU cache keyed by the token's hash, so a logged-in request adds no
 * database round trip most of the time. A login or logout through the gateway drops the cached
 * entry at once; a session ended elsewhere (password change, role change by staff) takes effect
 * within that time. When the account service cannot be reached the request goes on as
 * anonymous (logged, not cached).
 */
export const identityPlugin = fp<{
  accountServiceUrl: () => string;
  internalSecret: string;
  identitySecret: string;
  sessionCacheMs: number;
}>(
  async (app: FastifyInstance, opts) => {
    const cache = new LRUCache<string, { identity: ShopIdentity | null }>({ max: 50_000, ttl: opts.sessionCacheMs });
    const accountService = new InternalClient({
      service: 'account',
      baseUrl: opts.accountServiceUrl,
      secret: opts.internalSecret,
      timeoutMs: 2000,
    });
    app.decorateRequest('shopIdentity', null);
    app.decorateRequest('shopRole', null);

    async function resolve(request: FastifyRequest, token: string): Promise<ShopIdentity | null> {
      const key = createHash('sha256').update(token).digest('hex');
      const cached = cache.get(key);
      if (cached) return cached.identity;
      try {
        const answer = await accountService.call(
          'POST',
          '/internal/sessions/resolve',
          { 200: ResolvedSession, 404: null },
          { body: { token } },
        );
        const identity = answer.status === 200 ? answer.body : null;
        cache.set(key, { identity });
        return identity;
      } catch (error) {
        request.log.warn({ err: error }, 'session not resolved (account service unreachable): request goes on anonymous');
        return null;
      }
    }

    async function identify(request: FastifyRequest): Promise<void> {
      const token = fastifyCookie.parse(request.headers.cookie ?? '')[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      if (request.url.startsWith('/api/auth/logout') || request.url.startsWith('/api/auth/login')) {
        cache.delete(createHash('sha256').update(token).digest('hex'));
        return;
      }
      const identity = await resolve(request, token);
      if (identity) {
        request.shopIdentity = await signIdentity(identity, opts.identitySecret, IDENTITY_TTL_S);
        request.shopRole = identity.role;
      }
    }

    app.decorate('identifyVisitor', identify);
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) await identify(request);
    });
  },
  { name: 'shop-identity' },
);
