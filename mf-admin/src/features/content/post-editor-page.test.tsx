import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { STALE_EDIT_MESSAGE } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffUser } from '../../test-support/staff-user';
import { PostEditPage } from './post-editor-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const ID = 'c'.repeat(24);
const POST = `/api/admin/content/posts/${ID}`;
const editor = staffUser('manager', { firstName: 'Rita', lastName: 'Redaktion' });

/** A published guide as staff edit it (AdminPost). */
const post = (overrides: Record<string, unknown> = {}) => ({
  id: ID,
  title: 'Wie lange hält eine RandM Tornado?',
  slug: 'wie-lange-haelt-eine-randm-tornado',
  excerpt: 'Züge, Akku und Liquid: was die Angaben bedeuten.',
  body: '## Züge\n\nDie Herstellerangabe ist ein Richtwert.',
  categorySlug: null,
  coverImage: null,
  author: 'Rita Redaktion',
  seoTitle: null,
  seoDescription: null,
  status: 'published',
  publishedAt: '2026-11-10T08:00:00.000Z',
  version: 3,
  state: 'published',
  isDemo: false,
  createdAt: '2026-11-09T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  ...overrides,
});

const open = () =>
  renderScreen(<PostEditPage />, {
    path: `/admin/content/blog/edit/${ID}`,
    route: '/admin/content/blog/edit/:id',
    user: editor,
    queryClient: adminQueryClient,
  });

/** /admin/content/blog/edit/{id}: a post's fields, its state, and the changes sent on the version loaded. */
describe('PostEditPage', () => {
  test('a published post: its state, and a changed summary is published on the version loaded', async () => {
    api.on('GET', POST, jsonAnswer(200, post()));
    api.on(
      'PATCH',
      POST,
      jsonAnswer(200, post({ excerpt: 'Züge, Akku und Liquid: was die Angaben auf der Packung bedeuten.', version: 4 })),
    );
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Beitrag „Wie lange hält eine RandM Tornado?“' })).toBeInTheDocument();
    expect(screen.getByText(/Status:/)).toHaveTextContent('Status: Veröffentlicht seit 10.11.2026 um 09:00 Uhr');
    fireEvent.change(screen.getByLabelText('Kurzfassung (Vorschau in der Blogliste)'), {
      target: { value: 'Züge, Akku und Liquid: was die Angaben auf der Packung bedeuten.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen veröffentlichen' }));
    await waitFor(() => expect(api.requests('PATCH', POST)).toHaveLength(1));
    expect(api.requests('PATCH', POST)[0]!.body).toEqual({
      version: 3,
      changes: { excerpt: 'Züge, Akku und Liquid: was die Angaben auf der Packung bedeuten.' },
    });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Beitrag gespeichert' })]));
  });

  test('withdrawing makes it a draft again', async () => {
    api.on('GET', POST, jsonAnswer(200, post()));
    api.on('PATCH', POST, jsonAnswer(200, post({ status: 'draft', state: 'draft', version: 4 })));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Zurückziehen (Entwurf)' }));
    await waitFor(() => expect(api.requests('PATCH', POST)).toHaveLength(1));
    expect(api.requests('PATCH', POST)[0]!.body).toEqual({ version: 3, changes: { status: 'draft' } });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Beitrag zurückgezogen' })]));
    expect(await screen.findByRole('button', { name: 'Veröffentlichen' })).toBeInTheDocument();
  });

  test('German errors before sending; someone else’s change meanwhile offers to reload', async () => {
    api.on('GET', POST, jsonAnswer(200, post()));
    api.on('PATCH', POST, errorAnswer(409, 'STALE_VERSION', STALE_EDIT_MESSAGE));
    open();
    fireEvent.change(await screen.findByLabelText('Kurzfassung (Vorschau in der Blogliste)'), { target: { value: 'Zu kurz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen veröffentlichen' }));
    expect(await screen.findByText('Bitte fassen Sie den Beitrag kurz zusammen (mindestens 10 Zeichen).')).toBeInTheDocument();
    expect(api.requests('PATCH', POST)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Kurzfassung (Vorschau in der Blogliste)'), {
      target: { value: 'Eine andere, längere Kurzfassung.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen veröffentlichen' }));
    expect(await screen.findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
  });
});
