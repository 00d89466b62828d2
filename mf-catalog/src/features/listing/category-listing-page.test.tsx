import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Category, Product } from '@shop/contracts';
import { handle } from '@shop/event-bus';
import { errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { CategoryListingPage } from './category-listing-page';

const tornado9000: Category = {
  id: 'cat-tornado-9000',
  name: 'RandM Tornado 9000',
  slug: 'randm-tornado-9000',
  puffCount: 9000,
  description: 'Bis zu 9000 Züge, 18 ml Liquid, Mesh-Coil.',
  originalPrice: '26.99',
  salePrice: '16.99',
  discountPercentage: 37,
  productCount: 2,
};
const products: Product[] = [
  testProduct('p1', { name: 'RandM Tornado 9000 Blueberry Ice' }),
  testProduct('p2', { name: 'RandM Tornado 9000 Mango', stock: 0 }),
];
const list = (items: Product[]) => jsonAnswer(200, { products: items, total: items.length, limit: 24, offset: 0 });

let api: MockApi;
let stopStatus: () => void;
beforeEach(() => {
  api = mockApi();
  // The account slice's answer to the hearts: p1 is on the wishlist.
  stopStatus = handle('wishlist:status', async () => ({ productIds: ['p1'] }));
});
afterEach(() => stopStatus());

const open = (path = '/kategorien/randm-tornado-9000') => renderScreen(<CategoryListingPage />, { path, route: '/kategorien/:category' });

/** The category page's states (loading, unknown, error with retry, empty, data) read through the catalogue's queries. */
describe('CategoryListingPage', () => {
  test('loading, then the category with its products, count and hearts', async () => {
    api.on('GET', '/api/categories', jsonAnswer(200, [tornado9000])).on('GET', '/api/products', list(products));
    open();
    expect(screen.getByText('Kategorie wird geladen…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'RandM Tornado 9000' })).toBeInTheDocument();
    expect(screen.getByText('Bis zu 9000 Züge, 18 ml Liquid, Mesh-Coil.')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByTestId('product-count')).toHaveTextContent('2 Produkte');
    expect(within(cards[1]).getAllByText('Ausverkauft').length).toBeGreaterThan(0);
    const [query] = api.requests('GET', '/api/products').map((request) => new URL(request.path, 'http://localhost').searchParams);
    expect(Object.fromEntries(query)).toEqual({ categoryId: 'cat-tornado-9000', sort: 'bestsellers', limit: '24', offset: '0' });
    await waitFor(() => expect(within(cards[0]).getByTestId('wishlist-heart')).toHaveAttribute('aria-pressed', 'true'));
    expect(within(cards[1]).getByTestId('wishlist-heart')).toHaveAttribute('aria-pressed', 'false');
  });

  test('an unknown category says so and links to all categories', async () => {
    api.on('GET', '/api/categories', jsonAnswer(200, [tornado9000]));
    open('/kategorien/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Kategorie nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu allen Kategorien' })).toHaveAttribute('href', '/kategorien');
    expect(api.requests('GET', '/api/products')).toHaveLength(0);
  });

  test('categories that fail to load offer a retry', async () => {
    api.once('GET', '/api/categories', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    api.on('GET', '/api/categories', jsonAnswer(200, [tornado9000])).on('GET', '/api/products', list(products));
    open();
    expect(await screen.findByRole('heading', { name: 'Kategorie konnte nicht geladen werden' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'RandM Tornado 9000' })).toBeInTheDocument();
  });

  test('a category without products says so', async () => {
    api.on('GET', '/api/categories', jsonAnswer(200, [tornado9000])).on('GET', '/api/products', list([]));
    open();
    expect(await screen.findByText('Keine Produkte in dieser Kategorie gefunden')).toBeInTheDocument();
    expect(screen.getByTestId('product-count')).toHaveTextContent('0 Produkte');
  });

  test('products that fail to load offer a retry in their region only', async () => {
    api.on('GET', '/api/categories', jsonAnswer(200, [tornado9000]));
    api.once('GET', '/api/products', errorAnswer(503, 'DATABASE_UNAVAILABLE')).on('GET', '/api/products', list(products));
    open();
    expect(await screen.findByText('Die Produkte konnten nicht geladen werden.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'RandM Tornado 9000' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
  });

  test('an impossible price range from the address is named, and nothing is asked', async () => {
    api.on('GET', '/api/categories', jsonAnswer(200, [tornado9000]));
    open('/kategorien/randm-tornado-9000?minPrice=30&maxPrice=10');
    expect(await screen.findByText(/Der Preis „von“ \(30 €\) ist höher als „bis“ \(10 €\)/)).toBeInTheDocument();
    expect(screen.getByTestId('product-count')).toHaveTextContent('Preisbereich prüfen');
    expect(api.requests('GET', '/api/products')).toHaveLength(0);
  });
});
