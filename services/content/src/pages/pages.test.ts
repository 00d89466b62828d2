/** Information and legal pages from the operator settings (§ 5 DDG, § 36 VSBG). */
import { COD_DELIVERY_PROMISE, DELIVERY_PROMISE, INFORMATION_PAGE_SLUGS, InformationPage } from '@shop/contracts';
import { statutoryModelWithdrawalForm } from '@shop/test-fixtures';
import { loadConfig } from '@shop/service-kit';
import { ContentEnv } from '../config';
import { startContentTestEnv, TEST_OPERATOR } from '../test-support/content-test-env';

describe('with every operator detail set', () => {
  let env: Awaited<ReturnType<typeof startContentTestEnv>>;
  beforeAll(async () => {
    env = await startContentTestEnv(TEST_OPERATOR);
  });
  afterAll(() => env.close());

  test.each(INFORMATION_PAGE_SLUGS)('/api/pages/%s is complete, versioned and sanitised', async (slug) => {
    const { status, body, headers } = await env.get(`/api/pages/${slug}`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=60');
    const page = InformationPage.parse(body);
    expect(page).toMatchObject({ slug, incomplete: false, version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}(\.\d+)?$/) });
    expect(page.html).not.toMatch(/<mark>|fehlt:|<script|undefined/);
  });

  test('the imprint names the operator as § 5 DDG asks, and the dispute-resolution statement', async () => {
    const { html } = (await env.get('/api/pages/impressum')).body;
    for (const value of [
      'Muster Vape GmbH',
      'Heidestraße 17',
      '51147 Köln',
      'Amtsgericht Köln, HRB 12345',
      'DE123456789',
      'DE 12345678',
      'Erika Mustermann',
    ])
      expect(html).toContain(value);
    expect(html).toContain('nicht bereit und nicht verpflichtet');
    expect(html).not.toMatch(/ec\.europa\.eu\/consumers\/odr/); // the ODR platform closed in 2025 (legal-de.md §4.2)
  });

  test('the withdrawal text carries the model withdrawal form with the operator’s address', async () => {
    const { html } = (await env.get('/api/pages/widerrufsbelehrung')).body;
    expect(html).toContain('<h2>Muster-Widerrufsformular</h2>');
    expect(html).toContain('An Muster Vape GmbH, Heidestraße 17, 51147 Köln');
    expect(html).toContain('<a href="/vertrag-widerrufen">Vertrag widerrufen</a>');
  });

  test('the model withdrawal form is the statutory wording, its (*) markers included (Anlage 2 zu Art. 246a EGBGB)', async () => {
    const { html } = (await env.get('/api/pages/widerrufsbelehrung')).body;
    const blocks = [...(html as string).matchAll(/<(h2|p|li)>([\s\S]*?)<\/\1>/g)].map(([, , inner]) =>
      inner!
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    expect(blocks.slice(blocks.indexOf('Muster-Widerrufsformular'))).toEqual(
      statutoryModelWithdrawalForm('Muster Vape GmbH, Heidestraße 17, 51147 Köln, E-Mail: service@muster-vape.example'),
    );
    expect(html).not.toContain('<em>');
  });

  test('the shipping page and the AGB name the shop’s one delivery promise, counted from the payment', async () => {
    for (const slug of ['versand', 'agb']) expect((await env.get(`/api/pages/${slug}`)).body.html).toContain(DELIVERY_PROMISE);
    expect((await env.get('/api/pages/agb')).body.html).not.toContain('1–3 Werktage ab Zahlungseingang');
  });

  test('the privacy policy and the cookie notice agree: only necessary cookies, no consent asked', async () => {
    const { html } = (await env.get('/api/pages/datenschutz')).body;
    expect(html).toContain('Wir verwenden nur technisch notwendige Cookies');
    expect(html).toContain('deshalb fragt der Hinweis nicht danach');
    expect(html).toContain('Analyse- oder Werbe-Cookies setzen wir nicht ein.');
  });

  test('other services get the legal versions an order refers to, only with the secret', async () => {
    expect((await env.get('/internal/legal-versions')).status).toBe(401);
    expect((await env.internal('/internal/legal-versions')).body).toEqual({
      terms: expect.any(String),
      withdrawal: expect.any(String),
      privacy: expect.any(String),
    });
  });

  test('the legal text of a version, filled and rendered as shown, only with the secret; only legal pages', async () => {
    const { version } = (await env.get('/api/pages/widerrufsbelehrung')).body;
    expect((await env.get(`/internal/legal-texts/widerrufsbelehrung?version=${version}`)).status).toBe(401);
    const text = (await env.internal(`/internal/legal-texts/widerrufsbelehrung?version=${version}`)).body;
    expect(text).toMatchObject({ slug: 'widerrufsbelehrung', title: 'Widerrufsbelehrung', version });
    expect(text.html).toContain('<h2>Muster-Widerrufsformular</h2>');
    expect(text.html).toContain('An Muster Vape GmbH, Heidestraße 17, 51147 Köln');
    expect((await env.internal('/internal/legal-texts/widerrufsbelehrung?version=1999-01-01')).status).toBe(404);
    expect((await env.internal(`/internal/legal-texts/impressum?version=${version}`)).status).toBe(400);
  });

  test('orders placed under an earlier AGB or privacy policy keep its wording; the current version has the new one', async () => {
    const legal = async (slug: string, version: string) => (await env.internal(`/internal/legal-texts/${slug}?version=${version}`)).body;
    expect((await env.internal('/internal/legal-versions')).body).toEqual({
      terms: '2026-11-29.2',
      withdrawal: '2026-11-23',
      privacy: '2026-11-29',
    });

    const oldTerms = await legal('agb', '2026-11-23');
    expect(oldTerms).toMatchObject({ slug: 'agb', title: 'Allgemeine Geschäftsbedingungen', version: '2026-11-23' });
    expect(oldTerms.html).toContain(
      '<p>(2) Die Lieferzeit beträgt 1–3 Werktage ab Zahlungseingang, soweit beim Produkt nichts anderes angegeben ist.</p>',
    );
    expect(oldTerms.html).not.toContain(DELIVERY_PROMISE);
    const prepaymentOnly = await legal('agb', '2026-11-29');
    expect(prepaymentOnly.html).toContain(`<p>(2) Lieferzeit: ${DELIVERY_PROMISE}, soweit beim Produkt nichts anderes angegeben ist.</p>`);
    expect(prepaymentOnly.html).toContain('<p>(2) Sie zahlen per Vorkasse (Banküberweisung). Der Rechnungsbetrag');
    expect(prepaymentOnly.html).not.toContain('Nachnahme');
    // Cash on delivery beside prepayment: its fee named where the payment methods are, its delivery time counted from the order.
    const terms = await legal('agb', '2026-11-29.2');
    expect(terms.html).toContain('oder, soweit wir sie an der Kasse anbieten, per Nachnahme');
    expect(terms.html).toContain('Nachnahmegebühr von DHL');
    expect(terms.html).toContain(`Lieferzeit: ${DELIVERY_PROMISE}; bei Nachnahme: ${COD_DELIVERY_PROMISE};`);
    expect(terms.html).toBe((await env.get('/api/pages/agb')).body.html);

    const oldPrivacy = await legal('datenschutz', '2026-11-28');
    expect(oldPrivacy.html).toContain('Ihre Altersbestätigung in dieser Sitzung und Ihre Cookie-Auswahl. Während wir');
    expect(oldPrivacy.html).not.toContain('deshalb fragt der Hinweis nicht danach');
    const privacy = await legal('datenschutz', '2026-11-29');
    expect(privacy.html).toContain(
      'dass Sie den Cookie-Hinweis gelesen haben. Eine Einwilligung ist dafür nicht nötig, deshalb fragt der Hinweis nicht danach. Während wir',
    );
    expect(privacy.html).not.toContain('Cookie-Auswahl');

    for (const [slug, version] of [
      ['agb', '2026-11-28'],
      ['datenschutz', '2026-11-23'],
    ])
      expect((await env.internal(`/internal/legal-texts/${slug}?version=${version}`)).status).toBe(404);
  });

  test('unknown pages are 404, malformed names 400', async () => {
    expect((await env.get('/api/pages/geheim')).status).toBe(404);
    expect((await env.get('/api/pages/%2e%2e%2fconfig')).status).toBe(400);
    expect((await env.get('/api/pages/Impressum')).status).toBe(400);
  });
});

