import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { encodeFlash, ONE_PAGE_COOKIE_MAX_AGE_S, STOREFRONT_COOKIES, type FlashNotice } from '@shop/contracts';

/**
 * Answers a storefront HTML form (docs/decisions/forms-first.md): 303 See Other to `returnTo`
 * (a path already checked with safeReturnPath of @shop/contracts), with `notice` in the one-page
 * flash cookie that the gateway shows on that page and then deletes. `secure`: the cookie only
 * travels over https (everywhere but development).
 */
export function answerForm(reply: FastifyReply, returnTo: string, notice: FlashNotice | null, secure: boolean): FastifyReply {
  if (notice) {
    const attributes = `Path=/; Max-Age=${ONE_PAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
    reply.header('set-cookie', `${STOREFRONT_COOKIES.flash}=${encodeFlash(notice)}; ${attributes}`);
  }
  return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
}

/**
 * COOKIE_SECURE of every service that sets cookies (session, cart, flash notices): 'true' marks
 * them Secure, so they only travel over https (every deployment but local development); default
 * 'false' (http://localhost).
 */
export const cookieEnvShape = {
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
};
