// react-router-dom (not react-router): the package the shell and the remotes share as one singleton.
import { matchPath } from 'react-router-dom';
import type { RemoteName, ShopEventName, ShopRequestName } from '@shop/contracts';

/**
 * The one route table of the storefront (spec §2 'Public routes' and 'Admin routes').
 * The shell renders each route by loading `page` from the owning remote; the gateway answers
 * 200 with the shell for every path that matches here and 404 (not-found page) otherwise.
 * Matching follows react-router: case-insensitive, an optional trailing slash.
 */

/** The slice that owns a page: one of the contract's slices (the one list of slices, @shop/contracts). */
export type RouteRemote = RemoteName;

export interface RouteDefinition<R extends RouteRemote = RouteRemote, P extends string = string, Path extends string = string> {
  path: Path;
  remote: R;
  /** Page id the remote's exposed `./pages` module renders (typed per remote: {@link PageId}). */
  page: P;
  /** German page name, used as the document title until the page sets its own. */
  title: string;
  /** Pages that need a logged-in user (spec §6); enforced by the owning slice. */
  requiresLogin?: boolean;
  /**
   * The owning service provides this page's head (title, description, canonical, Open Graph,
   * JSON-LD) for the first HTML, and may answer that the page's resource does not exist (404).
   */
  serverHead?: boolean;
  /**
   * Personal or transactional pages (cart, checkout, accounts, admin): `noindex`, disallowed in
   * robots.txt and left out of the sitemap (the gateway reads this flag).
   */
  private?: boolean;
  /**
   * A private page the server renders from the visitor's own session: the gateway
   * forwards the visitor's cookies to the owning service for the reads of the page's prefetch, and
   * sends the HTML `Cache-Control: private, no-store`, so no shared cache keeps it. Other private
   * pages render in the browser after hydration.
   */
  sessionRendered?: boolean;
  /**
   * A private page whose first screen is the same for every visitor (login, registration): the
   * server renders it like a public page, so its forms work before and without JavaScript
   * (docs/decisions/forms-first.md). Still `noindex` and out of the sitemap.
   */
  serverRendered?: boolean;
  /** For a second address of a page: the address search engines should index instead (canonical link, sitemap). */
  canonicalPath?: string;
}

/** The module each remote exposes its pages under (the shell's RemotePage loads `page` from it). */
export const PAGES_EXPOSE = './pages';

/**
 * The footer's newsletter sign-up (spec §2 'newsletter signup block'): rendered into every
 * storefront page's first HTML (a form that works before the JavaScript and without it); the shell
 * loads its script only when the footer comes near the screen, so a page's first load does not
 * fetch it, and then mounts it in place of the server's form with FooterNewsletterProps.
 */
export const FOOTER_NEWSLETTER = { remote: 'content', exposed: './newsletter' } as const satisfies { remote: RouteRemote; exposed: string };

/** The props the shell passes the footer's sign-up: what was typed into the server's form, and whether it had the focus. */
export interface FooterNewsletterProps {
  defaultEmail: string;
  autoFocus: boolean;
}

/**
 * The header's product search (spec §2 'search box', §9): rendered into every storefront page's
 * first HTML, a GET form to the all-products listing that works before the JavaScript and without
 * it; the shell loads its script on the shopper's first intent to search (a pointer over it, a
 * touch, the focus, a key, a submit) and then mounts it in place of the server's form with
 * HeaderSearchProps (the shell's HeaderSearch; docs/performance.md 'The search box on first need').
 */
export const HEADER_SEARCH = { remote: 'catalog', exposed: './search-box' } as const satisfies { remote: RouteRemote; exposed: string };

/**
 * The props the shell passes the header's search box when it takes the server form's place:
 * what was typed there, whether the field had the focus and where its caret stood (a character
 * offset), and whether the shopper already sent the form (the search box then searches for
 * `defaultTerm` at once, as its own submit would).
 */
export interface HeaderSearchProps {
  defaultTerm: string;
  autoFocus: boolean;
  caret: number | null;
  submitted: boolean;
}

/**
 * Which of the visitor's own records the request carried a cookie for (EntryState.visitor of
 * @shop/contracts, decided by the gateway): a session, a guest cart.
 */
export interface VisitorCookies {
  session: boolean;
  cart: boolean;
}

/**
 * A personal widget the shell's header mounts from a remote: it shows the visitor's own state
 * (session, cart) and renders in the browser only, after hydration; the server-rendered HTML of a
 * page is the same for every visitor (a link stands in for the widget).
 */
