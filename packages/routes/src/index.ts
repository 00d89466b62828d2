import { matchPath } from 'react-router';

/**
 * The one route table of the storefront (spec §2 'Public routes' and 'Admin routes').
 * The shell renders each route by loading `page` from the owning remote; the gateway answers
 * 200 with the shell for every path that matches here and 404 (not-found page) otherwise.
 * Matching follows react-router: case-insensitive, an optional trailing slash.
 */

export type RouteRemote = 'catalog' | 'cart' | 'account' | 'content' | 'admin';

export interface RouteDefinition {
  path: string;
  remote: RouteRemote;
  /** Page id the remote's exposed `./pages` module renders. */
  page: string;
  /** German page name, used as the document title until the page sets its own. */
  title: string;
  /** Pages that need a logged-in user (spec §6); enforced by the owning slice. */
  requiresLogin?: boolean;
  /**
   * The owning service provides this page's head (title, description, canonical, Open Graph,
   * JSON-LD) for the first HTML, and may answer that the page's resource does not exist (404).
   */
  serverHead?: boolean;
}

/** The module each remote exposes its pages under (the shell's RemotePage loads `page` from it). */
export const PAGES_EXPOSE = './pages';

/**
 * Widgets the shell's header mounts from remotes on every page, in header order. The gateway
 * preloads their files with the route's page (docs/performance.md).
 */
export const HEADER_WIDGETS = [
  { slot: 'search', remote: 'catalog', exposed: './search-box' },
  { slot: 'account', remote: 'account', exposed: './account-menu' },
  { slot: 'cart', remote: 'cart', exposed: './cart-button' },
] as const satisfies ReadonlyArray<{ slot: string; remote: RouteRemote; exposed: string }>;

const route = (path: string, remote: RouteRemote, page: string, title: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  path,
  remote,
  page,
  title,
  ...extra,
});

export const ROUTES: readonly RouteDefinition[] = [
  // catalog
  route('/', 'catalog', 'home', 'RandM Tornado Vapes kaufen', { serverHead: true }),
  route('/randm-tornado-vape-alle-produkte', 'catalog', 'all-products', 'Alle Produkte', { serverHead: true }),
  route('/Alle-Produkte', 'catalog', 'all-products', 'Alle Produkte', { serverHead: true }),
  route('/kategorien', 'catalog', 'category-overview', 'Kategorien', { serverHead: true }),
  route('/kategorien/:category', 'catalog', 'category-listing', 'Kategorie', { serverHead: true }),
  route('/kategorien/:category/:productSlug', 'catalog', 'product-detail', 'Produkt', { serverHead: true }),
  route('/produkt/:slug', 'catalog', 'product-detail', 'Produkt', { serverHead: true }),
  // cart
  route('/warenkorb', 'cart', 'cart', 'Warenkorb'),
  route('/kasse', 'cart', 'checkout', 'Kasse'),
  route('/checkout', 'cart', 'checkout', 'Kasse'),
  route('/danke/:orderId', 'cart', 'thank-you', 'Ihre Bestellung'),
  // § 356a BGB withdrawal function (not in the spec; legal-de.md §4.8), linked from the footer.
  route('/vertrag-widerrufen', 'cart', 'withdrawal', 'Vertrag widerrufen'),
  // account
  route('/anmelden', 'account', 'login', 'Anmelden'),
  route('/registrieren', 'account', 'register', 'Registrieren'),
  route('/passwort-vergessen', 'account', 'forgot-password', 'Passwort vergessen'),
  route('/passwort-aendern', 'account', 'change-password', 'Passwort ändern', { requiresLogin: true }),
  route('/wunschliste', 'account', 'wishlist', 'Wunschliste', { requiresLogin: true }),
  route('/profil', 'account', 'profile', 'Mein Profil', { requiresLogin: true }),
  route('/meine-bestellungen', 'account', 'orders', 'Meine Bestellungen', { requiresLogin: true }),
  route('/bestellungen', 'account', 'orders', 'Meine Bestellungen', { requiresLogin: true }),
  // content
  route('/randm-tornado-vape-blog', 'content', 'blog-list', 'Blog'),
  route('/randm-tornado-vape-blog/:slug', 'content', 'blog-post', 'Blog'),
  route('/kontakt', 'content', 'contact', 'Kontakt'),
  route('/versand', 'content', 'shipping', 'Versand'),
  route('/rueckgabe', 'content', 'returns', 'Rückgabe'),
  route('/impressum', 'content', 'imprint', 'Impressum'),
  route('/datenschutz', 'content', 'privacy', 'Datenschutz'),
  route('/agb', 'content', 'terms', 'AGB'),
  route('/jugendschutz', 'content', 'youth-protection', 'Jugendschutz'),
  route('/ueber-uns', 'content', 'about', 'Über uns'),
  // admin (spec §2 'Admin routes'; access rules in the admin slice, spec §6)
  ...[
    ['/admin', 'dashboard', 'Admin-Dashboard'],
    ['/admin/auth-status', 'auth-status', 'Anmeldestatus'],
    ['/admin/products', 'products', 'Produkte verwalten'],
    ['/admin/produkte', 'products', 'Produkte verwalten'],
    ['/admin/orders', 'orders', 'Bestellungen verwalten'],
    ['/admin/bestellungen', 'orders', 'Bestellungen verwalten'],
    ['/admin/customers', 'customers', 'Kunden verwalten'],
    ['/admin/kunden', 'customers', 'Kunden verwalten'],
    ['/admin/analytics', 'analytics', 'Auswertungen'],
    ['/admin/content', 'content', 'Inhalte verwalten'],
    ['/admin/content/blog/new', 'blog-new', 'Neuer Blogbeitrag'],
    ['/admin/content/blog/edit/:id', 'blog-edit', 'Blogbeitrag bearbeiten'],
    ['/admin/content/simple-new', 'page-new', 'Neue Seite'],
    ['/admin/content/simple-edit/:id', 'page-edit', 'Seite bearbeiten'],
    ['/admin/content/edit/:id', 'content-edit', 'Inhalt bearbeiten'],
    ['/admin/media', 'media', 'Medien'],
    ['/admin/promotions', 'promotions', 'Aktionen'],
  ].map(([path, page, title]) => route(path!, 'admin', page!, title!, { requiresLogin: true })),
];

/**
 * Permanent redirects. The spec's footer links to /produkte, which has no route (spec §2);
 * instead of a dead link it leads to the all-products page.
 */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/produkte': '/randm-tornado-vape-alle-produkte',
};

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string | undefined>;
}

/** The route a pathname belongs to, or null (→ not-found page, HTTP 404). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const candidate of ROUTES) {
    const match = matchPath({ path: candidate.path, caseSensitive: false, end: true }, pathname);
    if (match) return { route: candidate, params: match.params };
  }
  return null;
}

/** Redirect target of a pathname (case-insensitive, trailing slash ignored), or null. */
export function redirectFor(pathname: string): string | null {
  const normalised = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return REDIRECTS[normalised] ?? null;
}
