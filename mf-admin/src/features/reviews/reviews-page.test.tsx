import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { adminQueryClient } from '../../lib/admin-query-client';
import { ReviewsPage } from './reviews-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const review = (overrides: Record<string, unknown> = {}) => ({
  id: 'r1',
  productId: 'p'.repeat(24),
  productName: 'RandM Tornado 9000 Cola',
  orderNumber: 'RT-2026-K7M2QX9P',
  rating: 4,
  text: 'Schmeckt nach Cola, hält lange.',
  displayName: 'Erika B.',
  status: 'pending',
  rejectionReason: null,
  reply: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  moderatedAt: null,
  version: 2,
  ...overrides,
});
const list = (reviews: unknown[], pendingCount = reviews.length) => ({ reviews, total: reviews.length, pendingCount });

const open = () => renderScreen(<ReviewsPage />, { path: '/admin/bewertungen', queryClient: adminQueryClient });
const card = async () => screen.findByTestId('admin-review');

/** /admin/bewertungen: staff publish, reject with an internal reason and answer publicly, each on the version shown. */
describe('ReviewsPage', () => {
  test('the reviews to check, with stars, buyer and order; publishing sends the version shown and reloads the list', async () => {
    api.on('GET', '/api/admin/reviews', jsonAnswer(200, list([review()])));
    api.on('POST', '/api/admin/reviews/r1/moderation', jsonAnswer(200, review({ status: 'approved', version: 3 })));
    open();
    const shown = await card();
    expect(within(shown).getByLabelText('4 von 5 Sternen')).toHaveTextContent('★★★★☆');
    expect(shown).toHaveTextContent('Erika B. · Bestellung RT-2026-K7M2QX9P');
    expect(screen.getByRole('button', { name: 'Zu prüfen (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.requests('GET', '/api/admin/reviews')[0]!.path).toBe('/api/admin/reviews?status=pending&limit=20&offset=0');

    api.on('GET', '/api/admin/reviews', jsonAnswer(200, list([], 0)));
    fireEvent.click(within(shown).getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(api.requests('POST', '/api/admin/reviews/r1/moderation')).toHaveLength(1));
    expect(api.requests('POST', '/api/admin/reviews/r1/moderation')[0]!.body).toEqual({ action: 'approve', version: 2 });
    expect(await screen.findByText('Keine Bewertungen in diesem Status.')).toBeInTheDocument();
    expect(toasts).toEqual([expect.objectContaining({ title: 'Bewertung veröffentlicht' })]);
  });

  test('a rejection needs a reason of 3 characters (nothing sent without); with one it is sent', async () => {
    api.on('GET', '/api/admin/reviews', jsonAnswer(200, list([review()])));
    api.on('POST', '/api/admin/reviews/r1/moderation', jsonAnswer(200, review({ status: 'rejected', version: 3 })));
    open();
    const shown = await card();
    fireEvent.click(within(shown).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent('Begründung: mindestens 3 Zeichen.');
    expect(api.requests('POST', '/api/admin/reviews/r1/moderation')).toHaveLength(0);

    fireEvent.change(within(shown).getByLabelText('Begründung (intern, nicht öffentlich)'), {
      target: { value: ' Enthält eine Telefonnummer. ' },
    });
    fireEvent.click(within(shown).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(api.requests('POST', '/api/admin/reviews/r1/moderation')).toHaveLength(1));
    expect(api.requests('POST', '/api/admin/reviews/r1/moderation')[0]!.body).toEqual({
      action: 'reject',
      version: 2,
      reason: 'Enthält eine Telefonnummer.',
    });
  });

  test('a public answer is saved, an empty one removes it; someone else’s change meanwhile shows the German 409', async () => {
    api.on(
      'GET',
      '/api/admin/reviews',
      jsonAnswer(200, list([review({ status: 'approved', reply: { text: 'Danke!', repliedAt: '2026-11-21T08:00:00.000Z' } })])),
    );
    api.on(
      'POST',
      '/api/admin/reviews/r1/moderation',
      errorAnswer(409, 'STALE_VERSION', 'Die Bewertung wurde inzwischen geändert. Bitte laden Sie die Seite neu.'),
    );
    open();
    const shown = await card();
    expect(shown).toHaveTextContent('Öffentliche Antwort: Danke!');
    fireEvent.change(within(shown).getByLabelText('Antwort des Shops (leer lassen zum Entfernen)'), { target: { value: '' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Antwort ändern' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent('Die Bewertung wurde inzwischen geändert.');
    expect(api.requests('POST', '/api/admin/reviews/r1/moderation')[0]!.body).toEqual({ action: 'reply', version: 2, reply: null });
    expect(toasts).toEqual([]);
  });

  test('another status tab asks for that status from the first page', async () => {
    api.on('GET', '/api/admin/reviews', jsonAnswer(200, list([review()])));
    open();
    await card();
    fireEvent.click(screen.getByRole('button', { name: 'Abgelehnt' }));
    await waitFor(() =>
      expect(api.requests('GET', '/api/admin/reviews').at(-1)!.path).toBe('/api/admin/reviews?status=rejected&limit=20&offset=0'),
    );
  });
});