export interface HeaderWidget {
  slot: string;
  remote: RouteRemote;
  exposed: string;
  /**
   * The widget is mounted with the page only for a visitor who has one of these records
   * (VisitorCookies), or on a page of its own remote; for everyone else its server link stands in
   * until it is needed (docs/performance.md 'Personal header widgets'), which is when one of
   * `answers` is asked, one of `follows` is announced, or the shopper reaches for it.
   */
  mountsFor?: ReadonlyArray<keyof VisitorCookies>;
  /** The requests of @shop/contracts (ShopRequests) the widget answers. */
  answers?: readonly ShopRequestName[];
  /** Events of @shop/contracts (ShopEvents) after which the widget must show fresh state. */
  follows?: readonly ShopEventName[];
}

/**
 * The props the shell passes a header widget. `firstTap`: the shopper tapped the server
 * link standing in for it before its code had arrived; the widget acts on that tap once mounted
 * (the cart button opens its side cart), so the tap is not lost.
 */
export interface HeaderWidgetProps {
  firstTap: boolean;
}

/**
 * Widgets the shell's header mounts from remotes, in header order. The gateway preloads the files
 * of those mounted with the page (docs/performance.md).
 */
export const HEADER_WIDGETS = [
  {
    slot: 'account',
    remote: 'account',
    exposed: './account-menu',
    mountsFor: ['session'],
    // A guest's hearts do not ask for the list (mf-catalog wishlist-hearts.ts); a tap on one does.
    answers: ['wishlist:toggle', 'wishlist:status'],
  },
  {
    slot: 'cart',
    remote: 'cart',
    exposed: './cart-button',
    // A customer's cart is kept with their account, on any device.
    mountsFor: ['session', 'cart'],
    answers: ['cart:add', 'cart:reorder'],
    // A login merges the guest cart into the customer's.
    follows: ['auth:changed'],
  },
] as const satisfies readonly HeaderWidget[];

/**
 * Whether a header widget is mounted with the page: for a visitor with one of its `mountsFor`
 * records or on a page of its own remote (`pageRemote`).
 * The shell mounts by it and the gateway preloads by it, so a page fetches no widget it leaves
 * as a link.
 */
export function mountsWithPage(widget: HeaderWidget, visitor: VisitorCookies, pageRemote: RouteRemote | null | undefined): boolean {
  if (widget.remote === pageRemote) return true;
  return (widget.mountsFor ?? []).some((record) => visitor[record]);
}

function route<const R extends RouteRemote, const P extends string, const Path extends string>(
  path: Path,
  remote: R,
  page: P,
  title: string,
  extra: Omit<RouteDefinition, 'path' | 'remote' | 'page' | 'title'> = {},
): RouteDefinition<R, P, Path> {
  return { path, remote, page, title, ...extra };
}

const personal = { private: true } as const;
// Rendered from the visitor's session too: the answer of its form without JavaScript (ACCOUNT_FORM_ACTIONS).
const personalForm = { private: true, serverRendered: true, sessionRendered: true } as const;
const loginOnly = { private: true, requiresLogin: true } as const;

