/**
 * The zod-free checks of the first load (event-checks.ts, boot-data-checks.ts, cart-checks.ts) give exactly what
 * the contracts' zod schemas give: for valid samples the same value (defaults filled, unknown keys
 * dropped where the schema drops them), and for every field of them broken (absent, another type,
 * empty, an extra key) the same verdict. A schema that gains a field or a rule fails here until its
 * check follows.
 */
import type { ZodType } from 'zod';
import { checkEntryState, checkRemotesManifest, checkShopConfig } from './boot-data-checks';
import { AppliedPromo } from './cart';
import { checkAppliedPromo } from './cart-checks';
import { CheckError, type Check } from './checks';
import { EntryState } from './entry-state';
import { SHOP_EVENT_CHECKS, SHOP_REQUEST_CHECKS } from './event-checks';
import { ShopEvents, ShopRequests } from './events';
import { RemotesManifest, ShopConfig } from './slices';

/** Every value one step away from `value`: each key removed, replaced, and one key added. */
function variants(value: unknown): unknown[] {
  const replacements: unknown[] = [
    undefined,
    null,
    42,
    -1,
    0,
    1.5,
    2 ** 53,
    '',
    'x',
    'x'.repeat(61),
    'x'.repeat(121),
    'x'.repeat(401),
    true,
    [],
    {},
    [42],
    ['x'],
    { x: 1 },
  ];
  if (Array.isArray(value))
    return [
      ...value.flatMap((item, index) => variants(item).map((changed) => value.map((v, i) => (i === index ? changed : v)))),
      [...value, 42],
    ];
  if (value === null || typeof value !== 'object') return replacements;
  const record = value as Record<string, unknown>;
  const changed: unknown[] = [
    { ...record, unexpected: 1 },
    { ...record, constructor: 1 },
    { ...record, toString: 'x' },
    JSON.parse(`{"__proto__": 1}`),
  ];
  for (const key of Object.keys(record)) {
    const { [key]: _removed, ...without } = record;
    changed.push(without);
    for (const replacement of [...replacements, ...variants(record[key])]) changed.push({ ...record, [key]: replacement });
  }
  return changed;
}

type Verdict = { ok: true; value: unknown } | { ok: false };
const bySchema = (schema: ZodType, value: unknown): Verdict => {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
};
const byCheck = (check: Check<unknown>, value: unknown): Verdict => {
  try {
    return { ok: true, value: check(value) };
  } catch (error) {
    if (!(error instanceof CheckError)) throw error;
    return { ok: false };
  }
};

function expectAgreement(name: string, schema: ZodType, check: Check<unknown>, samples: unknown[]) {
  for (const sample of samples) expect(bySchema(schema, sample)).toMatchObject({ ok: true });
  for (const value of [...samples, ...samples.flatMap(variants)]) {
    expect({ name, value, verdict: byCheck(check, value) }).toStrictEqual({ name, value, verdict: bySchema(schema, value) });
  }
}

const EVENT_SAMPLES: Record<keyof typeof ShopEvents, unknown[]> = {
  'cart:changed': [{ itemCount: 0 }, { itemCount: 7 }],
  'auth:changed': [{ authenticated: true }],
  'wishlist:changed': [{ productIds: [] }, { productIds: ['p1', 'p2'] }],
  'shell:seo': [
    { title: 'RandM Tornado 9000' },
    {
      title: 'RandM Tornado 9000 Blueberry Ice',
      description: '9.000 Züge',
      keywords: 'vape',
      robots: 'index, follow',
      canonical: 'https://shop.example.de/produkt/x',
      ogTitle: 'x',
      ogDescription: 'y',
      ogImage: '/api/images/x.webp',
      twitterCard: 'summary',
      structuredData: [{ '@type': 'Product', name: 'x' }],
    },
  ],
  'shell:toast': [
    { title: 'Hinzugefügt' },
    { title: 'Fehler', description: 'Bitte erneut versuchen.', variant: 'destructive', durationMs: 8000 },
  ],
};

const REQUEST_SAMPLES: Record<keyof typeof ShopRequests, { request: unknown[]; response: unknown[] }> = {
  'cart:add': { request: [{ productId: 'p1', quantity: 2 }], response: [{ ok: true }] },
  'cart:reorder': {
    request: [{ orderId: 'o1' }],
    response: [
      { ok: true, added: [{ name: 'Tornado 9000', quantity: 2, ordered: 3 }], unavailable: [{ name: 'Shisha', reason: 'Ausverkauft' }] },
      { ok: false, added: [], unavailable: [] },
    ],
  },
  'wishlist:toggle': { request: [{ productId: 'p1' }], response: [{ ok: true, inWishlist: false }] },
  'wishlist:status': { request: [{}], response: [{ productIds: ['p1'] }] },
};

test.each(Object.keys(ShopEvents) as Array<keyof typeof ShopEvents>)("the event '%s' is checked as its schema parses it", (name) => {
  expectAgreement(name, ShopEvents[name] as unknown as ZodType, SHOP_EVENT_CHECKS[name] as Check<unknown>, EVENT_SAMPLES[name]);
});

