/**
 * The storefront's HTML forms (progressive enhancement, docs/decisions/forms-first.md): every
 * action on a storefront page's first screen is a real `<form method="post">` that the server
 * handles without JavaScript (answer: 303 to the page it came from), and that React takes over
 * once the page has hydrated. This module is the contract between the forms, the gateway (which
 * renders the page) and the services that handle them. Free of zod: the pages import these names
 * on their first load (docs/performance.md 'zod off the first load'); the schemas of the flash
 * notice and the entry state are in entry-state.ts.
 */

/**
 * Cookies of the storefront's entry (spec §4 'Age gate', 'Cookie banner'), read by the gateway
 * when it renders a page and by the shell in the browser:
 * - `ageVerified` '1': the visitor confirmed being 18+; a session cookie, so it lasts for the
 *   browser session as the spec's session flag does. Readable by scripts: the shell sets it
 *   itself once hydrated.
 * - `ageDenied` '1': the answer 'Nein'; read by the next page only, which shows the denial
 *   screen and deletes it (a mistaken 'Nein' is not remembered; a reload asks again).
 * - `cookieConsent` 'true' | 'rejected': the cookie choice, kept 12 months (§ 25 TDDDG: storing
 *   the choice itself is strictly necessary and needs no consent).
 * - `cookieBannerClosed` '1': the banner's X, for the next page only (it stores no choice).
 * - `flash`: a {@link FlashNotice} for the next page only (the German answer to a form).
 */
export const STOREFRONT_COOKIES = {
  ageVerified: 'shop_age_verified',
  ageDenied: 'shop_age_denied',
  cookieConsent: 'shop_cookie_consent',
  cookieBannerClosed: 'shop_cookie_banner_closed',
  flash: 'shop_flash',
} as const;

/** How long the cookie choice is kept (s): 12 months, then the banner asks again. */
export const COOKIE_CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;
/** How long a one-page cookie (denial, closed banner, flash) lives if no page reads it (s). */
export const ONE_PAGE_COOKIE_MAX_AGE_S = 120;

/** The gateway's form endpoints of the entry (application/x-www-form-urlencoded). */
export const ENTRY_FORM_ACTIONS = {
  /** Field `antwort`: 'ja' (18+) or 'nein'; `zurueck`: the page's path. */
  ageGate: '/altersabfrage',
  /** Field `wahl`: 'true' (accept), 'rejected' (reject) or 'schliessen' (the X); `zurueck`. */
  cookieChoice: '/cookie-einstellung',
} as const;

/**
 * The attribute the first HTML's early script sets on `<html>` when a visitor answered 'Ich bin
 * 18+' before the page hydrated (services/gateway/src/storefront/html.ts): the veil is hidden at once, and
 * the shell takes the answer over once hydrated.
 */
export const AGE_ANSWERED_ATTRIBUTE = 'data-age-verified';

/** The form field every storefront form carries: the path and query of the page it is on. */
export const RETURN_FIELD = 'zurueck';

/** Characters a URL carries as written (RFC 3986 unreserved, reserved and '%'); any other is percent-encoded. */
const NOT_URL_CHARACTERS = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g;

/**
 * A path on this shop to send the browser back to: `value` when it is an absolute path of this
 * origin ('/…', not '//host' or '/\host', which browsers read as another site), else `fallback`.
 * Guards every 303 of a form against being an open redirect. What a URL (and so a `Location`
 * header, which holds only visible ASCII) cannot carry as written, a space or a character such
 * as 'ä' or '中', is percent-encoded as UTF-8, as a browser's address bar sends it: forms call this
 * before they act, so the answer to an action that ran can always be sent. A value that cannot be
 * encoded (a lone surrogate) gets `fallback`.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const encoded = value.replace(NOT_URL_CHARACTERS, (characters) => encodeURIComponent(characters));
    return encoded.length > 2000 ? fallback : encoded;
  } catch {
    return fallback;
  }
}

/**
 * The cart service's form endpoints (application/x-www-form-urlencoded; each also takes
 * `zurueck`): the cart actions of product cards, product pages and the cart page without
 * JavaScript. Each answers 303 to `zurueck` with a FlashNotice.
 */
export const CART_FORM_ACTIONS = {
  /** `productId`, `quantity` (1–99, default 1). */
  add: '/api/cart/form/add',
  /** `itemId`, `quantity` (0 removes the line: spec §4). */
  quantity: '/api/cart/form/quantity',
  /** `itemId`. */
  remove: '/api/cart/form/remove',
  /**
   * `bestaetigt`: 'ja' empties the cart, 'nein' leaves it. Without it the answer is the cart page
   * asking once more (CLEAR_CART_CONFIRMATION), as the hydrated page does before it removes
   * every line.
   */
  empty: '/api/cart/form/empty',
  /** `code` (trimmed and uppercased: spec §5). */
  applyPromo: '/api/cart/form/promo',
  removePromo: '/api/cart/form/promo/remove',
} as const;

