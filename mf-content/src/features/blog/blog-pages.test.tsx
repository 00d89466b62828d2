import { fireEvent, screen, within } from '@testing-library/react';
import type { BlogPost, BlogPostSummary } from '@shop/contracts';
import { errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';
import { testProduct } from '@shop/test-fixtures';
import { BlogListPage } from './blog-list-page';
import { BlogPostPage } from './blog-post-page';

const summary = (n: number, overrides: Partial<BlogPostSummary> = {}): BlogPostSummary => ({
  id: `post-${n}`,
  slug: `beitrag-${n}`,
  title: `Beitrag ${n}`,
  excerpt: `Kurzfassung ${n}`,
  coverImage: null,
  categorySlug: null,
  author: 'Redaktion',
  publishedAt: '2026-11-20T08:00:00.000Z',
  readingMinutes: 4,
  isDemo: false,
  ...overrides,
});
const guide: BlogPost = {
  ...summary(1, { slug: 'tornado-9000-akku-laden', title: 'Tornado 9000: Akku richtig laden', categorySlug: 'randm-tornado-9000' }),
  html: '<p>Laden Sie den Akku mit einem USB-C-Kabel.</p><p><a href="/versand">Versand</a></p>',
  updatedAt: '2026-11-21T08:00:00.000Z',
  seoTitle: 'Tornado 9000 Akku laden',
  seoDescription: 'So laden Sie den Akku.',
  related: [summary(2)],
};
const page = (posts: BlogPostSummary[], extra: object = {}) =>
  jsonAnswer(200, { posts, page: 1, pageSize: 9, total: posts.length, totalPages: 1, ...extra });

let api: MockApi;
beforeEach(() => {
  api = mockApi().on('GET', '/api/categories', jsonAnswer(200, []));
});

/** The blog list's states (loading, data with pages, empty filter, error with retry). */
describe('BlogListPage', () => {
  const open = (path = '/randm-tornado-vape-blog') => renderScreen(<BlogListPage />, { path, route: '/randm-tornado-vape-blog' });

  test('loading, then the posts newest first with links and the pager', async () => {
    api.on('GET', '/api/blog', page([summary(1), summary(2)], { page: 2, totalPages: 3 }));
    open('/randm-tornado-vape-blog?seite=2');
    expect(screen.getByText('Beiträge werden geladen…')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Beitrag 1' })).toHaveAttribute('href', '/randm-tornado-vape-blog/beitrag-1');
    expect(api.requests('GET', '/api/blog')[0].path).toBe('/api/blog?page=2');
    const pager = screen.getByRole('navigation', { name: 'Seiten' });
    expect(pager).toHaveTextContent('Seite 2 von 3');
    expect(within(pager).getByRole('link', { name: '← Neuere Beiträge' })).toHaveAttribute('href', '/randm-tornado-vape-blog');
    expect(within(pager).getByRole('link', { name: 'Ältere Beiträge →' })).toHaveAttribute('href', '/randm-tornado-vape-blog?seite=3');
  });

  test('a category without posts says so and leads back to all posts', async () => {
    api.on('GET', '/api/blog', page([]));
    open('/randm-tornado-vape-blog?kategorie=randm-tornado-40000');
    expect(await screen.findByText(/Hier gibt es keine Beiträge/)).toBeInTheDocument();
    expect(api.requests('GET', '/api/blog')[0].path).toBe('/api/blog?page=1&category=randm-tornado-40000');
    expect(screen.getByRole('link', { name: 'Alle Beiträge anzeigen' })).toHaveAttribute('href', '/randm-tornado-vape-blog');
  });

  test('a failed read offers to try again', async () => {
    api.once('GET', '/api/blog', errorAnswer(503, 'DATABASE_UNAVAILABLE')).on('GET', '/api/blog', page([summary(1)]));
    open();
    expect(await screen.findByText(/Die Beiträge konnten nicht geladen werden/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('link', { name: 'Beitrag 1' })).toBeInTheDocument();
  });
});

/** A post's states (loading, data with products and related posts, not found, error with retry). */
describe('BlogPostPage', () => {
  const open = (slug: string) =>
    renderScreen(<BlogPostPage />, { path: `/randm-tornado-vape-blog/${slug}`, route: '/randm-tornado-vape-blog/:slug' });

  test("loading, then the post with its text, its category's products and related posts", async () => {
    api.on('GET', '/api/blog/tornado-9000-akku-laden', jsonAnswer(200, guide));
    api.on(
      'GET',
      '/api/products',
      jsonAnswer(200, { products: [testProduct('p1', { name: 'RandM Tornado 9000 Cola' })], total: 1, limit: 4, offset: 0 }),
    );
    open('tornado-9000-akku-laden');
    expect(screen.getByText('Beitrag wird geladen…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tornado 9000: Akku richtig laden' })).toBeInTheDocument();
    expect(screen.getByText('Laden Sie den Akku mit einem USB-C-Kabel.')).toBeInTheDocument();
    const products = await screen.findByRole('region', { name: 'Passende Produkte' });
    expect(products).toHaveTextContent(/RandM Tornado 9000 Cola 16,99\s€/);
    expect(api.requests('GET', '/api/products')[0].path).toBe('/api/products?category=randm-tornado-9000&limit=4');
    expect(screen.getByRole('region', { name: 'Weitere Beiträge' })).toHaveTextContent('Beitrag 2');
    // A link inside the text stays in the shop: the router follows it without a page load.
    fireEvent.click(screen.getByRole('link', { name: 'Versand' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/versand');
  });

  test('an unknown post says so', async () => {
    api.on('GET', '/api/blog/weg', errorAnswer(404, 'NOT_FOUND', 'Beitrag nicht gefunden'));
    open('weg');
    expect(await screen.findByRole('heading', { name: 'Beitrag nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu allen Beiträgen' })).toHaveAttribute('href', '/randm-tornado-vape-blog');
  });

  test('a failed read offers to try again', async () => {
    api.once('GET', '/api/blog/tornado-9000-akku-laden', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    api.on('GET', '/api/blog/tornado-9000-akku-laden', jsonAnswer(200, { ...guide, categorySlug: null }));
    open('tornado-9000-akku-laden');
    expect(await screen.findByText(/Der Beitrag konnte nicht geladen werden/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tornado 9000: Akku richtig laden' })).toBeInTheDocument();
  });
});
