import { useGatewayApp } from '../test-support/gateway-harness';

/** The age gate and cookie banner as forms handled by the gateway (storefront/entry-forms.ts, spec §4). */
describe('gateway: the entry forms', () => {
  const setup = useGatewayApp();

  const submit = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    setup.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const cookiesOf = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat().map(String);
  /** The EntryState in a page's boot data. */
  const entryOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await setup.app.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0', ...headers },
    });
    const boot = JSON.parse(/<script type="application\/json" id="shop-boot">(.*?)<\/script>/.exec(response.body)![1]!);
    return { entry: boot.entry, response };
  };

  test("'Ich bin 18+' sets the session cookie and goes back; the next page comes without the gate, with the banner", async () => {
    const answer = await submit('/altersabfrage', { antwort: 'ja', zurueck: '/kategorien/randm-tornado-9000?sort=preis' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/kategorien/randm-tornado-9000?sort=preis');
    // A session cookie (no Max-Age or Expires): it lasts for the browser session, as spec §4's flag.
    expect(cookiesOf(answer)).toEqual(['shop_age_verified=1; Path=/; SameSite=Lax']);
    expect((await entryOf('/')).entry).toEqual({
      ageGate: 'open',
      cookieBanner: false,
      flash: null,
      visitor: { session: false, cart: false },
    });
    const { entry, response } = await entryOf('/', { cookie: 'shop_age_verified=1' });
    expect(entry).toEqual({ ageGate: 'passed', cookieBanner: true, flash: null, visitor: { session: false, cart: false } });
    expect(response.headers.vary).toContain('Cookie');
    expect((await entryOf('/', { cookie: 'shop_age_verified=1; shop_cookie_consent=rejected' })).entry.cookieBanner).toBe(false);
  });

  test("'Nein' shows the denial screen on the next page only (a reload asks again)", async () => {
    const answer = await submit('/altersabfrage', { antwort: 'nein', zurueck: '/' });
    expect(answer.statusCode).toBe(303);
    expect(cookiesOf(answer)).toEqual(['shop_age_denied=1; Max-Age=120; Path=/; SameSite=Lax']);
    const { entry, response } = await entryOf('/', { cookie: 'shop_age_denied=1' });
    expect(entry.ageGate).toBe('denied');
    expect(cookiesOf(response)).toContain('shop_age_denied=; Max-Age=0; Path=/; SameSite=Lax');
  });

  test('the cookie choice is kept 12 months; the X closes the banner for the next page only', async () => {
    const accepted = await submit('/cookie-einstellung', { wahl: 'true', zurueck: '/kontakt' });
    expect(accepted.headers.location).toBe('/kontakt');
    expect(cookiesOf(accepted)).toEqual(['shop_cookie_consent=true; Max-Age=31536000; Path=/; SameSite=Lax']);
    const closed = await submit('/cookie-einstellung', { wahl: 'schliessen', zurueck: '/kontakt' });
    expect(cookiesOf(closed)).toEqual(['shop_cookie_banner_closed=1; Max-Age=120; Path=/; SameSite=Lax']);
    const next = await entryOf('/kontakt', { cookie: 'shop_age_verified=1; shop_cookie_banner_closed=1' });
    expect(next.entry.cookieBanner).toBe(false);
    expect(cookiesOf(next.response)).toContain('shop_cookie_banner_closed=; Max-Age=0; Path=/; SameSite=Lax');
  });

  test('crawlers pass the gate and get no banner', async () => {
    const { entry } = await entryOf('/kategorien', {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(entry).toEqual({ ageGate: 'passed', cookieBanner: false, flash: null, visitor: { session: false, cart: false } });
  });

  test("a form's flash notice reaches the next page, which is private and deletes it; an edited one is ignored", async () => {
    const notice = {
      tone: 'success',
      title: 'Gutscheincode angewendet!',
      text: 'Sie sparen 10% (100 % sicher)',
      link: { href: '/warenkorb', label: 'Zum Warenkorb' },
    };
    const cookie = `shop_age_verified=1; shop_flash=${encodeURIComponent(JSON.stringify(notice))}`;
    const { entry, response } = await entryOf('/produkt/x', { cookie });
    expect(entry.flash).toEqual(notice);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(cookiesOf(response)).toContain('shop_flash=; Max-Age=0; Path=/; SameSite=Lax');
    const forged = { ...notice, link: { href: 'https://evil.example/', label: 'Hier' } };
    const edited = await entryOf('/', { cookie: `shop_flash=${encodeURIComponent(JSON.stringify(forged))}` });
    expect(edited.entry.flash).toBeNull();
  });

  test.each([
    ['an unknown answer', '/altersabfrage', { antwort: 'vielleicht' }, 400],
    ['no answer', '/cookie-einstellung', {}, 400],
  ])('%s → 400 in German, nothing stored', async (_case, url, form, status) => {
    const response = await submit(url, form);
    expect(response.statusCode).toBe(status);
    expect(response.body).toMatch(/^Die Angabe wurde nicht verstanden/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a return path with characters a Location header cannot carry: the answer is stored and the way back percent-encoded', async () => {
    const age = await submit('/altersabfrage', { antwort: 'ja', zurueck: '/中' });
    expect({ status: age.statusCode, location: age.headers.location }).toEqual({ status: 303, location: '/%E4%B8%AD' });
    expect(cookiesOf(age)).toEqual(['shop_age_verified=1; Path=/; SameSite=Lax']);
    const choice = await submit('/cookie-einstellung', { wahl: 'rejected', zurueck: '/kontakt?frage=süß' });
    expect({ status: choice.statusCode, location: choice.headers.location }).toEqual({
      status: 303,
      location: '/kontakt?frage=s%C3%BC%C3%9F',
    });
    expect(cookiesOf(choice)).toEqual(['shop_cookie_consent=rejected; Max-Age=31536000; Path=/; SameSite=Lax']);
  });

  test.each([['https://evil.example/'], ['//evil.example'], ['/\\evil.example']])('a return address %p leads home', async (zurueck) => {
    expect((await submit('/altersabfrage', { antwort: 'ja', zurueck })).headers.location).toBe('/');
  });

  test('a form sent from another site is refused', async () => {
    const response = await submit('/altersabfrage', { antwort: 'ja', zurueck: '/' }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('outside development the cookies are Secure', async () => {
    const production = await setup.harness.gateway({ SHOP_ENVIRONMENT: 'production', PUBLIC_ORIGIN: 'https://shop.example.de' });
    const response = await production.inject({
      method: 'POST',
      url: '/altersabfrage',
      payload: 'antwort=ja&zurueck=%2F',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.example.de' },
    });
    expect(cookiesOf(response)).toEqual(['shop_age_verified=1; Path=/; Secure; SameSite=Lax']);
    await production.close();
  });
});
