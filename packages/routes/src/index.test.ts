import { href, matchRoute, privatePathPrefixes, redirectFor, ROUTES, type PageId } from './index';

describe('route table (spec §2)', () => {
  test.each([
    ['/', 'catalog', 'home'],
    ['/randm-tornado-vape-alle-produkte', 'catalog', 'all-products'],
    ['/Alle-Produkte', 'catalog', 'all-products'],
    ['/kategorien', 'catalog', 'category-overview'],
    ['/kategorien/randm-tornado-9000', 'catalog', 'category-listing'],
    ['/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape', 'catalog', 'product-detail'],
    ['/produkt/randm-tornado-9000-blueberry-ice', 'catalog', 'product-detail'],
    ['/warenkorb', 'cart', 'cart'],
    ['/kasse', 'cart', 'checkout'],
    ['/checkout', 'cart', 'checkout'],
    ['/danke/ORD-1', 'cart', 'thank-you'],
    ['/anmelden', 'account', 'login'],
    ['/registrieren', 'account', 'register'],
    ['/passwort-vergessen', 'account', 'forgot-password'],
    ['/passwort-aendern', 'account', 'change-password'],
    ['/wunschliste', 'account', 'wishlist'],
    ['/profil', 'account', 'profile'],
    ['/meine-bestellungen', 'account', 'orders'],
    ['/bestellungen', 'account', 'orders'],
    ['/randm-tornado-vape-blog', 'content', 'blog-list'],
    ['/randm-tornado-vape-blog/ratgeber-tornado-9000', 'content', 'blog-post'],
    ['/kontakt', 'content', 'contact'],
    ['/versand', 'content', 'shipping'],
    ['/rueckgabe', 'content', 'returns'],
    ['/impressum', 'content', 'imprint'],
    ['/datenschutz', 'content', 'privacy'],
    ['/agb', 'content', 'terms'],
    ['/jugendschutz', 'content', 'youth-protection'],
    ['/ueber-uns', 'content', 'about'],
    ['/admin', 'admin', 'dashboard'],
    ['/admin/produkte', 'admin', 'products'],
    ['/admin/content/blog/edit/42', 'admin', 'blog-edit'],
    ['/admin/promotions', 'admin', 'promotions'],
  ])('%s → %s/%s', (path, remote, page) => {
    const match = matchRoute(path);
    expect(match?.route.remote).toBe(remote);
    expect(match?.route.page).toBe(page);
  });

  test('every admin route of the spec is present', () => {
    const adminPaths = ROUTES.filter((r) => r.remote === 'admin').map((r) => r.path);
    expect(adminPaths).toHaveLength(27); // the spec's 17 plus order and customer detail, the product editor (new, edit), the audit log, the live versions, the shop settings, the review moderation, the bank statement import and the DHL shipping
  });

  test('params are extracted', () => {
    expect(matchRoute('/kategorien/randm-shisha-10000/mango-einweg-vape')?.params).toEqual({
      category: 'randm-shisha-10000',
      productSlug: 'mango-einweg-vape',
    });
  });

  test('matching ignores case and a trailing slash', () => {
    expect(matchRoute('/alle-produkte')?.route.page).toBe('all-products');
    expect(matchRoute('/kontakt/')?.route.page).toBe('contact');
  });

  test.each(['/produkte', '/nicht-vorhanden', '/kategorien/a/b/c', '/admin/unknown', '/api/products'])('%s is not a page', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  test('/produkte (footer link without a route) redirects to all products', () => {
    expect(redirectFor('/produkte')).toBe('/randm-tornado-vape-alle-produkte');
    expect(redirectFor('/Produkte/')).toBe('/randm-tornado-vape-alle-produkte');
    expect(redirectFor('/kontakt')).toBeNull();
  });
});

describe('typed route table', () => {
  test('href fills in and encodes the parameters of a path of the table', () => {
    expect(href('/danke/:orderId', { orderId: 'abc123' })).toBe('/danke/abc123');
    expect(href('/kategorien/:category/:productSlug', { category: 'randm-tornado-9000', productSlug: 'blaubeere eis' })).toBe(
      '/kategorien/randm-tornado-9000/blaubeere%20eis',
    );
    expect(href('/warenkorb')).toBe('/warenkorb');
    // Type-level only (tsc -p tsconfig.checks.json fails if these compile); never called.
    const mistakes = () => {
      // @ts-expect-error a path that is not in the table does not compile
      href('/nicht-im-routing');
      // @ts-expect-error a missing parameter does not compile
      href('/danke/:orderId');
    };
    expect(mistakes).toBeInstanceOf(Function);
  });

  test('page ids are typed per remote', () => {
    const cartPages: Record<PageId<'cart'>, true> = {
      cart: true,
      checkout: true,
      'thank-you': true,
      withdrawal: true,
      'review-unsubscribe': true,
    };
    expect(Object.keys(cartPages)).toHaveLength(5);
    // @ts-expect-error a page id the table does not route to the cart remote
    const unknown: PageId<'cart'> = 'home';
    expect(unknown).toBe('home');
  });

  test('private pages give the robots.txt prefixes; public ones are not among them', () => {
    const prefixes = privatePathPrefixes();
    expect(prefixes).toEqual(
      expect.arrayContaining(['/admin', '/warenkorb', '/kasse', '/checkout', '/danke/', '/anmelden', '/profil', '/meine-bestellungen']),
    );
    expect(prefixes.some((prefix) => prefix.startsWith('/admin/'))).toBe(false); // covered by '/admin'
    for (const publicPath of ['/', '/kategorien', '/kontakt', '/vertrag-widerrufen', '/randm-tornado-vape-blog'])
      expect(prefixes.some((prefix) => publicPath === prefix || publicPath.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`))).toBe(
        false,
      );
  });

  test('second addresses name their canonical page, which routes to the same page', () => {
    const aliases = ROUTES.filter((r) => 'canonicalPath' in r);
    expect(aliases.length).toBeGreaterThan(0);
    for (const alias of aliases) expect(matchRoute(alias.canonicalPath!)?.route.page).toBe(alias.page);
  });
});
