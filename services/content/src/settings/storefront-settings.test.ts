/**
 * The storefront settings (presentation mode for § 19 TabakerzG) against the real local
 * database: the deployment's default until an admin saves, admins only, saved on a version
 * (409 when outdated, also for two first saves at once), audited, read by the gateway.
 */
import { AdminStorefrontSettings } from '@shop/contracts/admin';
import { StorefrontSettings } from '@shop/contracts';
import { startContentTestEnv } from '../test-support/content-test-env';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
beforeAll(async () => {
  env = await startContentTestEnv();
});
afterAll(() => env.close());

const URL = '/api/admin/settings/storefront';

test('admins only: anonymous 401, a manager 403 (no settings permission)', async () => {
  expect((await env.get(URL)).status).toBe(401);
  expect((await env.staffCall('GET', URL, undefined, 'manager')).status).toBe(403);
  expect((await env.staffCall('PUT', URL, { version: 0, presentationMode: 'factual', reviewsEnabled: false }, 'manager')).status).toBe(403);
  expect((await env.staffCall('GET', URL, undefined, 'customer')).status).toBe(403);
});

test('the default applies until an admin saves; two first saves at once: one wins, the other is 409; the gateway reads the saved mode', async () => {
  expect(AdminStorefrontSettings.parse((await env.staffCall('GET', URL, undefined, 'admin')).body)).toEqual({
    presentationMode: 'marketing',
    reviewsEnabled: false,
    version: 0,
    updatedAt: null,
  });
  expect(StorefrontSettings.parse((await env.internal('/internal/storefront-settings')).body)).toEqual({
    presentationMode: 'marketing',
    reviewsEnabled: false,
  });
  expect((await env.get('/internal/storefront-settings')).status).toBe(401);

  const answers = await Promise.all(
    (['factual', 'factual'] as const).map((presentationMode) =>
      env.staffCall('PUT', URL, { version: 0, presentationMode, reviewsEnabled: false }, 'admin'),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  const saved = AdminStorefrontSettings.parse(answers.find((answer) => answer.status === 200)!.body);
  expect(saved).toMatchObject({ presentationMode: 'factual', version: 1, updatedAt: expect.any(String) });
  expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('STALE_VERSION');
  expect((await env.internal('/internal/storefront-settings')).body).toEqual({ presentationMode: 'factual', reviewsEnabled: false });

  const stale = await env.staffCall('PUT', URL, { version: 0, presentationMode: 'marketing', reviewsEnabled: false }, 'admin');
  expect(stale.status).toBe(409);
  const back = await env.staffCall('PUT', URL, { version: 1, presentationMode: 'marketing', reviewsEnabled: true }, 'admin');
  expect(back.body).toMatchObject({ presentationMode: 'marketing', reviewsEnabled: true, version: 2 });
  expect((await env.internal('/internal/storefront-settings')).body).toEqual({ presentationMode: 'marketing', reviewsEnabled: true });

  await env.domain.auditRelay.flush();
  const entries = env.audit.entries().filter((entry) => entry.entity === 'settings');
  expect(entries.map((entry) => entry.changes)).toEqual([
    [{ field: 'presentationMode', before: 'marketing', after: 'factual' }],
    [
      { field: 'presentationMode', before: 'factual', after: 'marketing' },
      { field: 'reviewsEnabled', before: false, after: true },
    ],
  ]);
  expect(entries[0]).toMatchObject({ actorRole: 'admin', service: 'content', label: 'Shop-Einstellungen: Darstellung und Bewertungen' });
});

test('bad input is 400 with the field named', async () => {
  const wrong = await env.staffCall('PUT', URL, { version: 0, presentationMode: 'loud', reviewsEnabled: false }, 'admin');
  expect(wrong.status).toBe(400);
  expect(wrong.body.issues[0]).toMatchObject({ path: 'body/presentationMode' });
});
