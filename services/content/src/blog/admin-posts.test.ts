/**
 * Blog posts written by staff against the real local database: the staff endpoints
 * refuse customers and anonymous callers, a draft stays hidden until published, scheduling,
 * German errors at the fields, a taken slug, optimistic concurrency (parallel saves), the preview
 * renders like the shop, and every write reaches the audit log.
 */
import { adminEndpointAnswers } from '@shop/test-fixtures';
import { signIdentity } from '@shop/service-kit';
import { AdminPost } from '@shop/contracts/admin';
import { IDENTITY_SECRET, STAFF_USER_ID, startContentTestEnv } from '../test-support/content-test-env';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
beforeAll(async () => {
  env = await startContentTestEnv();
});
afterAll(() => env.close());

const postInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Tornado 9000 richtig laden',
  slug: `laden-${Math.random().toString(36).slice(2, 8)}`,
  excerpt: 'Wie Sie den Akku der Tornado 9000 sicher laden.',
  body: '## Laden\n\nMit dem **USB-C-Kabel** etwa 60 Minuten.\n\n<script>alert(1)</script>',
  categorySlug: 'randm-tornado-9000',
  coverImage: null,
  author: 'Redaktion',
  seoTitle: null,
  seoDescription: null,
  status: 'draft',
  publishedAt: null,
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await env.staffCall('POST', '/api/admin/content/posts', postInput(overrides));
  expect(response.status).toBe(201);
  return AdminPost.parse(response.body);
};

test('every admin endpoint of the content service: 401 without a login, 403 for a customer', async () => {
  const customer = await signIdentity({ userId: '665f1c2b9a1e4b00123456dd', role: 'customer' }, IDENTITY_SECRET);
  const answers = await adminEndpointAnswers(env.app, customer);
  expect(answers.map((answer) => answer.endpoint)).toEqual(
    expect.arrayContaining([
      'POST /api/admin/content/posts',
      'POST /api/admin/content/pages/:slug/publish',
      'POST /api/admin/content/preview',
    ]),
  );
  expect(answers.filter((answer) => answer.anonymous !== 401 || answer.customer !== 403)).toEqual([]);
});

test('a draft is hidden from shoppers until it is published; publishing shows it at once and is audited', async () => {
  const draft = await create();
  expect(draft).toMatchObject({ state: 'draft', version: 0, publishedAt: null });
  expect((await env.get(`/api/blog/${draft.slug}`)).status).toBe(404);
  const published = await env.staffCall('PATCH', `/api/admin/content/posts/${draft.id}`, { version: 0, changes: { status: 'published' } });
  expect(published.body).toMatchObject({ state: 'published', version: 1, publishedAt: env.clock.now.toISOString() });
  const shown = await env.get(`/api/blog/${draft.slug}`);
  expect(shown.status).toBe(200);
  expect(shown.body.html).toContain('<strong>USB-C-Kabel</strong>');
  expect(shown.body.html).not.toContain('<script');
  expect((await env.get('/api/blog')).body.posts.map((post: { slug: string }) => post.slug)).toContain(draft.slug);
  await env.domain.auditRelay.flush();
  const entries = env.audit.entries().filter((entry) => entry.entityId === draft.id);
  expect(entries.map((entry) => entry.action)).toEqual(['create', 'publish']);
  expect(entries[1]).toMatchObject({ service: 'content', entity: 'post', actorId: STAFF_USER_ID, actorRole: 'manager' });
  expect(entries[1]!.changes).toContainEqual({ field: 'status', before: 'draft', after: 'published' });
  // Withdrawn again: gone from the shop.
  const withdrawn = await env.staffCall('PATCH', `/api/admin/content/posts/${draft.id}`, { version: 1, changes: { status: 'draft' } });
  expect(withdrawn.body.state).toBe('draft');
  expect((await env.get(`/api/blog/${draft.slug}`)).status).toBe(404);
});

test('a post scheduled for later appears when its time has come', async () => {
  const later = new Date(env.clock.now.getTime() + 2 * 3600_000).toISOString();
  const post = await create({ status: 'published', publishedAt: later });
  expect(post.state).toBe('scheduled');
  expect((await env.get(`/api/blog/${post.slug}`)).status).toBe(404);
  const listed = await env.staffCall('GET', '/api/admin/content/posts?state=scheduled');
  expect(listed.body.posts.map((p: { id: string }) => p.id)).toContain(post.id);
  const before = env.clock.now;
  env.clock.now = new Date(before.getTime() + 3 * 3600_000);
  try {
    expect((await env.get(`/api/blog/${post.slug}`)).status).toBe(200);
  } finally {
    env.clock.now = before;
  }
});

