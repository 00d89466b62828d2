import formBody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import {
  AddWishlistItemBody,
  RETURN_FIELD,
  safeReturnPath,
  SESSION_COOKIE,
  WISHLIST_FORM_ACTIONS,
  type FlashNotice,
} from '@shop/contracts';
import { WISHLIST_TEXTS } from '@shop/account-rules';
import { answerForm } from '@shop/service-kit';
import type { AuthService } from '../auth/auth-service';
import type { Wishlists } from './wishlist';

const LOGIN_PAGE = '/anmelden';

/**
 * The wishlist heart as an HTML form (docs/decisions/forms-first.md; WISHLIST_FORM_ACTIONS of
 * @shop/contracts), for a tap before the JavaScript is live and for browsers without it. It runs
 * the same toggle as the browser's heart (Wishlists.toggle; spec §4 'Wishlist'), then answers
 * 303 to the form's `zurueck` (a path of this shop) with the outcome as a flash notice. The
 * wishlist needs a login: without a live session the answer is the login page with spec §8's
 * 'Anmeldung erforderlich' and the way back in `weiter`, and nothing changes.
 */
export const wishlistFormRoutes: FastifyPluginAsync<{ wishlists: Wishlists; auth: AuthService; secureCookies: boolean }> = async (
  app,
  { wishlists, auth, secureCookies },
) => {
  // Scoped to this plugin: the JSON endpoints keep taking JSON only.
  await app.register(formBody);

  app.post(WISHLIST_FORM_ACTIONS.toggle, { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnPath(fields[RETURN_FIELD], '/');
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await auth.sessions.resolve(token) : null;
    if (!session) {
      const { title, text } = WISHLIST_TEXTS.loginRequired;
      const login = `${LOGIN_PAGE}?weiter=${encodeURIComponent(returnTo)}`;
      return answerForm(reply, login, { tone: 'error', title, text, link: null }, secureCookies);
    }
    const body = AddWishlistItemBody.safeParse({ productId: fields.productId });
    let notice: FlashNotice;
    if (!body.success) {
      notice = { tone: 'error', title: WISHLIST_TEXTS.failed, text: body.error.issues[0]!.message, link: null };
    } else {
      try {
        const outcome = await wishlists.toggle(session.userId, body.data.productId);
        notice = {
          tone: 'success',
          title: outcome === 'added' ? WISHLIST_TEXTS.added : WISHLIST_TEXTS.removed,
          text: '',
          link: WISHLIST_TEXTS.toWishlist,
        };
      } catch (error) {
        // The service's own reason for what the shopper can act on (unknown product, list full).
        const status = (error as { statusCode?: unknown }).statusCode;
        const expected = typeof status === 'number' && status < 500;
        if (!expected) request.log.error({ err: error }, 'wishlist form toggle failed');
        notice = {
          tone: 'error',
          title: WISHLIST_TEXTS.failed,
          text: expected ? (error as Error).message : WISHLIST_TEXTS.tryAgain,
          link: null,
        };
      }
    }
    return answerForm(reply, returnTo, notice, secureCookies);
  });
};