export const ROUTES = [
  // catalog
  route('/', 'catalog', 'home', 'RandM Tornado Vapes kaufen', { serverHead: true }),
  route('/randm-tornado-vape-alle-produkte', 'catalog', 'all-products', 'Alle Produkte', { serverHead: true }),
  route('/Alle-Produkte', 'catalog', 'all-products', 'Alle Produkte', {
    serverHead: true,
    canonicalPath: '/randm-tornado-vape-alle-produkte',
  }),
  route('/kategorien', 'catalog', 'category-overview', 'Kategorien', { serverHead: true }),
  route('/kategorien/:category', 'catalog', 'category-listing', 'Kategorie', { serverHead: true }),
  route('/kategorien/:category/:productSlug', 'catalog', 'product-detail', 'Produkt', { serverHead: true }),
  route('/produkt/:slug', 'catalog', 'product-detail', 'Produkt', { serverHead: true }),
  // The review form of a delivered order: the invitation e-mail's link or the order page.
  route('/bewertung', 'catalog', 'review', 'Produkte bewerten', personal),
  // cart
  route('/warenkorb', 'cart', 'cart', 'Warenkorb', { private: true, sessionRendered: true }),
  // Rendered from the visitor's session: the cart and the step its forms reached (CHECKOUT_FORM_ACTIONS).
  route('/kasse', 'cart', 'checkout', 'Kasse', { private: true, sessionRendered: true }),
  route('/checkout', 'cart', 'checkout', 'Kasse', { private: true, sessionRendered: true, canonicalPath: '/kasse' }),
  // Rendered from the visitor's session too: the checkout form without JavaScript answers with it.
  route('/danke/:orderId', 'cart', 'thank-you', 'Ihre Bestellung', { private: true, sessionRendered: true }),
  // § 356a BGB withdrawal function (not in the spec; legal-de.md §4.8), linked from the footer.
  // Rendered from the visitor's session: the answer of its form without JavaScript (WITHDRAWAL_FORM_ACTIONS).
  route('/vertrag-widerrufen', 'cart', 'withdrawal', 'Vertrag widerrufen', { sessionRendered: true }),
  // The review invitation's opt-out link.
  route('/bewertung/abmelden', 'cart', 'review-unsubscribe', 'Keine Bewertungseinladungen mehr', personal),
  // account
  route('/anmelden', 'account', 'login', 'Anmelden', personalForm),
  route('/registrieren', 'account', 'register', 'Registrieren', personalForm),
  route('/passwort-vergessen', 'account', 'forgot-password', 'Passwort vergessen', personal),
  route('/passwort-aendern', 'account', 'change-password', 'Passwort ändern', loginOnly),
  // Targets of the account e-mails: confirm the address, set a new password.
  route('/konto/bestaetigen', 'account', 'verify-email', 'E-Mail-Adresse bestätigen', personal),
  route('/passwort-zuruecksetzen', 'account', 'reset-password', 'Neues Passwort festlegen', personal),
  route('/wunschliste', 'account', 'wishlist', 'Wunschliste', loginOnly),
  route('/profil', 'account', 'profile', 'Mein Profil', loginOnly),
  route('/meine-bestellungen', 'account', 'orders', 'Meine Bestellungen', loginOnly),
  route('/bestellungen', 'account', 'orders', 'Meine Bestellungen', { ...loginOnly, canonicalPath: '/meine-bestellungen' }),
  // One order of the logged-in customer (not in the spec): items, payment, parcel, invoice, withdrawal, reorder.
  route('/bestellungen/:orderId', 'account', 'order-detail', 'Bestellung', loginOnly),
  // content
  route('/randm-tornado-vape-blog', 'content', 'blog-list', 'Blog', { serverHead: true }),
  route('/randm-tornado-vape-blog/:slug', 'content', 'blog-post', 'Blog', { serverHead: true }),
  // Rendered from the visitor's session (so its HTML is private, no-store): the answer of its form without JavaScript (CONTACT_FORM_ACTIONS).
  route('/kontakt', 'content', 'contact', 'Kontakt', { sessionRendered: true }),
  route('/versand', 'content', 'shipping', 'Versand und Zahlung'),
  route('/rueckgabe', 'content', 'returns', 'Rückgabe und Rücknahme alter Geräte'),
  route('/impressum', 'content', 'imprint', 'Impressum'),
  route('/datenschutz', 'content', 'privacy', 'Datenschutzerklärung'),
  route('/agb', 'content', 'terms', 'Allgemeine Geschäftsbedingungen'),
  route('/jugendschutz', 'content', 'youth-protection', 'Jugendschutz'),
  route('/ueber-uns', 'content', 'about', 'Über uns'),
  // Pages the law needs that the spec does not list (legal-de.md §4.7, §3.1, §4.17).
  route('/widerrufsbelehrung', 'content', 'withdrawal-policy', 'Widerrufsbelehrung'),
  route('/batterie-hinweise', 'content', 'battery-information', 'Hinweise zu Batterien'),
  route('/barrierefreiheit', 'content', 'accessibility', 'Erklärung zur Barrierefreiheit'),
  // Pages staff make in the back office (/admin/content/simple-new); unknown or offline ones are 404.
  route('/seite/:slug', 'content', 'custom-page', 'Seite', { serverHead: true }),
  // The links of the newsletter e-mails: personal, never indexed.
  route('/newsletter/bestaetigen', 'content', 'newsletter-confirm', 'Newsletter-Anmeldung bestätigen', personal),
  route('/newsletter/abmelden', 'content', 'newsletter-unsubscribe', 'Newsletter abbestellen', personal),
  // admin (spec §2 'Admin routes'; access rules in the admin slice, spec §6)
  route('/admin', 'admin', 'dashboard', 'Admin-Dashboard', loginOnly),
  route('/admin/auth-status', 'admin', 'auth-status', 'Anmeldestatus', loginOnly),
  route('/admin/products', 'admin', 'products', 'Produkte verwalten', loginOnly),
  route('/admin/produkte', 'admin', 'products', 'Produkte verwalten', loginOnly),
  // Beyond spec §2: order and customer detail, the product editor (shaped like the spec's blog editor routes) and the audit log.
  route('/admin/orders/:id', 'admin', 'order-detail', 'Bestellung bearbeiten', loginOnly),
  route('/admin/customers/:id', 'admin', 'customer-detail', 'Kundenkonto', loginOnly),
  route('/admin/products/new', 'admin', 'product-new', 'Neues Produkt', loginOnly),
  route('/admin/products/edit/:id', 'admin', 'product-edit', 'Produkt bearbeiten', loginOnly),
  route('/admin/audit', 'admin', 'audit', 'Änderungsprotokoll', loginOnly),
  // Beyond spec §2: the live versions of the slices' screens (docs/releases.md).
  route('/admin/releases', 'admin', 'releases', 'Live-Versionen', loginOnly),
  route('/admin/orders', 'admin', 'orders', 'Bestellungen verwalten', loginOnly),
  route('/admin/bestellungen', 'admin', 'orders', 'Bestellungen verwalten', loginOnly),
  route('/admin/customers', 'admin', 'customers', 'Kunden verwalten', loginOnly),
  route('/admin/kunden', 'admin', 'customers', 'Kunden verwalten', loginOnly),
  route('/admin/analytics', 'admin', 'analytics', 'Auswertungen', loginOnly),
  route('/admin/content', 'admin', 'content', 'Inhalte verwalten', loginOnly),
  route('/admin/content/blog/new', 'admin', 'blog-new', 'Neuer Blogbeitrag', loginOnly),
  route('/admin/content/blog/edit/:id', 'admin', 'blog-edit', 'Blogbeitrag bearbeiten', loginOnly),
  route('/admin/content/simple-new', 'admin', 'page-new', 'Neue Seite', loginOnly),
  route('/admin/content/simple-edit/:id', 'admin', 'page-edit', 'Seite bearbeiten', loginOnly),
  route('/admin/content/edit/:id', 'admin', 'content-edit', 'Inhalt bearbeiten', loginOnly),
  route('/admin/media', 'admin', 'media', 'Medien', loginOnly),
  route('/admin/promotions', 'admin', 'promotions', 'Aktionen', loginOnly),
  route('/admin/settings', 'admin', 'settings', 'Shop-Einstellungen', loginOnly),
  route('/admin/bewertungen', 'admin', 'reviews', 'Bewertungen prüfen', loginOnly),
  // Beyond spec §2: prepayments matched from the bank statement (camt.053).
  route('/admin/zahlungen', 'admin', 'payments', 'Zahlungseingänge', loginOnly),
  // Beyond spec §2: DHL labels for the paid orders, the day's close-out and the shipping settings.
  route('/admin/versand', 'admin', 'shipping', 'Versand', loginOnly),
] as const satisfies readonly RouteDefinition[];

