import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the guest cart cookie (signed, HttpOnly). */
export const CART_COOKIE = 'cart_session';
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

/**
 * Who owns the cart of a request: a guest identified by the signed, HttpOnly cookie.
 * (Seam for the account slice: once the gateway passes a verified user id, logged-in users get
 * 'user:<id>' here and the guest cart is merged at login.)
 * With `create`, a guest without a cookie gets one; without, null (no cookie before it is needed).
 */
export function cartOwner(request: FastifyRequest, reply: FastifyReply, options: { create: boolean; secure: boolean }): string | null {
  const raw = request.cookies[CART_COOKIE];
  if (raw) {
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value && /^[0-9a-f-]{36}$/.test(unsigned.value)) return `session:${unsigned.value}`;
  }
  if (!options.create) return null;
  const sessionId = randomUUID();
  reply.setCookie(CART_COOKIE, sessionId, { signed: true, httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: THIRTY_DAYS_S });
  return `session:${sessionId}`;
}
