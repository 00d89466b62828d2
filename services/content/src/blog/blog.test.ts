/** Blog API, page heads and sitemap entries against the real local database. */
import { BLOG_PAGE_SIZE, BlogListResponse, BlogPost, PageHead } from '@shop/contracts';
import { postModel } from './post.model';
import { renderPostBody } from '../markdown';
import { seedPosts } from '../seed/seed-posts';
import { startContentTestEnv } from '../test-support/content-test-env';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
beforeAll(async () => {
  env = await startContentTestEnv();
  await seedPosts(env.app.db);
});
afterAll(() => env.close());

const post = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  title: `Titel ${slug}`,
  excerpt: 'Kurz',
  body: 'Text',
  author: 'Redaktion',
  status: 'published' as 'published' | 'draft',
  publishedAt: new Date('2026-11-20T10:00:00Z'),
  ...overrides,
});

describe('sanitising (the allowlist itself is tested in @shop/rich-text)', () => {
  test('Markdown cannot smuggle HTML or javascript: links', () => {
    const html = renderPostBody('# T\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>', 'markdown');
    // Raw HTML arrives as visible text, never as a tag or an attribute.
    expect(html).not.toMatch(/<script|<img|<[^>]*onerror|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<h2>T</h2>');
  });
});

describe('GET /api/blog', () => {
  test('published guides, newest first, in pages; one guide per category of the 11 is seeded', async () => {
    const first = await env.get('/api/blog');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const page = BlogListResponse.parse(first.body);
    expect(page.total).toBeGreaterThanOrEqual(15);
    expect(page.posts).toHaveLength(BLOG_PAGE_SIZE);
    const dates = page.posts.map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const guides = await postModel(env.app.db).distinct('categorySlug', { categorySlug: { $ne: null } });
    expect(guides).toHaveLength(11);
    const last = BlogListResponse.parse((await env.get(`/api/blog?page=${page.totalPages}`)).body);
    expect(last.posts.length).toBeGreaterThan(0);
    expect((await env.get(`/api/blog?page=${page.totalPages + 1}`)).body.posts).toEqual([]);
  });

  test('the category filter lists that category’s guide', async () => {
    const { body } = await env.get('/api/blog?category=randm-tornado-9000');
    expect(body.posts.map((p: { slug: string }) => p.slug)).toEqual(['ratgeber-randm-tornado-9000']);
  });

  test('drafts and posts scheduled for later are invisible until their time', async () => {
    await postModel(env.app.db).create([
      post('entwurf', { status: 'draft' }),
      post('geplant', { publishedAt: new Date('2026-12-01T08:00:00Z') }),
    ]);
    const slugs = async () => (await env.get('/api/blog?page=1')).body.posts.map((p: { slug: string }) => p.slug);
    expect(await slugs()).not.toContain('geplant');
    expect((await env.get('/api/blog/entwurf')).status).toBe(404);
    expect((await env.get('/api/blog/geplant')).status).toBe(404);
    env.clock.now = new Date('2026-12-01T09:00:00Z');
    expect((await slugs())[0]).toBe('geplant');
    expect((await env.get('/api/blog/geplant')).status).toBe(200);
    env.clock.now = new Date('2026-11-23T10:00:00Z');
  });

  test.each([
    ['/api/blog?page=0', 'querystring/page'],
    ['/api/blog?page=-1', 'querystring/page'],
    ['/api/blog?page=abc', 'querystring/page'],
    ['/api/blog?page=1.5', 'querystring/page'],
    ['/api/blog?category[$ne]=x', 'querystring'], // an unknown key: the query is strict
    ['/api/blog?category=<script>', 'querystring/category'],
    ['/api/blog?sort=title', 'querystring'],
  ])('bad query %s is a 400 naming the field', async (url, path) => {
    const { status, body } = await env.get(url);
    expect(status).toBe(400);
    expect(body.issues.map((issue: { path: string }) => issue.path).join()).toContain(path);
  });
});

describe('GET /api/blog/{slug}', () => {
  test('a guide with sanitised HTML, reading time and related posts of its category first', async () => {
    const { status, body } = await env.get('/api/blog/ratgeber-randm-tornado-9000');
    expect(status).toBe(200);
    const guide = BlogPost.parse(body);
    expect(guide.html).toContain('<h2>Nikotin</h2>');
    expect(guide.html).toContain('20 mg Nikotin pro Milliliter');
    expect(guide.readingMinutes).toBeGreaterThanOrEqual(1);
    expect(guide.related).toHaveLength(3);
    expect(guide.related.map((p) => p.slug)).not.toContain(guide.slug);
    expect(guide.isDemo).toBe(true);
  });

  test.each(['/api/blog/Unbekannt', '/api/blog/%24ne', '/api/blog/a..b', '/api/blog/' + 'a'.repeat(121)])(
    'bad slug %s is 400',
    async (url) => {
      expect((await env.get(url)).status).toBe(400);
    },
  );

  test('an unknown post is 404 with a German message', async () => {
    expect(await env.get('/api/blog/gibt-es-nicht')).toMatchObject({ status: 404, body: { message: 'Beitrag nicht gefunden.' } });
  });
});

test('a cover image is part of the post and of its BlogPosting', async () => {
  await postModel(env.app.db).create(post('mit-titelbild', { coverImage: '/api/images/titelbild.webp' }));
  env.clock.now = new Date(env.clock.now.getTime() + 60_000); // past the snapshot's 10 s
  expect((await env.get('/api/blog/mit-titelbild')).body.coverImage).toBe('/api/images/titelbild.webp');
  const head = (await env.internal('/internal/page-head?path=/randm-tornado-vape-blog/mit-titelbild')).body;
  expect(head.ogImage).toBe('/api/images/titelbild.webp');
  expect(head.structuredData[0].image).toBe('https://shop.example/api/images/titelbild.webp');
  env.clock.now = new Date('2026-11-23T10:00:00Z');
});

describe('page heads and sitemap for the gateway', () => {
  test('a post’s head has BlogPosting and BreadcrumbList; unknown posts are 404; only with the internal secret', async () => {
    expect((await env.get('/internal/page-head?path=/randm-tornado-vape-blog')).status).toBe(401);
    const head = PageHead.parse((await env.internal('/internal/page-head?path=/randm-tornado-vape-blog/ratgeber-randm-tornado-9000')).body);
    expect(head).toMatchObject({ canonicalPath: '/randm-tornado-vape-blog/ratgeber-randm-tornado-9000', ogType: 'article' });
    expect(head.structuredData.map((data) => data['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(head.structuredData[0]).toMatchObject({
      mainEntityOfPage: 'https://shop.example/randm-tornado-vape-blog/ratgeber-randm-tornado-9000',
    });
    expect((await env.internal('/internal/page-head?path=/randm-tornado-vape-blog')).body.canonicalPath).toBe('/randm-tornado-vape-blog');
    expect((await env.internal('/internal/page-head?path=/randm-tornado-vape-blog/gibt-es-nicht')).status).toBe(404);
    expect((await env.internal('/internal/page-head?path=/randm-tornado-vape-blog/entwurf')).status).toBe(404);
  });

  test('the sitemap lists every published post, no draft (the blog list is a fixed route the gateway lists)', async () => {
    const paths = (await env.internal('/internal/sitemap-entries')).body.map((entry: { path: string }) => entry.path);
    expect(paths).not.toContain('/randm-tornado-vape-blog');
    expect(paths).toContain('/randm-tornado-vape-blog/ratgeber-randm-shisha-10000');
    expect(paths).not.toContain('/randm-tornado-vape-blog/entwurf');
  });

  test('seeding again inserts nothing', async () => {
    expect(await seedPosts(env.app.db)).toBe(0);
  });
});
