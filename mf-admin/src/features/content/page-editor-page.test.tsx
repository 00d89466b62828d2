import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorAnswer, jsonAnswer, renderScreen } from '@shop/test-dom';
import { STALE_EDIT_MESSAGE, type AdminPageDetail } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { staffUser } from '../../test-support/staff-user';
import { PageEditPage } from './page-editor-page';

const env = staffScreenTest();
const { toasts } = env;

const editor = staffUser('manager', { firstName: 'Rita', lastName: 'Redaktion' });

const published = {
  title: 'Allgemeine Geschäftsbedingungen',
  description: 'Die AGB des Shops: Vertragsschluss, Preise, Versand und Zahlung.',
  body: '## § 1 Geltungsbereich\n\nDiese AGB gelten für alle Bestellungen.',
  textVersion: '2026-11-24',
  publishedAt: '2026-11-24T09:00:00.000Z',
  publishedBy: 'Rita Redaktion',
  changeNote: 'Erste Fassung',
  fromTemplate: false,
};

/** The AGB as staff edit them (AdminPageDetail): published, with or without a saved draft. */
const agb = (overrides: Partial<AdminPageDetail> = {}): AdminPageDetail => ({
  slug: 'agb',
  path: '/agb',
  kind: 'legal',
  title: published.title,
  textVersion: '2026-11-24',
  online: true,
  hasDraft: false,
  templateNewer: false,
  version: 5,
  current: published,
  draft: null,
  history: [],
  placeholders: [{ token: '{{OPERATOR_EMAIL}}', label: 'E-Mail-Adresse des Betreibers' }],
  ...overrides,
});

const withDraft = (overrides: Partial<AdminPageDetail> = {}) =>
  agb({
    hasDraft: true,
    version: 6,
    draft: {
      title: published.title,
      description: published.description,
      body: `${published.body}\n\nNeu: § 2.`,
      savedAt: '2026-11-27T15:30:00.000Z',
    },
    ...overrides,
  });

const open = (slug = 'agb') =>
  renderScreen(<PageEditPage />, {
    path: `/admin/content/edit/${slug}`,
    route: '/admin/content/edit/:id',
    user: editor,
    queryClient: adminQueryClient,
  });

const PAGE = '/api/admin/content/pages/agb';

