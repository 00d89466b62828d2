/**
 * The media library against the real local database and real image processing:
 * uploads are judged by their bytes (wrong type, lying type, oversized, SVG), re-encoded to WebP
 * in several widths without metadata, served publicly; alt text with optimistic concurrency;
 * deletion only when the catalog and the content service report no use; everything audited.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import sharp from 'sharp';
import { mediaSrcSet } from '@shop/contracts';
import { AdminMediaAsset, MEDIA_MAX_BYTES } from '@shop/contracts/admin';
import { loadConfig, signIdentity } from '@shop/service-kit';
import { buildApp } from '../app';
import { AdminEnv } from '../config';

const IDENTITY_SECRET = 'test-identity-secret-0123456789-abcdef';
const INTERNAL_SECRET = 'test-internal-secret-0123456789-abcdef';

/** A stand-in for a service's `/internal/media-usage`: the uses per asset id, or down. */
async function usageDouble(kind: 'product' | 'post') {
  const state = { down: false, uses: new Map<string, string>() };
  const double = Fastify();
  double.get<{ Querystring: { assetId: string } }>('/internal/media-usage', async (request, reply) => {
    if (request.headers['x-internal-token'] !== INTERNAL_SECRET) return reply.code(401).send({});
    if (state.down) return reply.code(503).send({ message: 'down', code: 'DATABASE_UNAVAILABLE' });
    const label = state.uses.get(request.query.assetId);
    return { uses: label ? [{ kind, id: 'x1', label }] : [] };
  });
  const url = await double.listen({ port: 0, host: '127.0.0.1' });
  return { url, state, close: () => double.close() };
}

