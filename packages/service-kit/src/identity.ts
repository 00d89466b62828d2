import { SignJWT, errors, jwtVerify } from 'jose';
import { ConfigError } from './config';
import { developmentSecret } from './development-secret';
import type { FastifyRequest } from 'fastify';

/**
 * The logged-in shopper as the gateway vouches for it (services/gateway/README.md: the
 * gateway resolves the session cookie to an identity that services can verify). The gateway
 * sends a short-lived HS256 JWT in this header, signed with IDENTITY_SECRET, and strips any
 * copy a client sends. Services never read the session cookie themselves.
 */
export const IDENTITY_HEADER = 'x-shop-identity';
const ISSUER = 'shop-gateway';
const AUDIENCE = 'shop-services';

export interface ShopIdentity {
  userId: string;
  /** Spec §3 user role ('customer' or a staff role). */
  role: string;
  /**
   * The account's confirmed e-mail address (lower case), when it has one: the cart lists guest
   * orders placed with it in the order history (services/account/README.md).
   */
  email?: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs an identity for services (gateway side). `ttlSeconds` defaults to 60. */
export async function signIdentity(identity: ShopIdentity, secret: string, ttlSeconds = 60): Promise<string> {
  return new SignJWT(identity.email ? { role: identity.role, email: identity.email } : { role: identity.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(identity.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

/** Why identities were refused by this process since it started (a figure of `/internal/runtime`). */
export interface IdentityRejections {
  /** Signed with another secret, altered, malformed, or for another issuer or audience: a misconfiguration or a forgery. */
  invalid: number;
  /** Signed correctly but older than its lifetime (a request that waited over a minute). */
  expired: number;
}
const rejections: IdentityRejections = { invalid: 0, expired: 0 };

/** How many identities this process refused, by reason, since it started. */
export const identityRejections = (): IdentityRejections => ({ ...rejections });

async function verifyIdentity(request: FastifyRequest, token: string, secret: string): Promise<ShopIdentity | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw new Error('subject or role missing');
    return typeof payload.email === 'string'
      ? { userId: payload.sub, role: payload.role, email: payload.email }
      : { userId: payload.sub, role: payload.role };
  } catch (error) {
    // The gateway strips any client copy of the header and signs a fresh one for each request,
    // so a refusal here is not a shopper who is logged out: it is a gateway and a service with
    // different IDENTITY_SECRETs, or a forgery from inside the network. Said loudly, not as a 401.
    if (error instanceof errors.JWTExpired) {
      rejections.expired += 1;
      request.log.warn(
        { header: IDENTITY_HEADER, reason: error.code },
        `${IDENTITY_HEADER} expired: the request is treated as not logged in`,
      );
    } else {
      rejections.invalid += 1;
      request.log.error(
        { header: IDENTITY_HEADER, reason: error instanceof errors.JOSEError ? error.code : (error as Error).message },
        `${IDENTITY_HEADER} did not verify (is IDENTITY_SECRET the same for the gateway and this service?): the request is treated as not logged in`,
      );
    }
    return null;
  }
}

/** One verification per request and secret, however many checks ask (and one log line). */
const verified = new WeakMap<FastifyRequest, { secret: string; identity: Promise<ShopIdentity | null> }>();

/**
 * The verified identity of a request, or null when there is none or it does not verify
 * (wrong signature, expired, other issuer or audience; logged and counted, `identityRejections`).
 * Without a secret nobody is logged in.
 */
export async function readIdentity(request: FastifyRequest, secret: string | undefined): Promise<ShopIdentity | null> {
  const token = request.headers[IDENTITY_HEADER];
  if (!secret || typeof token !== 'string' || !token) return null;
  const known = verified.get(request);
  if (known && known.secret === secret) return known.identity;
  const identity = verifyIdentity(request, token, secret);
  verified.set(request, { secret, identity });
  return identity;
}

/**
 * Staff roles of spec §6 that may see what shoppers may not (inactive products, later the admin
 * areas). The account slice mints them; each service checks them itself.
 */
export const STAFF_ROLES: readonly string[] = ['admin', 'manager'];

/** True when the request carries a verified identity with a staff role. */
export async function isStaffRequest(request: FastifyRequest, secret: string | undefined): Promise<boolean> {
  const identity = await readIdentity(request, secret);
  return identity !== null && STAFF_ROLES.includes(identity.role);
}

/**
 * The secret the gateway signs identities with and every service verifies them with
 * (IDENTITY_SECRET, at least 32 characters, the same everywhere). In development, when unset, a
 * random one kept in ./data/secrets/identity-secret, shared by every process of the repository.
 * @throws ConfigError in production (NODE_ENV=production) when it is not set.
 */
export function identitySecret(configured: string | undefined): string {
  if (configured) return configured;
  if (process.env.NODE_ENV === 'production')
    throw new ConfigError('Invalid configuration:\n  IDENTITY_SECRET: ist in Produktion erforderlich');
  return developmentSecret('identity-secret');
}