test('German errors at the fields; a taken slug is 409; staff find posts by title', async () => {
  const empty = await env.staffCall('POST', '/api/admin/content/posts', postInput({ title: ' ', slug: 'Mit Leerzeichen' }));
  expect(empty.status).toBe(400);
  expect(empty.body.issues).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ path: 'body/title', message: 'Bitte geben Sie einen Titel ein (mindestens 3 Zeichen).' }),
      expect.objectContaining({ path: 'body/slug' }),
    ]),
  );
  for (const coverImage of ['javascript:alert(1)', 'https://tracker.example/pixel.jpg', '/api/media/../../etc/passwd']) {
    const badImage = await env.staffCall('POST', '/api/admin/content/posts', postInput({ coverImage }));
    expect(badImage.body.issues[0]).toMatchObject({ path: 'body/coverImage', message: 'Bitte wählen Sie ein Bild aus der Mediathek.' });
  }
  const first = await create({ title: 'Eindeutiger Suchtitel Xylophon' });
  const taken = await env.staffCall('POST', '/api/admin/content/posts', postInput({ slug: first.slug }));
  expect(taken).toMatchObject({
    status: 409,
    body: { message: 'Diese Adresse hat schon ein anderer Beitrag. Bitte wählen Sie eine andere.' },
  });
  const merged = await env.staffCall('PATCH', `/api/admin/content/posts/${first.id}`, { version: 0, changes: { excerpt: 'kurz' } });
  expect(merged.body.issues[0]).toMatchObject({ path: 'body/changes/excerpt' });
  const found = await env.staffCall('GET', '/api/admin/content/posts?search=xylophon');
  expect(found.body).toMatchObject({ total: 1, posts: [{ id: first.id, title: 'Eindeutiger Suchtitel Xylophon' }] });
  expect((await env.staffCall('GET', `/api/admin/content/posts/${'f'.repeat(24)}`)).status).toBe(404);
});

test('four parallel saves of one version: one wins, three get the German 409', async () => {
  const post = await create();
  const answers = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      env.staffCall('PATCH', `/api/admin/content/posts/${post.id}`, { version: 0, changes: { title: `Fassung Nummer ${n}` } }),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
  expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
    code: 'STALE_VERSION',
    message: expect.stringContaining('inzwischen von jemand anderem geändert'),
  });
  expect((await env.staffCall('GET', `/api/admin/content/posts/${post.id}`)).body.version).toBe(1);
});

test('the preview renders and sanitises like the shop, pages with the operator’s details filled in', async () => {
  const post = await env.staffCall('POST', '/api/admin/content/preview', {
    kind: 'post',
    body: '# Titel\n\n[Link](javascript:alert(1)) <img src=x onerror=alert(1)>',
  });
  expect(post.status).toBe(200);
  expect(post.body.html).toContain('<h2>Titel</h2>');
  expect(post.body.html).not.toMatch(/href="javascript|<img/);
  const page = await env.staffCall('POST', '/api/admin/content/preview', { kind: 'page', body: 'Versand {{SHOP_SHIPPING_COST}}' });
  expect(page.body.html).toContain('Versand 4,99');
});

test('the admin service learns which posts and pages use a media library image (before deleting it)', async () => {
  const assetId = 'abcdef0123456789abcdef0a';
  const cover = await create({ title: 'Mit Titelbild', coverImage: `/api/media/${assetId}-1024.webp` });
  const inText = await create({ title: 'Bild im Text', body: `Text\n\n![Gerät](/api/media/${assetId}-640.webp)` });
  await env.staffCall('PUT', '/api/admin/content/pages/versand/draft', {
    version: 0,
    draft: { title: 'Versand', description: 'Versand und Zahlung im Überblick.', body: `![Paket](/api/media/${assetId}-320.webp)` },
  });
  const usage = await env.internal(`/internal/media-usage?assetId=${assetId}`);
  expect(usage.body.uses).toEqual(
    expect.arrayContaining([
      { kind: 'post', id: cover.id, label: 'Mit Titelbild' },
      { kind: 'post', id: inText.id, label: 'Bild im Text' },
      { kind: 'page', id: 'versand', label: 'versand' },
    ]),
  );
  expect(usage.body.uses).toHaveLength(3);
  expect((await env.internal('/internal/media-usage?assetId=abcdef0123456789abcdef0b')).body).toEqual({ uses: [] });
});

test('a post published through one instance is shown by another instance within 2 s', async () => {
  // A second content instance on the same database, its posts snapshot already loaded. Its
  // clock stands still, so only the change signal (not the snapshot's age) can bring the post.
  const other = await startContentTestEnv({ MONGODB_DB: env.app.db.name });
  try {
    const draft = await create();
    expect((await other.get(`/api/blog/${draft.slug}`)).status).toBe(404);
    await env.staffCall('PATCH', `/api/admin/content/posts/${draft.id}`, { version: 0, changes: { status: 'published' } });
    const started = Date.now();
    while ((await other.get(`/api/blog/${draft.slug}`)).status !== 200) {
      if (Date.now() - started > 5000) throw new Error('the other instance did not show the post within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await other.get('/api/blog')).body.posts.map((post: { slug: string }) => post.slug)).toContain(draft.slug);
  } finally {
    await other.close();
  }
});
