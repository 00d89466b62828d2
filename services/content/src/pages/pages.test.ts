/** Information and legal pages from the operator settings (§ 5 DDG, § 36 VSBG). */
import { INFORMATION_PAGE_SLUGS, InformationPage } from '@shop/contracts';
import { loadConfig } from '@shop/service-kit';
import { ContentEnv } from '../config';
import { startContentTestEnv } from '../test-support/content-test-env';

const OPERATOR = {
  OPERATOR_COMPANY: 'Muster Vape GmbH',
  OPERATOR_STREET: 'Heidestraße 17',
  OPERATOR_POSTAL_CODE: '51147',
  OPERATOR_CITY: 'Köln',
  OPERATOR_REPRESENTATIVE: 'Erika Mustermann (Geschäftsführerin)',
  OPERATOR_REGISTER: 'Amtsgericht Köln, HRB 12345',
  OPERATOR_VAT_ID: 'DE123456789',
  OPERATOR_EMAIL: 'service@muster-vape.example',
  OPERATOR_PHONE: '+49 221 1234567',
  OPERATOR_WEEE_NUMBER: 'DE 12345678',
  OPERATOR_DISPUTE_RESOLUTION: 'nein',
};

describe('with every operator detail set', () => {
  let env: Awaited<ReturnType<typeof startContentTestEnv>>;
  beforeAll(async () => {
    env = await startContentTestEnv(OPERATOR);
  });
  afterAll(() => env.close());

  test.each(INFORMATION_PAGE_SLUGS)('/api/pages/%s is complete, versioned and sanitised', async (slug) => {
    const { status, body, headers } = await env.get(`/api/pages/${slug}`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=60');
    const page = InformationPage.parse(body);
    expect(page).toMatchObject({ slug, incomplete: false, version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
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

  test('unknown pages are 404, malformed names 400', async () => {
    expect((await env.get('/api/pages/geheim')).status).toBe(404);
    expect((await env.get('/api/pages/%2e%2e%2fconfig')).status).toBe(400);
    expect((await env.get('/api/pages/Impressum')).status).toBe(400);
  });
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
  const { OPERATOR_VAT_ID: _missing, ...allButVat } = OPERATOR;
  expect(() => loadConfig(ContentEnv, { ...base, NODE_ENV: 'production', ...allButVat })).toThrow(/OPERATOR_VAT_ID/);
  expect(() => loadConfig(ContentEnv, { ...base, SHOP_ENVIRONMENT: 'production', ...OPERATOR })).not.toThrow();
  expect(() => loadConfig(ContentEnv, { ...base, ...OPERATOR, OPERATOR_VAT_ID: 'DE12' })).toThrow(/OPERATOR_VAT_ID/);
});
