import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formBody from '@fastify/formbody';
import { fastifyCookie } from '@fastify/cookie';
import { isbot } from 'isbot';
import {
  COOKIE_CONSENT_MAX_AGE_S,
  decodeFlash,
  ENTRY_FORM_ACTIONS,
  GUEST_CART_COOKIE,
  ONE_PAGE_COOKIE_MAX_AGE_S,
  RETURN_FIELD,
  safeReturnPath,
  SESSION_COOKIE,
  STOREFRONT_COOKIES,
  type EntryState,
} from '@shop/contracts';

type SerializeOptions = NonNullable<Parameters<typeof fastifyCookie.serialize>[2]>;

export interface EntryFormsOptions {
  /** Cookies get `Secure` everywhere but in development (plain http on localhost). */
  secureCookies: boolean;
}

/** The form fields of one entry form: a known answer and the page to go back to. */
type EntryForm<Answer extends string> = { answer: Answer; returnTo: string } | { error: string };

function readForm<Answer extends string>(body: unknown, field: string, answers: readonly Answer[]): EntryForm<Answer> {
  const fields = (body ?? {}) as Record<string, unknown>;
  const answer = fields[field];
  if (typeof answer !== 'string' || !(answers as readonly string[]).includes(answer)) {
    return { error: `Feld '${field}' muss einer von ${answers.map((a) => `'${a}'`).join(', ')} sein.` };
  }
  return { answer: answer as Answer, returnTo: safeReturnPath(fields[RETURN_FIELD]) };
}

/** A German 400 for a form that is not one of ours (a hand-made request); nothing is stored. */
const refuse = (reply: FastifyReply, message: string) =>
  reply.code(400).type('text/plain; charset=utf-8').send(`Die Angabe wurde nicht verstanden: ${message}`);

const AGE_ANSWERS = ['ja', 'nein'] as const;
const COOKIE_ANSWERS = ['true', 'rejected', 'schliessen'] as const;

/**
 * The storefront entry's forms, handled without JavaScript (spec §4 'Age gate', 'Cookie banner';
 * docs/decisions/forms-first.md). Both answer 303 to the page the form was on (`zurueck`, a
 * path of this shop, else '/') with the cookies of @shop/contracts STOREFRONT_COOKIES:
 * - POST /altersabfrage `antwort=ja` sets the session cookie of the age flag; `antwort=nein`
 *   sets the one-page cookie that shows the denial screen.
 * - POST /cookie-einstellung `wahl=true|rejected` stores the cookie choice for 12 months;
 *   `wahl=schliessen` (the X) closes the banner for the next page only, storing no choice.
 * Errors: 400 (German text) for an unknown answer; 403 from a page of another site (security.ts).
 * Once the page has hydrated, the shell does the same in the browser without a round trip.
 */
export async function entryForms(app: FastifyInstance, opts: EntryFormsOptions) {
  // Scoped to these routes: /api bodies pass through the proxy untouched.
  await app.register(formBody);
  const base: SerializeOptions = { path: '/', sameSite: 'lax', secure: opts.secureCookies };

  app.post(ENTRY_FORM_ACTIONS.ageGate, { schema: { hide: true } }, async (request, reply) => {
    const form = readForm(request.body, 'antwort', AGE_ANSWERS);
    if ('error' in form) return refuse(reply, form.error);
    const cookie =
      form.answer === 'ja'
        ? fastifyCookie.serialize(STOREFRONT_COOKIES.ageVerified, '1', base)
        : fastifyCookie.serialize(STOREFRONT_COOKIES.ageDenied, '1', { ...base, maxAge: ONE_PAGE_COOKIE_MAX_AGE_S });
    return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(form.returnTo, 303);
  });

  app.post(ENTRY_FORM_ACTIONS.cookieChoice, { schema: { hide: true } }, async (request, reply) => {
    const form = readForm(request.body, 'wahl', COOKIE_ANSWERS);
    if ('error' in form) return refuse(reply, form.error);
    const cookie =
      form.answer === 'schliessen'
        ? fastifyCookie.serialize(STOREFRONT_COOKIES.cookieBannerClosed, '1', { ...base, maxAge: ONE_PAGE_COOKIE_MAX_AGE_S })
        : fastifyCookie.serialize(STOREFRONT_COOKIES.cookieConsent, form.answer, { ...base, maxAge: COOKIE_CONSENT_MAX_AGE_S });
    return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(form.returnTo, 303);
  });
}

/** The one-page cookies: read by the page they lead to, then deleted. */
const ONE_PAGE_COOKIES = [STOREFRONT_COOKIES.ageDenied, STOREFRONT_COOKIES.cookieBannerClosed, STOREFRONT_COOKIES.flash] as const;

/**
 * The entry of the page `request` asks for (EntryState of @shop/contracts), and the
 * `Set-Cookie` values that delete the one-page cookies it read. Crawlers (isbot) pass the age
 * gate (spec §4) and get no cookie banner: they neither consent nor reject. `visitor` says
 * whether the session and guest cart cookies came along, by presence alone: it only decides
 * which header widgets load with the page, never what anyone may see.
 */
export function entryOf(request: FastifyRequest, secureCookies: boolean): { entry: EntryState; setCookies: string[] } {
  // Values as sent: the flash is URI-encoded JSON that decodeFlash decodes itself (a '%' in its text must survive).
  // Values as sent: the flash is URI-encoded JSON that decodeFlash decodes itself (a '%' in its text must survive).
  const cookies = fastifyCookie.parse(request.headers.cookie ?? '', { decode: (value) => value });
  const crawler = isbot(request.headers['user-agent'] ?? '');
  const ageGate =
    crawler || cookies[STOREFRONT_COOKIES.ageVerified] === '1' ? 'passed' : cookies[STOREFRONT_COOKIES.ageDenied] ? 'denied' : 'open';
  const consent = cookies[STOREFRONT_COOKIES.cookieConsent];
  const cookieBanner =
    ageGate === 'passed' && !crawler && consent !== 'true' && consent !== 'rejected' && !cookies[STOREFRONT_COOKIES.cookieBannerClosed];
  const setCookies = ONE_PAGE_COOKIES.filter((name) => cookies[name] !== undefined).map((name) =>
    fastifyCookie.serialize(name, '', { path: '/', sameSite: 'lax', secure: secureCookies, maxAge: 0 }),
  );
  const visitor = { session: Boolean(cookies[SESSION_COOKIE]), cart: Boolean(cookies[GUEST_CART_COOKIE]) };
  return { entry: { ageGate, cookieBanner, flash: decodeFlash(cookies[STOREFRONT_COOKIES.flash]), visitor }, setCookies };
}
