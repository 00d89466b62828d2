import { useGatewayApp } from '../test-support/gateway-harness';

/**
 * What the first HTML of a page loads with it (remote-preloads.ts): the boot data inlined, the
 * header widgets' and the route's remote files preloaded, and nothing personal for a guest or
 * of the storefront remotes on a back-office page.
 */
describe("the first HTML's boot data and preloads", () => {
  const setup = useGatewayApp();

  test("the first HTML inlines the boot data and preloads the header widgets and the route's remote page", async () => {
    const cartPage = (await setup.app.inject({ method: 'GET', url: '/warenkorb' })).body;
    const boot = JSON.parse(/<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(cartPage)![1]!);
    expect(boot.remotes.remotes.map((remote: { name: string }) => remote.name)).toContain('cart');
    expect(boot.shopConfig).toMatchObject({ shopName: 'RandM Tornado Shop', presentationMode: 'marketing' });
    // The page's render time: the footer's year is computed from it on the server and in the browser alike.
    expect(Math.abs(Date.parse(boot.shopConfig.renderedAt) - Date.now())).toBeLessThan(60_000);
    const preloads = [...cartPage.matchAll(/<link rel="(preload|stylesheet)" href="([^"]+)"(?: as="(\w+)")?/g)].map(
      ([, rel, href, as]) => `${as ?? rel} ${href}`,
    );
    expect(preloads).toEqual([
      // The shell registers the entry script, not the manifest: no manifest is fetched.
      'script /remotes/cart/remoteEntry.js',
      // A remote's CSS is linked as a stylesheet: server-rendered HTML needs it for its first paint.
      'stylesheet /remotes/cart/button.2222bbbb.css',
      'script /remotes/cart/button.1111aaaa.js',
      'script /remotes/cart/pages.3333cccc.js',
      // The footer's newsletter sign-up is in the HTML; its script loads when the footer comes near.
      'stylesheet /remotes/content/newsletter.6666ffff.css',
    ]);
    expect(cartPage).not.toContain('mf-manifest.json" as=');
    // Another slice's page: only the header's cart widget comes from this remote (the catalog is not built here).
    expect((await setup.app.inject({ method: 'GET', url: '/kontakt', headers: { cookie: 'cart_session=x' } })).body).not.toContain(
      'pages.3333cccc.js',
    );
  });

  test("a guest without a cart or session gets no personal header widget's files with the page; a visitor with either does", async () => {
    const filesOf = async (cookie?: string) => {
      const page = await setup.app.inject({ method: 'GET', url: '/kontakt', headers: cookie ? { cookie } : {} });
      const boot = JSON.parse(/<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(page.body)![1]!);
      const files = [...page.body.matchAll(/<link rel="(?:preload|stylesheet)" href="\/remotes\/cart\/([^"]+)"/g)].map(([, file]) => file);
      return { visitor: boot.entry.visitor, files };
    };
    // The cart's widget is left as the shell's link until needed: nothing of the cart remote is fetched.
    expect(await filesOf()).toEqual({ visitor: { session: false, cart: false }, files: [] });
    const withWidget = ['remoteEntry.js', 'button.2222bbbb.css', 'button.1111aaaa.js'];
    expect(await filesOf('cart_session=anything')).toEqual({ visitor: { session: false, cart: true }, files: withWidget });
    // Presence alone decides (the value is not checked here: it only decides what loads).
    expect(await filesOf('shop_session=anything')).toEqual({ visitor: { session: true, cart: false }, files: withWidget });
  });

  test("a back-office page's first HTML preloads no catalog, cart or content files (the staff frame mounts the admin remote and the account menu)", async () => {
    const adminPage = (await setup.app.inject({ method: 'GET', url: '/admin/releases' })).body;
    const preloads = [...adminPage.matchAll(/<link rel="(?:preload|stylesheet)" href="([^"]+)"/g)].map(([, href]) => href);
    expect(preloads.filter((href) => /^\/remotes\/(catalog|cart|content)\//.test(href))).toEqual([]);
    // A storefront page still gets the header widgets' files (for a visitor with a cart).
    expect((await setup.app.inject({ method: 'GET', url: '/kontakt', headers: { cookie: 'cart_session=x' } })).body).toContain(
      '<link rel="preload" href="/remotes/cart/button.1111aaaa.js"',
    );
  });
});