/** The cart page's query asking 'Alle Artikel entfernen?' before 'Warenkorb leeren' (CART_FORM_ACTIONS.empty). */
export const CLEAR_CART_CONFIRMATION = { param: 'leeren', value: 'bestaetigen' } as const;

/**
 * The wishlist heart as a form of the account service (docs/decisions/forms-first.md). The
 * wishlist needs a login (spec §4 'Wishlist'): logged out, the answer is the login page with
 * 'Anmeldung erforderlich' (spec §8) and the way back in its `weiter` parameter.
 */
export const WISHLIST_FORM_ACTIONS = {
  /** `productId`: added when absent, removed when present. */
  toggle: '/api/wishlist/form/toggle',
} as const;

/**
 * The footer's newsletter sign-up as a form of the content service (docs/decisions/forms-first.md),
 * the same double opt-in as `POST /api/newsletter/subscribe`.
 */
export const NEWSLETTER_FORM_ACTIONS = {
  /** `email`, `consentVersion` (the version of NEWSLETTER_CONSENT the form showed). */
  subscribe: '/api/newsletter/form/subscribe',
} as const;

/**
 * Login and registration as forms of the account service (docs/decisions/forms-first.md), the same
 * checks, limits and texts as `POST /api/auth/login` and `/api/auth/register`. A failure answers
 * 303 back to the form's page, which the server renders with the outcome (LoginFormState,
 * RegisterFormState: the German errors at the fields, the entries without the passwords);
 * success goes on (login: pathAfterLogin).
 */
export const ACCOUNT_FORM_ACTIONS = {
  /** `email`, `password`, `weiter` (LOGIN_RETURN_PARAM: the page to go back to). */
  login: '/api/auth/form/login',
  /** The login form's outcome for the page's server render (GET; read once, then forgotten). */
  loginOutcome: '/api/auth/form/login/outcome',
  /** `firstName`, `lastName`, `email`, `password`, `confirmPassword` (must repeat the password). */
  register: '/api/auth/form/register',
  /** The registration form's outcome for the page's server render (GET; read once, then forgotten). */
  registerOutcome: '/api/auth/form/register/outcome',
} as const;

/**
 * The contact form as a form of the content service (docs/decisions/forms-first.md), the same
 * checks, spam limits and texts as `POST /api/contact`. The answer is 303 to /kontakt, which the
 * server renders with the outcome (ContactFormState): the German errors at the fields with the
 * entries, or the receipt.
 */
export const CONTACT_FORM_ACTIONS = {
  /** ContactBody's fields (name, email, orderNumber, subject, message, the honeypot homepage). */
  send: '/api/contact/form',
  /** The outcome for the page's server render (GET; read once, then forgotten). */
  outcome: '/api/contact/form/outcome',
} as const;

/**
 * 'Vertrag widerrufen' (§ 356a BGB) as a form of the cart service, for browsers without
 * JavaScript and taps before hydration: fields `name`, `orderNumber`, `email`, `items` and the
 * step `schritt`: 'pruefen' (check the entries, then show them for review), 'aendern' (back to
 * the form with the entries), 'bestaetigen' (declare the withdrawal). The answer is 303 to the
 * page, which the server renders with the outcome (WithdrawalFormState): the form with the
 * German errors at the fields, the review, or the receipt.
 */
export const WITHDRAWAL_FORM_ACTIONS = {
  declare: '/api/withdrawals/form',
  /** The outcome for the page's server render (GET; read once, then forgotten). */
  outcome: '/api/withdrawals/form/outcome',
} as const;

/** The steps of the withdrawal form (its `schritt` field). */
export const WITHDRAWAL_FORM_STEPS = { check: 'pruefen', edit: 'aendern', confirm: 'bestaetigen' } as const;

/**
 * The checkout `/kasse` as forms of the cart service, for browsers without JavaScript and taps
 * before hydration (docs/decisions/forms-first.md). One form per step: its fields (as the
 * checkout's form names them: `email`, `billing.firstName`, …, `shippingSameAsBilling`,
 * `shipping.…`, `birthDate`, `mrz1`–`mrz3`, `acceptTerms`, `orderKey`) and `schritt`, the step
 * sent (CHECKOUT_STEPS' names), or `aendern`, the finished step to open again. The answer is 303
 * to `/kasse` with the next step open (or the refused one with its German errors), and after
 * 'Zahlungspflichtig bestellen' 303 to the thank-you page.
 */
export const CHECKOUT_FORM_ACTIONS = {
  step: '/api/checkout/form',
  /** The checkout as kept for this cart (CheckoutFormOutcome), for the page's server render (GET). */
  state: '/api/checkout/form/state',
} as const;
