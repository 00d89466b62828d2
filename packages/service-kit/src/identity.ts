import { SignJWT, jwtVerify } from 'jose';
import { ConfigError } from './config';
import { developmentSecret } from './development-secret';
import type { FastifyRequest } from 'fastify';

/**
 * The logged-in shopper as the gateway vouches for it (docs/architecture.md 'Gateway': the
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
   * orders placed with it in the order history (docs/architecture.md 'Account slice').
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

/**
 * The verified identity of a request, or null when there is none or it does not verify
 * (wrong signature, expired, other issuer or audience). Without a secret nobody is logged in.
 */
export async function readIdentity(request: FastifyRequest, secret: string | undefined): Promise<ShopIdentity | null> {
  const token = request.headers[IDENTITY_HEADER];
  if (!secret || typeof token !== 'string' || !token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
    return typeof payload.email === 'string'
      ? { userId: payload.sub, role: payload.role, email: payload.email }
      : { userId: payload.sub, role: payload.role };
  } catch {
    return null;
  }
}

/**
 * Staff roles of spec §6 that may see what shoppers may not (inactive products, later the admin
 * areas). The account slice (issue #11) mints them; each service checks them itself.
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
