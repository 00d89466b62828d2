/**
 * Versioned legal and information texts edited by staff (legal-de 4.6, 4.7) against the
 * real local database: a draft is invisible to shoppers, publishing makes a new dated text version
 * that new orders refer to, the template stays as the first version, placeholders follow the
 * settings, unknown placeholders are refused, concurrent saves give 409, writes are audited.
 */
import { LegalText } from '@shop/contracts';
import { AdminPageDetail, AdminPageList } from '@shop/contracts/admin';
import { startContentTestEnv } from '../test-support/content-test-env';

let env: Awaited<ReturnType<typeof startContentTestEnv>>;
beforeAll(async () => {
  env = await startContentTestEnv({ OPERATOR_COMPANY: 'Muster Vape GmbH', OPERATOR_DISPUTE_RESOLUTION: 'nein' });
});
afterAll(() => env.close());

const page = async (slug: string) => AdminPageDetail.parse((await env.staffCall('GET', `/api/admin/content/pages/${slug}`)).body);

test('the list has every information and legal page with its current version', async () => {
  const { pages } = AdminPageList.parse((await env.staffCall('GET', '/api/admin/content/pages')).body);
  expect(pages).toHaveLength(10);
  expect(pages.find((p) => p.slug === 'agb')).toMatchObject({ kind: 'legal', path: '/agb', hasDraft: false, version: 0 });
  expect(pages.find((p) => p.slug === 'versand')).toMatchObject({ kind: 'information', textVersion: '2026-11-29.2' });
  expect((await env.staffCall('GET', '/api/admin/content/pages/gibt-es-nicht')).status).toBe(404);
});

test('the editor gets the template with placeholders, not the filled-in values', async () => {
  const imprint = await page('impressum');
  expect(imprint.current).toMatchObject({ fromTemplate: true, textVersion: '2026-11-23', publishedAt: null });
  expect(imprint.current!.body).toContain('{{OPERATOR_COMPANY}}');
  expect(imprint.current!.body).not.toContain('Muster Vape GmbH');
  // The dispute-resolution choice is written out as its sentence.
  expect(imprint.current!.body).toContain('nicht bereit und nicht verpflichtet');
  expect(imprint.placeholders).toContainEqual({ token: '{{OPERATOR_COMPANY}}', label: 'Firmenname mit Rechtsform' });
});

test('a draft stays invisible; publishing makes a dated new version that shoppers and new orders get', async () => {
  const before = await page('agb');
  const oldHtml = (await env.get('/api/pages/agb')).body.html as string;
  const draftText = {
    title: 'Allgemeine Geschäftsbedingungen',
    description: before.current!.description,
    body: `${before.current!.body}\n\n## § 99 Neu\n\nVertragspartner ist {{OPERATOR_COMPANY}}.`,
  };
  const saved = await env.staffCall('PUT', '/api/admin/content/pages/agb/draft', { version: 0, draft: draftText });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ hasDraft: true, version: 1, textVersion: '2026-11-29.2' });
  expect((await env.get('/api/pages/agb')).body.html).toBe(oldHtml);

  const noNote = await env.staffCall('POST', '/api/admin/content/pages/agb/publish', { version: 1, changeNote: '' });
  expect(noNote.body.issues[0]).toMatchObject({ path: 'body/changeNote', message: 'Bitte beschreiben Sie kurz, was sich geändert hat.' });
  // 30.11.2026, 00:30 in Germany is still 29.11. in UTC: the 'Stand' is the German day.
  env.clock.now = new Date('2026-11-29T23:30:00Z');
  const published = AdminPageDetail.parse(
    (await env.staffCall('POST', '/api/admin/content/pages/agb/publish', { version: 1, changeNote: 'Neuer § 99' })).body,
  );
  expect(published).toMatchObject({ textVersion: '2026-11-30', hasDraft: false, draft: null, version: 2 });
  expect(published.current).toMatchObject({ fromTemplate: false, changeNote: 'Neuer § 99', publishedBy: expect.any(String) });
  expect(published.history).toEqual([expect.objectContaining({ textVersion: '2026-11-29.2', fromTemplate: true })]);
  const shown = (await env.get('/api/pages/agb')).body;
  expect(shown).toMatchObject({ version: '2026-11-30', title: 'Allgemeine Geschäftsbedingungen' });
  expect(shown.html).toContain('Vertragspartner ist Muster Vape GmbH.');
  expect((await env.internal('/internal/legal-versions')).body).toMatchObject({ terms: '2026-11-30' });
  // An order keeps the version it was placed under: both stay readable exactly as published.
  const earlier = LegalText.parse((await env.internal('/internal/legal-texts/agb?version=2026-11-29.2')).body);
  expect(earlier).toMatchObject({ slug: 'agb', version: '2026-11-29.2', html: oldHtml });
  // So does the template's wording before the one staff replaced.
  const older = LegalText.parse((await env.internal('/internal/legal-texts/agb?version=2026-11-23')).body);
  expect(older.html).toContain('Die Lieferzeit beträgt 1–3 Werktage ab Zahlungseingang');
  const later = LegalText.parse((await env.internal('/internal/legal-texts/agb?version=2026-11-30')).body);
  expect(later.html).toContain('Vertragspartner ist Muster Vape GmbH.');
  expect((await env.internal('/internal/legal-texts/agb?version=2026-12-01')).status).toBe(404);

  // A second publication the same day gets its own version; publishing the same text again is refused.
  await env.staffCall('PUT', '/api/admin/content/pages/agb/draft', { version: 2, draft: { ...draftText, title: 'AGB' } });
  const second = await env.staffCall('POST', '/api/admin/content/pages/agb/publish', { version: 3, changeNote: 'Kürzerer Titel' });
  expect(second.body).toMatchObject({ textVersion: '2026-11-30.2', title: 'AGB' });
  await env.staffCall('PUT', '/api/admin/content/pages/agb/draft', { version: 4, draft: { ...draftText, title: 'AGB' } });
  const same = await env.staffCall('POST', '/api/admin/content/pages/agb/publish', { version: 5, changeNote: 'nichts' });
  expect(same).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });

  await env.domain.auditRelay.flush();
  const entries = env.audit.entries().filter((entry) => entry.entity === 'page' && entry.entityId === 'agb');
  expect(entries.map((entry) => entry.action)).toEqual(['save-draft', 'publish', 'save-draft', 'publish', 'save-draft']);
  expect(entries[1]).toMatchObject({ reason: 'Neuer § 99', service: 'content' });
  expect(entries[1]!.changes[0]).toEqual({ field: 'textVersion', before: '2026-11-29.2', after: '2026-11-30' });
});