/** /admin/content/edit/{slug}: a page's draft saved on the version loaded, and published as a new dated text version. */
describe('PageEditPage', () => {
  test('a published legal page: its kind and version, and a changed title saved as a draft on the version loaded', async () => {
    env.api.on('GET', PAGE, jsonAnswer(200, agb()));
    env.api.on('PUT', `${PAGE}/draft`, ({ body }) =>
      jsonAnswer(
        200,
        withDraft({ draft: { ...(body as { draft: AdminPageDetail['current'] & object }).draft, savedAt: '2026-11-28T08:00:00.000Z' } }),
      ),
    );
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite „Allgemeine Geschäftsbedingungen“' })).toBeInTheDocument();
    expect(screen.getByText(/Rechtstext unter/)).toHaveTextContent('Rechtstext unter /agb, im Shop: Stand 24.11.2026.');
    expect(screen.queryByRole('button', { name: 'Als neue Fassung veröffentlichen' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'AGB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(env.api.requests('PUT', `${PAGE}/draft`)).toHaveLength(1));
    expect(env.api.requests('PUT', `${PAGE}/draft`)[0]!.body).toEqual({
      version: 5,
      draft: { title: 'AGB', description: published.description, body: published.body },
    });
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: 'Entwurf gespeichert', description: 'Im Shop gilt weiter die veröffentlichte Fassung.' }),
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Als neue Fassung veröffentlichen' })).toBeInTheDocument();
  });

  test('publishing sends the change note on the version loaded; an unsaved change is refused first', async () => {
    env.api.on('GET', PAGE, jsonAnswer(200, withDraft()));
    env.api.on(
      'POST',
      `${PAGE}/publish`,
      jsonAnswer(200, agb({ version: 7, textVersion: '2026-11-28', current: { ...published, textVersion: '2026-11-28' } })),
    );
    open();
    expect(await screen.findByText(/Entwurf gespeichert am/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Unsere AGB' } });
    fireEvent.change(screen.getByLabelText('Was hat sich geändert?'), { target: { value: '§ 2 ergänzt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Als neue Fassung veröffentlichen' }));
    expect(
      await screen.findByText('Bitte speichern Sie zuerst den Entwurf; veröffentlicht wird der gespeicherte Entwurf.'),
    ).toBeInTheDocument();
    expect(env.api.requests('POST', `${PAGE}/publish`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: published.title } });
    fireEvent.click(screen.getByRole('button', { name: 'Als neue Fassung veröffentlichen' }));
    await waitFor(() => expect(env.api.requests('POST', `${PAGE}/publish`)).toHaveLength(1));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('als neue Fassung veröffentlichen'));
    expect(env.api.requests('POST', `${PAGE}/publish`)[0]!.body).toEqual({ version: 6, changeNote: '§ 2 ergänzt' });
    await waitFor(() =>
      expect(toasts).toEqual([expect.objectContaining({ title: 'Neue Fassung veröffentlicht', description: 'Stand 28.11.2026' })]),
    );
  });

  test('a draft is discarded only after confirming', async () => {
    env.api.on('GET', PAGE, jsonAnswer(200, withDraft()));
    env.api.on('POST', `${PAGE}/discard-draft`, jsonAnswer(200, agb({ version: 7 })));
    open();
    jest.mocked(window.confirm).mockReturnValueOnce(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Entwurf verwerfen' }));
    expect(env.api.requests('POST', `${PAGE}/discard-draft`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Entwurf verwerfen' }));
    await waitFor(() => expect(env.api.requests('POST', `${PAGE}/discard-draft`)).toHaveLength(1));
    expect(env.api.requests('POST', `${PAGE}/discard-draft`)[0]!.body).toEqual({ version: 6 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Entwurf verwerfen' })).not.toBeInTheDocument());
    expect(toasts).toEqual([expect.objectContaining({ title: 'Entwurf verworfen' })]);
  });

  test('a page of staff’s own goes offline on the version loaded', async () => {
    const faq = agb({ slug: 'faq', path: '/seite/faq', kind: 'custom', title: 'Häufige Fragen' });
    env.api.on('GET', '/api/admin/content/pages/faq', jsonAnswer(200, faq));
    env.api.on('POST', '/api/admin/content/pages/faq/visibility', jsonAnswer(200, { ...faq, online: false, version: 6 }));
    open('faq');
    fireEvent.click(await screen.findByRole('button', { name: 'Offline nehmen' }));
    await waitFor(() => expect(env.api.requests('POST', '/api/admin/content/pages/faq/visibility')).toHaveLength(1));
    expect(window.confirm).toHaveBeenCalledWith('/seite/faq offline nehmen? Besucher sehen dann „Seite nicht gefunden“.');
    expect(env.api.requests('POST', '/api/admin/content/pages/faq/visibility')[0]!.body).toEqual({ version: 5, online: false });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Seite ist offline' })]));
    expect(await screen.findByRole('button', { name: 'Wieder online stellen' })).toBeInTheDocument();
  });

  test('German errors before sending; someone else’s change meanwhile offers to reload', async () => {
    env.api.on('GET', PAGE, jsonAnswer(200, agb()));
    env.api.on('PUT', `${PAGE}/draft`, errorAnswer(409, 'STALE_VERSION', STALE_EDIT_MESSAGE));
    open();
    fireEvent.change(await screen.findByLabelText('Beschreibung (für Suchmaschinen)'), { target: { value: 'Kurz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(await screen.findByText('Bitte beschreiben Sie die Seite kurz (mindestens 10 Zeichen).')).toBeInTheDocument();
    expect(env.api.requests('PUT', `${PAGE}/draft`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Beschreibung (für Suchmaschinen)'), {
      target: { value: 'Die AGB des Shops in neuer Fassung.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(await screen.findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() => expect(env.api.requests('GET', PAGE)).toHaveLength(2));
  });
});