test.each([
  ['marketing', false],
  ['factual', true],
])("'Über uns' follows the presentation mode %s: 'ohne Werbeversprechen' only without offers: %s", async (mode, promised) => {
  const env = await startContentTestEnv({ ...TEST_OPERATOR, PRESENTATION_MODE_DEFAULT: mode });
  try {
    const { html } = (await env.get('/api/pages/ueber-uns')).body;
    expect(html).toContain('den Nikotingehalt und den gesetzlichen Warnhinweis');
    expect(html.includes('ohne Werbeversprechen')).toBe(promised);
    expect(html.includes('niedrigsten Preis der letzten 30 Tage')).toBe(!promised);
  } finally {
    await env.close();
  }
});

test('in development missing details are marked placeholders naming the variable', async () => {
  const env = await startContentTestEnv();
  try {
    const page = InformationPage.parse((await env.get('/api/pages/impressum')).body);
    expect(page.incomplete).toBe(true);
    expect(page.html).toContain('<mark>[Firmenname mit Rechtsform fehlt: OPERATOR_COMPANY setzen]</mark>');
    expect(InformationPage.parse((await env.get('/api/pages/jugendschutz')).body).incomplete).toBe(false); // names no operator detail
  } finally {
    await env.close();
  }
});

test('production refuses to start while an operator detail is missing, naming it', () => {
  const base = { MONGODB_URI: 'mongodb://127.0.0.1:1/', INTERNAL_API_SECRET: 'x'.repeat(40) };
  expect(() => loadConfig(ContentEnv, { ...base, SHOP_ENVIRONMENT: 'production' })).toThrow(
    /OPERATOR_COMPANY: ist in Produktion erforderlich/,
  );
  const { OPERATOR_VAT_ID: _missing, ...allButVat } = TEST_OPERATOR;
  expect(() => loadConfig(ContentEnv, { ...base, NODE_ENV: 'production', ...allButVat })).toThrow(/OPERATOR_VAT_ID/);
  expect(() => loadConfig(ContentEnv, { ...base, SHOP_ENVIRONMENT: 'production', ...TEST_OPERATOR })).not.toThrow();
  expect(() => loadConfig(ContentEnv, { ...base, ...TEST_OPERATOR, OPERATOR_VAT_ID: 'DE12' })).toThrow(/OPERATOR_VAT_ID/);
});

test('production refuses to start without its own secret for the contact form’s outcome cookie', () => {
  const base = { MONGODB_URI: 'mongodb://127.0.0.1:1/', INTERNAL_API_SECRET: 'x'.repeat(40), ...TEST_OPERATOR };
  expect(() => loadConfig(ContentEnv, { ...base, NODE_ENV: 'production' })).toThrow(/COOKIE_SECRET: ist in Produktion erforderlich/);
  expect(() => loadConfig(ContentEnv, { ...base, NODE_ENV: 'production', COOKIE_SECRET: 'kurz' })).toThrow(/COOKIE_SECRET/);
  expect(loadConfig(ContentEnv, { ...base, NODE_ENV: 'production', COOKIE_SECRET: 'c'.repeat(40) }).COOKIE_SECRET).toBe('c'.repeat(40));
});