let app: Awaited<ReturnType<typeof buildApp>>;
let catalog: Awaited<ReturnType<typeof usageDouble>>;
let content: Awaited<ReturnType<typeof usageDouble>>;
beforeAll(async () => {
  catalog = await usageDouble('product');
  content = await usageDouble('post');
  app = await buildApp(
    loadConfig(AdminEnv, {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_admin_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      INTERNAL_API_SECRET: INTERNAL_SECRET,
      IDENTITY_SECRET,
      CATALOG_SERVICE_URL: catalog.url,
      CONTENT_SERVICE_URL: content.url,
      ACCOUNT_SERVICE_URL: 'http://127.0.0.1:9',
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await catalog.close();
  await content.close();
});

const staff = async () => ({
  'x-shop-identity': await signIdentity({ userId: '665f1c2b9a1e4b00123456cc', role: 'manager' }, IDENTITY_SECRET),
});

/** Uploads `bytes` as a file of `type` with an alt text (multipart/form-data, as the browser sends it). */
async function upload(bytes: Buffer, type: string, name = 'bild.jpg', alt = 'Tornado 9000 in Blau') {
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return uploadForm(form);
}

/** Posts `form` to the media library as a staff member. */
async function uploadForm(form: FormData) {
  const request = new Request('http://local/', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { ...(await staff()), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() };
}

test("two files in one upload get the German 413 with a stable code, not Fastify's", async () => {
  const form = new FormData();
  form.append('alt', 'Zwei Bilder');
  for (const name of ['a.png', 'b.png']) form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), name);
  const response = await uploadForm(form);
  expect(response.status).toBe(413);
  expect(response.body).toEqual({ message: 'Bitte laden Sie eine Datei auf einmal hoch.', code: 'TOO_MANY_FILES' });
});

/** A photo as a phone takes it: 2000 × 1500 px JPEG, turned by EXIF orientation 6, with a copyright and GPS-like EXIF block. */
const phonePhoto = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 240, g: 120, b: 20 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Kamera 123', Artist: 'Erika' } } })
    .toBuffer();

test('a phone photo becomes upright WebP in four widths without metadata, served publicly for a year', async () => {
  const photo = await phonePhoto();
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  const { status, body } = await upload(photo, 'image/jpeg', 'IMG_0001 (1).jpg');
  expect(status).toBe(201);
  const asset = AdminMediaAsset.parse(body);
  // Turned upright: 1500 wide, 2000 high; widths up to the largest of 1600.
  expect(asset).toMatchObject({ width: 1500, height: 2000, widths: [320, 640, 1024, 1500], sourceType: 'image/jpeg', version: 0 });
  expect(asset.url).toBe(`/api/media/${asset.id}-1500.webp`);
  expect(mediaSrcSet(asset.url)).toBe([320, 640, 1024, 1500].map((width) => `/api/media/${asset.id}-${width}.webp ${width}w`).join(', '));
  const file = await app.inject({ method: 'GET', url: `/api/media/${asset.id}-640.webp` });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('image/webp');
  expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const stored = await sharp(file.rawPayload).metadata();
  expect(stored).toMatchObject({ format: 'webp', width: 640, height: 853 });
  expect(stored.exif).toBeUndefined();
  expect(stored.orientation).toBeUndefined();
  const listed = await app.inject({ method: 'GET', url: '/api/admin/media?search=tornado', headers: await staff() });
  expect(listed.json().assets.map((a: { id: string }) => a.id)).toContain(asset.id);
});

test('files are judged by their bytes: no image, a lying type, SVG, too large, no alt text', async () => {
  const text = await upload(Buffer.from('Hallo, ich bin kein Bild'), 'image/jpeg');
  expect(text).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA', message: expect.stringContaining('kein lesbares Bild') } });
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const lying = await upload(png, 'image/jpeg', 'foto.jpg');
  expect(lying).toMatchObject({
    status: 415,
    body: { message: 'Die Datei gibt sich als image/jpeg aus, ist aber image/png. Bitte laden Sie die Originaldatei hoch.' },
  });
  const svg = await upload(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    'image/svg+xml',
    'x.svg',
  );
  expect(svg.status).toBe(415);
  expect(svg.body.message).toMatch(/SVG\) ist nicht erlaubt/);
  const huge = await upload(Buffer.alloc(MEDIA_MAX_BYTES + 1, 1), 'image/jpeg');
  expect(huge).toMatchObject({ status: 413, body: { code: 'FILE_TOO_LARGE', message: 'Die Datei ist zu groß (höchstens 10 MB).' } });
  const noAlt = await upload(png, 'image/png', 'x.png', ' ');
  expect(noAlt.status).toBe(400);
  expect(noAlt.body.issues[0]).toMatchObject({ path: 'body/alt' });
  // Nothing of the refused uploads was kept.
  const all = (await app.inject({ method: 'GET', url: '/api/admin/media?limit=200', headers: await staff() })).json();
  expect(all.assets.filter((a: { fileName: string }) => ['foto.jpg', 'x.svg', 'x.png'].includes(a.fileName))).toEqual([]);
});

test('alt text changes on a version; an image in use is not deleted; a free one is, audited', async () => {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#09f' } })
    .png()
    .toBuffer();
  const asset = AdminMediaAsset.parse((await upload(png, 'image/png', 'blau.png', 'Blaue Fläche')).body);
  expect(asset.widths).toEqual([320, 400]);
  const patch = async (version: number, alt: string) =>
    app.inject({ method: 'PATCH', url: `/api/admin/media/${asset.id}`, headers: await staff(), payload: { version, alt } });
  const [first, second] = await Promise.all([patch(0, 'Blaue Fläche, quer'), patch(0, 'Blaues Rechteck')]);
  expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);

  const remove = async (version: number) =>
    app.inject({ method: 'DELETE', url: `/api/admin/media/${asset.id}?version=${version}`, headers: await staff() });
  catalog.state.uses.set(asset.id, 'RandM Tornado 9000 Blue Razz');
  const used = await remove(1);
  expect(used.statusCode).toBe(409);
  expect(used.json().message).toBe('Das Bild wird noch verwendet (Produkt „RandM Tornado 9000 Blue Razz“). Entfernen Sie es dort zuerst.');
  catalog.state.uses.clear();
  content.state.down = true;
  const unknown = await remove(1);
  expect(unknown).toMatchObject({ statusCode: 503 });
  expect(unknown.json().code).toBe('USAGE_UNKNOWN');
  content.state.down = false;
  expect((await remove(0)).statusCode).toBe(409);
  expect((await remove(1)).statusCode).toBe(204);
  expect((await app.inject({ method: 'GET', url: `/api/media/${asset.id}-320.webp` })).statusCode).toBe(404);
  expect((await remove(2)).statusCode).toBe(404);

  const log = (
    await app.inject({ method: 'GET', url: `/api/admin/audit?entity=media&entityId=${asset.id}`, headers: await staff() })
  ).json();
  expect(log.entries.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'create']);
  expect(log.entries[0]).toMatchObject({ service: 'admin', actorRole: 'manager' });
});
