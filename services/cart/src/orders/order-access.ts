import type { FastifyReply, FastifyRequest } from 'fastify';

/** Signed, HttpOnly cookie listing the ids of the orders this browser placed (the buyer's access to /danke/{id}). */
export const ORDER_ACCESS_COOKIE = 'order_access';
const MAX_ORDERS = 10;
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

/** Order ids this browser may see (empty without a valid signed cookie). */
export function accessibleOrderIds(request: FastifyRequest): string[] {
  const raw = request.cookies[ORDER_ACCESS_COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value.split('.').filter((id) => /^[0-9a-f]{24}$/.test(id));
}

/** Adds an order to the browser's access cookie (keeps the 10 newest). */
export function grantOrderAccess(request: FastifyRequest, reply: FastifyReply, orderId: string, secure: boolean): void {
  const ids = [orderId, ...accessibleOrderIds(request).filter((id) => id !== orderId)].slice(0, MAX_ORDERS);
  reply.setCookie(ORDER_ACCESS_COOKIE, ids.join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: THIRTY_DAYS_S,
  });
}