test.each(Object.keys(ShopRequests) as Array<keyof typeof ShopRequests>)(
  "the request '%s' and its answer are checked as their schemas parse them",
  (name) => {
    const { request, response } = ShopRequests[name];
    expectAgreement(
      `${name} request`,
      request as unknown as ZodType,
      SHOP_REQUEST_CHECKS[name].request as Check<unknown>,
      REQUEST_SAMPLES[name].request,
    );
    expectAgreement(
      `${name} response`,
      response as unknown as ZodType,
      SHOP_REQUEST_CHECKS[name].response as Check<unknown>,
      REQUEST_SAMPLES[name].response,
    );
  },
);

test('the boot data (remotes, shop configuration, entry state) is checked as its schemas parse it', () => {
  expectAgreement('remotes', RemotesManifest, checkRemotesManifest, [
    { remotes: [] },
    {
      remotes: [
        { name: 'catalog', entry: '/remotes/catalog/mf-manifest.json' },
        { name: 'cart', entry: 'https://cdn.example.de/cart/mf-manifest.json' },
      ],
    },
  ]);
  const config = {
    environment: 'production',
    shopName: 'RandM Tornado Shop',
    contactEmail: 'info@shop.example.de',
    contactAddress: ['Musterstraße 1', '10115 Berlin'],
    publicOrigin: 'https://shop.example.de',
    trustedShopsUrl: null,
    tuevCertificateUrl: 'https://www.tuev.example/zertifikat/123',
    presentationMode: 'factual',
    reviewsEnabled: true,
    renderedAt: '2026-11-30T00:05:00.000Z',
  };
  expectAgreement('shop configuration', ShopConfig, checkShopConfig, [
    config,
    { ...config, environment: 'development', renderedAt: '2026-11-30T00:05:00Z', trustedShopsUrl: 'http://localhost:8080/siegel' },
  ]);
  const formats: Record<'contactEmail' | 'publicOrigin' | 'renderedAt', string[]> = {
    contactEmail: [
      'info@shop',
      'a b@shop.example.de',
      '.info@shop.example.de',
      'info..x@shop.example.de',
      'ä@shop.example.de',
      'info@shop.example.d',
    ],
    publicOrigin: [
      'shop.example.de',
      'mailto:info@shop.example.de',
      'https://',
      'ftp://x.example',
      '//shop.example.de',
      ' https://shop.example.de ',
      '\u00a0https://shop.example.de',
      'https://shop.exa\nmple.de',
    ],
    renderedAt: [
      '2026-11-30',
      '2026-11-30T00:05',
      '2026-11-30T00:05Z',
      '2026-13-45T99:99:99Z',
      '2028-02-29T12:00:00Z',
      '2026-02-29T12:00:00Z',
      '2026-11-30T00:05:00+01:00',
      '2026-11-30 00:05:00Z',
    ],
  };
  for (const [field, texts] of Object.entries(formats))
    for (const text of texts)
      expect(byCheck(checkShopConfig, { ...config, [field]: text })).toStrictEqual(bySchema(ShopConfig, { ...config, [field]: text }));
  expectAgreement('entry state', EntryState, checkEntryState, [
    { ageGate: 'open', cookieBanner: true, flash: null, visitor: { session: false, cart: false } },
    {
      ageGate: 'passed',
      cookieBanner: false,
      flash: {
        tone: 'success',
        title: 'In den Warenkorb gelegt',
        text: 'RandM Tornado 9000',
        link: { href: '/warenkorb', label: 'Zum Warenkorb' },
      },
      visitor: { session: true, cart: true },
    },
    {
      ageGate: 'denied',
      cookieBanner: false,
      flash: { tone: 'error', title: 'Fehler', text: '', link: null },
      visitor: { session: false, cart: true },
    },
  ]);
});

test("a guest cart's stored promo code is checked as its schema parses it", () => {
  expectAgreement('applied promo', AppliedPromo as unknown as ZodType, checkAppliedPromo as Check<unknown>, [
    { code: 'TORNADO10', type: 'percentage', percent: 10 },
    { code: 'WILLKOMMEN5', type: 'fixed', amount: '5.00' },
    { code: 'X', type: 'fixed', amount: '1234.56' },
    { code: 'ALLES', type: 'percentage', percent: 100 },
  ]);
  // Edges a schema change would move (a highest percentage, an amount format, the kinds swapped).
  for (const value of [
    { code: 'X', type: 'percentage', percent: 101 },
    { code: 'X', type: 'percentage', percent: 0 },
    { code: 'X', type: 'percentage', percent: -5 },
    { code: 'X', type: 'percentage', amount: '5.00' },
    { code: 'X', type: 'fixed', percent: 10 },
    { code: 'X', type: 'free-shipping' },
  ])
    expect(byCheck(checkAppliedPromo as Check<unknown>, value)).toStrictEqual(bySchema(AppliedPromo as unknown as ZodType, value));
  for (const amount of ['5', '5.0', '5.000', '-5.00', ' 5.00', '5,00'])
    expect(byCheck(checkAppliedPromo as Check<unknown>, { code: 'X', type: 'fixed', amount })).toStrictEqual(
      bySchema(AppliedPromo as unknown as ZodType, { code: 'X', type: 'fixed', amount }),
    );
});
