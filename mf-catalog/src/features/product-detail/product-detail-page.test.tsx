import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { handle } from '@shop/event-bus';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { FALLBACK_SHOP_CONFIG, ShopConfigProvider } from '@shop/shell-api';
import { DELIVERY_PROMISE, type PresentationMode } from '@shop/contracts';
import { ProductDetailPage } from './product-detail-page';

const blueberry = testProduct('p1', {
  name: 'RandM Tornado 9000 Blueberry Ice',
  slug: 'blueberry-ice-einweg-vape',
  nicotineWarning: 'Dieses Produkt enthält Nikotin: einen Stoff, der sehr stark abhängig macht.',
});
const mango = testProduct('p2', { name: 'RandM Tornado 9000 Mango' });

const toasts = recordToasts();
let api: MockApi;
let offs: Array<() => void>;
beforeEach(() => {
  api = mockApi();
  offs = [handle('wishlist:status', async () => ({ productIds: [] }))];
});
afterEach(() => offs.forEach((off) => off()));

const open = (path = '/produkt/blueberry-ice-einweg-vape') =>
  renderScreen(<ProductDetailPage />, {
    path,
    route: path.startsWith('/produkt/') ? '/produkt/:slug' : '/kategorien/:category/:productSlug',
  });

/** The product page's states (loading, data, sold out, not found, error) and buying from it. */
describe('ProductDetailPage', () => {
  test('loading, then the product with price, stock, warning and related products', async () => {
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, blueberry));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [mango] }));
    open();
    expect(screen.getByLabelText('Produkt wird geladen')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: 'RandM Tornado 9000 Blueberry Ice' })).toBeInTheDocument();
    expect(screen.getByTestId('stock-status')).toHaveTextContent('Auf Lager');
    expect(screen.getByRole('note')).toHaveTextContent('sehr stark abhängig');
    expect(screen.getByRole('button', { name: /^In den Warenkorb – 16,99\s€$/ })).toBeEnabled();
    const related = screen.getByRole('region', { name: 'Das könnte Ihnen auch gefallen' });
    expect(await within(related).findByRole('link', { name: 'RandM Tornado 9000 Mango' })).toBeInTheDocument();
    // Only the product's own image loads first (the LCP image); related products' images wait.
    const images = document.querySelectorAll('img[fetchpriority="high"]');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('alt', 'RandM Tornado 9000 Blueberry Ice');
    expect(related.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  test('the category address reads the product by its category and slug', async () => {
    api.on('GET', '/api/products/slug/randm-tornado-9000/blueberry-ice-einweg-vape', jsonAnswer(200, blueberry));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
    open('/kategorien/randm-tornado-9000/blueberry-ice-einweg-vape');
    expect(await screen.findByRole('heading', { level: 1, name: 'RandM Tornado 9000 Blueberry Ice' })).toBeInTheDocument();
  });

  test('two pieces into the cart: the button shows their price, the cart slice is asked, the page says so', async () => {
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, blueberry));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
    const asked: unknown[] = [];
    offs.push(handle('cart:add', async (payload) => (asked.push(payload), { ok: true })));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Menge erhöhen' }));
    fireEvent.click(screen.getByRole('button', { name: /^In den Warenkorb – 33,98\s€$/ }));
    await waitFor(() => expect(asked).toEqual([{ productId: 'p1', quantity: 2 }]));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: 'Zum Warenkorb hinzugefügt', description: 'RandM Tornado 9000 Blueberry Ice wurde hinzugefügt.' }),
      ]),
    );
  });

  test('a sold-out product cannot be bought', async () => {
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, { ...blueberry, stock: 0 }));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
    open();
    expect(await screen.findByTestId('stock-status')).toHaveTextContent('Ausverkauft');
    expect(screen.getByRole('button', { name: 'Ausverkauft' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Menge' })).not.toBeInTheDocument();
  });

  test('an unknown product says so (spec §2 texts)', async () => {
    api.on('GET', '/api/products/slug/gibt-es-nicht', errorAnswer(404, 'NOT_FOUND', 'Produkt nicht gefunden'));
    open('/produkt/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Produkt nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByText('Das angeforderte Produkt konnte nicht gefunden werden.')).toBeInTheDocument();
    expect(api.requests('GET', '/api/products/slug/gibt-es-nicht')).toHaveLength(1);
  });

  test('a failed read is an error, not a missing product', async () => {
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    open();
    expect(await screen.findByRole('heading', { name: 'Fehler' })).toBeInTheDocument();
    expect(screen.getByText(/konnte gerade nicht geladen werden/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Produkte ansehen' })).toHaveAttribute('href', '/randm-tornado-vape-alle-produkte');
  });

  test.each([
    ['marketing', true],
    ['factual', false],
  ] as Array<[PresentationMode, boolean]>)(
    'presentation %s: discount badge, struck-through reference price, sales count, the "Original" badge and recommendations shown: %s (§ 19 TabakerzG)',
    async (presentationMode, shown) => {
      api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, { ...blueberry, salesCount: 12 }));
      api.on(
        'GET',
        '/api/products/p1/related',
        jsonAnswer(200, { products: [{ ...blueberry, id: 'p2', name: 'RandM Tornado 9000 Mango' }] }),
      );
      renderScreen(
        <ShopConfigProvider value={{ ...FALLBACK_SHOP_CONFIG, presentationMode }}>
          <ProductDetailPage />
        </ShopConfigProvider>,
        { path: '/produkt/blueberry-ice-einweg-vape', route: '/produkt/:slug' },
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'RandM Tornado 9000 Blueberry Ice' })).toBeInTheDocument();
      // The price itself is always there.
      expect(screen.getAllByText(/16,99\s€/).length).toBeGreaterThan(0);
      expect(screen.queryAllByText(/^−\d+ %$/).length > 0).toBe(shown);
      expect(screen.queryByText(/Niedrigster Preis der letzten 30 Tage/) !== null).toBe(shown);
      expect(screen.queryByText('12-mal verkauft') !== null).toBe(shown);
      expect(screen.queryByText('Original') !== null).toBe(shown);
      if (shown) expect(await screen.findByRole('region', { name: 'Das könnte Ihnen auch gefallen' })).toBeInTheDocument();
      else {
        expect(screen.queryByRole('region', { name: 'Das könnte Ihnen auch gefallen' })).toBeNull();
        expect(api.requests('GET', '/api/products/p1/related')).toHaveLength(0);
      }
    },
  );
});

