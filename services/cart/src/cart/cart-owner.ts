import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GUEST_CART_COOKIE } from '@shop/contracts';
import { readIdentity } from '@shop/service-kit';
import type { CartOperations } from './cart-operations';

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

/**
 * Who owns the cart of a request: a logged-in customer ('user:<id>', from the identity
 * the gateway vouches for) or a guest ('session:<uuid>', from the signed HttpOnly cookie).
 * When a customer arrives with a guest cart (they just logged in), the guest cart is merged into
 * theirs once and the guest cookie is cleared, so nothing put in the cart before login is lost.
 */
export class CartOwners {
  constructor(
    private readonly operations: CartOperations,
    private readonly options: { secure: boolean; identitySecret: string | undefined },
  ) {}

  private guestKey(request: FastifyRequest): string | null {
    const raw = request.cookies[GUEST_CART_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value && /^[0-9a-f-]{36}$/.test(unsigned.value) ? `session:${unsigned.value}` : null;
  }

  /**
   * The owner key of this request's cart. With `create`, a guest without a cookie gets one;
   * without, null (no cookie before it is needed). @returns also the user id when logged in.
   */
  async resolve(
    request: FastifyRequest,
    reply: FastifyReply,
    create: boolean,
  ): Promise<{ ownerKey: string | null; userId: string | null }> {
    const identity = await readIdentity(request, this.options.identitySecret);
    const guestKey = this.guestKey(request);
    if (identity) {
      const userKey = `user:${identity.userId}`;
      if (guestKey) {
        await this.operations.merge(guestKey, userKey);
        reply.clearCookie(GUEST_CART_COOKIE, { path: '/' });
      }
      return { ownerKey: userKey, userId: identity.userId };
    }
    if (guestKey || !create) return { ownerKey: guestKey, userId: null };
    const sessionId = randomUUID();
    reply.setCookie(GUEST_CART_COOKIE, sessionId, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: '/',
      maxAge: THIRTY_DAYS_S,
    });
    return { ownerKey: `session:${sessionId}`, userId: null };
  }
}
