import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** How long a form's outcome is shown (s): the cookie's Max-Age, and older signed outcomes are refused when read. */
export const FORM_OUTCOME_MAX_AGE_S = 10 * 60;
/** Keeps an outcome cookie under the browsers' 4 KB per cookie (characters of the signed value's payload). */
export const FORM_OUTCOME_MAX_CHARS = 3500;

export interface FormOutcomeOptions<State> {
  /** The cookie's name (one per form, e.g. 'shop_withdrawal_form'). */
  cookie: string;
  /** What a carried outcome must parse as when it is read (anything else is ignored). */
  schema: z.ZodType<State>;
  /** 'true' marks the cookie Secure (COOKIE_SECURE: everywhere but local development). */
  secure: boolean;
  /** The service's clock: when an outcome is issued, and how old it is when read. */
  now: () => Date;
  /**
   * Makes a state that is too large for the cookie smaller (e.g. drops a long free text), applied
   * once past FORM_OUTCOME_MAX_CHARS; without it, such a state is not carried at all.
   */
  shrink?: (state: State) => State;
}

/**
 * The outcome of a storefront HTML form sent without JavaScript (docs/decisions/forms-first.md),
 * carried from its 303 answer to the next server render of the form's page only: the entries to
 * show again and the German errors by field. It travels in a cookie that is
 * - signed (@fastify/cookie, so the service's `cookie` plugin must be registered with a secret):
 *   a value the service did not issue is ignored;
 * - HttpOnly, SameSite=Lax, path /, Max-Age FORM_OUTCOME_MAX_AGE_S (10 min);
 * - stamped with its issue time (`issuedAt`, ms since epoch, signed with the state), so a copied or
 *   kept value stops counting after FORM_OUTCOME_MAX_AGE_S even where a client ignores Max-Age;
 * - at most FORM_OUTCOME_MAX_CHARS long (`shrink`).
 * Never put a password or another secret into a state: the cookie is signed, not encrypted.
 * Used by the withdrawal form and the checkout's age step (cart), the login and registration
 * forms (account) and the contact form (content).
 */
export class FormOutcome<State extends object> {
  constructor(private readonly options: FormOutcomeOptions<State>) {}

  /** Sets the cookie carrying `state` on `reply` (the form's 303 answer). */
  carry(reply: FastifyReply, state: State): void {
    const encode = (carried: State) =>
      Buffer.from(JSON.stringify({ ...carried, issuedAt: this.options.now().getTime() })).toString('base64url');
    let value = encode(state);
    if (value.length > FORM_OUTCOME_MAX_CHARS) {
      if (!this.options.shrink) return;
      value = encode(this.options.shrink(state));
      if (value.length > FORM_OUTCOME_MAX_CHARS) return;
    }
    reply.setCookie(this.options.cookie, value, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: '/',
      maxAge: FORM_OUTCOME_MAX_AGE_S,
    });
  }

  /**
   * The state the request's cookie carries, or null when it has none, its signature is not the
   * service's, it was issued more than FORM_OUTCOME_MAX_AGE_S ago, or it does not parse.
   */
  read(request: FastifyRequest): State | null {
    const raw = request.cookies[this.options.cookie];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const { issuedAt, ...state } = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString()) as { issuedAt?: unknown };
      if (typeof issuedAt !== 'number' || this.options.now().getTime() - issuedAt > FORM_OUTCOME_MAX_AGE_S * 1000) return null;
      const parsed = this.options.schema.safeParse(state);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Deletes the cookie (an outcome is shown once). */
  forget(reply: FastifyReply): void {
    reply.clearCookie(this.options.cookie, { path: '/' });
  }
}

/**
 * The first German message per field of a refused form entry (zod issues of the JSON endpoint's
 * schema), keyed by the issue's first path segment ('billing'), or with `dottedPaths` by its whole
 * path joined with dots, as the form names nested fields ('billing.street'); an issue without a
 * path goes to `form`.
 */
export function firstErrorByField<Field extends string>(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  options: { dottedPaths?: boolean } = {},
): Partial<Record<Field | 'form', string>> {
  const errors: Partial<Record<Field | 'form', string>> = {};
  for (const issue of issues) {
    const path = options.dottedPaths ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
    const field = (path || 'form') as Field | 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}