/** Reviews from verified buyers, only while the operator has them switched on. */
describe('ProductDetailPage reviews', () => {
  const rated = { ...blueberry, rating: { average: 4.5, count: 2 } };
  const review = {
    id: 'r1',
    productId: 'p1',
    rating: 5,
    text: 'Sehr lecker,\nhält lange.',
    displayName: 'Erika B.',
    createdAt: '2026-11-20T10:00:00.000Z',
    reply: { text: 'Danke für Ihre Bewertung!', repliedAt: '2026-11-21T10:00:00.000Z' },
  };
  const openWith = (reviewsEnabled: boolean) =>
    renderScreen(
      <ShopConfigProvider value={{ ...FALLBACK_SHOP_CONFIG, reviewsEnabled }}>
        <ProductDetailPage />
      </ShopConfigProvider>,
      { path: '/produkt/blueberry-ice-einweg-vape', route: '/produkt/:slug' },
    );

  test('switched on: the rating under the name, the reviews with "Verifizierter Kauf", the answer and how reviews are checked', async () => {
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, rated));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
    api.on('GET', '/api/products/p1/reviews', jsonAnswer(200, { rating: rated.rating, reviews: [review], total: 1, limit: 5, offset: 0 }));
    openWith(true);
    // Under the name and at the top of the reviews section.
    expect(await screen.findAllByRole('img', { name: '4,5 von 5 Sternen' })).toHaveLength(2);
    const section = await screen.findByRole('region', { name: 'Kundenbewertungen' });
    expect(await within(section).findByText('Erika B.')).toBeInTheDocument();
    expect(within(section).getByText('Verifizierter Kauf')).toBeInTheDocument();
    expect(within(section).getByText('Danke für Ihre Bewertung!')).toBeInTheDocument();
    expect(within(section).getByTestId('review-check-notice')).toHaveTextContent(
      /Bewerten können nur Käuferinnen und Käufer einer zugestellten Bestellung/,
    );
    expect(within(section).getByText('4,5 (2 Bewertungen)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /4,5 von 5 Sternen/ })).toHaveAttribute('href', '#bewertungen');
  });

  test('switched off: no stars, no reviews section, no request for reviews', async () => {
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, rated));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
    openWith(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'RandM Tornado 9000 Blueberry Ice' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Kundenbewertungen' })).not.toBeInTheDocument();
    expect(screen.queryByText(/von 5 Sternen/)).not.toBeInTheDocument();
    expect(api.requests('GET', '/api/products/p1/reviews')).toHaveLength(0);
  });
});