type AnyRoute = (typeof ROUTES)[number];

/**
 * The page ids of one remote, from the table: a remote's pages module declared as
 * `Record<PageId<'cart'>, Component>` fails the build when it misses a page the table routes
 * to it, or names one the table does not have (no silent fallback).
 */
export type PageId<R extends RouteRemote> = Extract<AnyRoute, { remote: R }>['page'];

/** Props the shell passes to a remote's pages module. */
export interface RemotePagesProps<R extends RouteRemote> {
  page: PageId<R>;
}

/** Every path pattern of the table ('/kategorien/:category', …). */
export type RoutePath = AnyRoute['path'];

// In a module of its own: a remote that only links to pages (href) does not bundle the table.
export { href } from './href';

/**
 * robots.txt `Disallow` lines: the private pages of the table, shortened to their static part
 * ('/danke/:orderId' → '/danke/'), without paths that a shorter entry already covers.
 */
export function privatePathPrefixes(): string[] {
  const prefixes = [...new Set(ROUTES.filter((r) => 'private' in r && r.private).map((r) => r.path.split(':')[0]!))].sort();
  return prefixes.filter(
    (prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other.endsWith('/') ? other : `${other}/`)),
  );
}

/**
 * Permanent redirects. The spec's footer links to /produkte, which has no route (spec §2);
 * instead of a dead link it leads to the all-products page.
 */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/produkte': '/randm-tornado-vape-alle-produkte',
};

export interface RouteMatch {
  route: RouteDefinition<RouteRemote, string, string>;
  params: Record<string, string | undefined>;
}

/** The route a pathname belongs to, or null (→ not-found page, HTTP 404). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const candidate of ROUTES as readonly RouteDefinition[]) {
    const match = matchPath({ path: candidate.path, caseSensitive: false, end: true }, pathname);
    if (match) return { route: candidate, params: match.params };
  }
  return null;
}

/**
 * Whether a page renders in the browser only (its loading state on the server and while
 * hydrating): a private page that is neither rendered from the session nor the same for everyone.
 */
export const rendersInBrowserOnly = (route: RouteDefinition): boolean =>
  Boolean(route.private && !route.sessionRendered && !route.serverRendered);

/** Redirect target of a pathname (case-insensitive, trailing slash ignored), or null. */
export function redirectFor(pathname: string): string | null {
  const normalised = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return REDIRECTS[normalised] ?? null;
}
