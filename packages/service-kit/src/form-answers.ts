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
    .transform((value) => value === 'true')
    .describe("`true` marks the service's cookies Secure, so they travel only over HTTPS (every deployment but local development)."),
};

/** The German line for a failure the shopper can do nothing about but try later. */
export const FORM_TRY_AGAIN = 'Bitte versuchen Sie es später erneut.';

/**
 * The German reason to show a shopper for a failed form action: the messages of a refused input
 * (zod issues, one each), an expected error's own message (4xx: a limit, wrong credentials), or
 * null for an unexpected failure (the caller logs it and says FORM_TRY_AGAIN).
 */
export function formFailureText(error: unknown): string | null {
  if (error instanceof z.ZodError) return [...new Set(error.issues.map((issue) => issue.message))].join(' ');
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status < 500 && error instanceof Error ? error.message : null;
}