/** The product's own data, never fixed values: nicotine from its mg/ml, the coil only when known. */
describe('ProductDetailPage technical data', () => {
  test.each([
    [20, '2 % Nikotin (20 mg/ml)', '2 % (20 mg/ml)', true],
    [10, '1 % Nikotin (10 mg/ml)', '1 % (10 mg/ml)', true],
    [0, '0 % Nikotin (0 mg/ml)', '0 % (0 mg/ml)', false],
  ])('%d mg/ml: the chip says "%s", the technical data "%s"; the nicotine warning shown: %s', async (mg, chip, strength, warned) => {
    const product = {
      ...blueberry,
      nicotineMgPerMl: mg,
      nicotineStrength: strength,
      nicotineWarning: warned ? blueberry.nicotineWarning : '',
      coil: mg === 10 ? null : 'Mesh-Coil',
    };
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, product));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
    open();
    const chips = await screen.findByRole('list', { name: 'Eckdaten' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent!.replace(/\s/g, ' ')),
    ).toEqual(['9.000 Züge', chip, 'Akku 600 mAh']);
    expect(screen.queryByRole('note') !== null).toBe(warned);
    // Still for adults only without nicotine (§ 10 JuSchG).
    expect(screen.getByText(/Abgabe nur an Erwachsene ab 18 Jahren/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Technische Daten' }));
    const specs = screen.getByRole('tabpanel');
    const value = (term: string) => within(specs).queryByText(term)?.nextElementSibling?.textContent?.replace(/\s/g, ' ') ?? null;
    expect(value('Nikotinstärke')).toBe(strength);
    // No coil data: no coil named (it was 'Mesh' for every product).
    expect(value('Coil')).toBe(mg === 10 ? null : 'Mesh-Coil');
    expect(specs).not.toHaveTextContent(mg === 20 ? /\b1 %/ : /20 mg\/ml/);
  });

  test('the model chips name every model of the catalogue, Tornado 10000 and 40000 too', async () => {
    api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, blueberry));
    api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
    open();
    const chips = await screen.findByRole('list', { name: 'Weitere Kategorien' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([
      ...[7000, 9000, 10000, 12000, 15000, 20000, 25000, 30000, 35000, 40000].map((n) => `RandM Tornado ${n}`),
      'RandM Shisha 10000',
    ]);
    expect(within(chips).getByRole('link', { name: 'RandM Tornado 40000' })).toHaveAttribute('href', '/kategorien/randm-tornado-40000');
  });
});

test('the delivery note is the shop’s one delivery promise, counted from the payment', async () => {
  api.on('GET', '/api/products/slug/blueberry-ice-einweg-vape', jsonAnswer(200, blueberry));
  api.on('GET', '/api/products/p1/related', jsonAnswer(200, { products: [] }));
  open();
  expect(await screen.findByText(DELIVERY_PROMISE)).toHaveClass('catalog-product-detail__delivery');
});