test('unknown placeholders are refused at the field; parallel first saves of a page: one wins', async () => {
  const draft = { title: 'Über uns', description: 'Wer wir sind und wie Sie uns erreichen.', body: 'Wir sind {{OPERATOR_FIRMA}}.' };
  const unknown = await env.staffCall('PUT', '/api/admin/content/pages/ueber-uns/draft', { version: 0, draft });
  expect(unknown.body.issues[0]).toMatchObject({ path: 'body/draft/body', message: expect.stringContaining('{{OPERATOR_FIRMA}}') });
  const answers = await Promise.all(
    [1, 2, 3].map((n) =>
      env.staffCall('PUT', '/api/admin/content/pages/ueber-uns/draft', { version: 0, draft: { ...draft, body: `Fassung ${n}` } }),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  const discarded = await env.staffCall('POST', '/api/admin/content/pages/ueber-uns/discard-draft', { version: 1 });
  expect(discarded.body).toMatchObject({ hasDraft: false, version: 2 });
  const nothing = await env.staffCall('POST', '/api/admin/content/pages/ueber-uns/publish', { version: 2, changeNote: 'ohne Entwurf' });
  expect(nothing.status).toBe(409);
});

test('staff make a page of their own: a draft first, public at /seite/{slug} once published, offline on request', async () => {
  const draft = { title: 'Zahlungsarten', description: 'Wie Sie bei uns bezahlen können.', body: 'Fragen an {{OPERATOR_EMAIL}}.' };
  const taken = await env.staffCall('POST', '/api/admin/content/pages', { slug: 'agb', draft });
  expect(taken).toMatchObject({
    status: 409,
    body: { message: 'Diese Adresse hat schon eine andere Seite. Bitte wählen Sie eine andere.' },
  });
  const created = await env.staffCall('POST', '/api/admin/content/pages', { slug: 'zahlungsarten', draft });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    kind: 'custom',
    path: '/seite/zahlungsarten',
    online: false,
    textVersion: null,
    current: null,
    hasDraft: true,
  });
  expect((await env.staffCall('POST', '/api/admin/content/pages', { slug: 'zahlungsarten', draft })).status).toBe(409);
  expect((await env.get('/api/pages/zahlungsarten')).status).toBe(404);
  const head = (path: string) => env.internal(`/internal/page-head?path=${encodeURIComponent(path)}`);
  expect((await head('/seite/zahlungsarten')).status).toBe(404);

  const published = await env.staffCall('POST', '/api/admin/content/pages/zahlungsarten/publish', {
    version: 0,
    changeNote: 'Erste Fassung',
  });
  expect(published.body).toMatchObject({ online: true, textVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), history: [] });
  const shown = await env.get('/api/pages/zahlungsarten');
  expect(shown.body).toMatchObject({ slug: 'zahlungsarten', path: '/seite/zahlungsarten', title: 'Zahlungsarten' });
  expect(shown.body.html).toContain('Fragen an');
  expect((await head('/seite/zahlungsarten')).body).toMatchObject({ title: 'Zahlungsarten', canonicalPath: '/seite/zahlungsarten' });
  expect((await env.internal('/internal/sitemap-entries')).body).toContainEqual(expect.objectContaining({ path: '/seite/zahlungsarten' }));
  const list = AdminPageList.parse((await env.staffCall('GET', '/api/admin/content/pages')).body).pages;
  expect(list.find((p) => p.slug === 'zahlungsarten')).toMatchObject({ kind: 'custom', online: true });

  const offline = await env.staffCall('POST', '/api/admin/content/pages/zahlungsarten/visibility', { version: 1, online: false });
  expect(offline.body).toMatchObject({ online: false, version: 2 });
  expect((await env.get('/api/pages/zahlungsarten')).status).toBe(404);
  expect((await head('/seite/zahlungsarten')).status).toBe(404);
  const fixed = await env.staffCall('POST', '/api/admin/content/pages/impressum/visibility', { version: 0, online: false });
  expect(fixed.status).toBe(409);
  await env.staffCall('POST', '/api/admin/content/pages/zahlungsarten/visibility', { version: 2, online: true });
  expect((await env.get('/api/pages/zahlungsarten')).status).toBe(200);
  // The fixed pages' slugs are not taken over by a page of staff's own, and an unknown page is 404.
  expect((await env.staffCall('GET', '/api/admin/content/pages/gibt-es-nicht')).status).toBe(404);
});
