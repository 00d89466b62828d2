import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { FALLBACK_SHOP_CONFIG, ShopConfigProvider } from '@shop/shell-api';
import { ReviewPage } from './review-page';

const TOKEN = 'a'.repeat(43);
const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const open = (query: string, reviewsEnabled = true) =>
  renderScreen(
    <ShopConfigProvider value={{ ...FALLBACK_SHOP_CONFIG, reviewsEnabled }}>
      <ReviewPage />
    </ShopConfigProvider>,
    { path: `/bewertung${query}`, route: '/bewertung' },
  );

const order = (review: null | { rating: number; status: 'pending' | 'approved' | 'rejected' } = null) => ({
  orderNumber: 'RT-ABC123',
  products: [{ productId: 'b'.repeat(24), name: 'RandM Tornado 9000 Cola', image: null, review }],
});

/** The review form of a delivered order (by the invitation's token or from the order page). */
describe('ReviewPage', () => {
  test('a form per bought product: German errors at the fields before sending, then one submission and the thank-you', async () => {
    api.on('GET', '/api/reviews/order', jsonAnswer(200, order()));
    api.on('POST', '/api/reviews', jsonAnswer(201, { id: 'r1', status: 'pending' }));
    open(`?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Bewertung für RandM Tornado 9000 Cola' });
    expect(api.requests('GET', '/api/reviews/order')[0]!.path).toBe(`/api/reviews/order?token=${TOKEN}`);

    fireEvent.click(within(form).getByRole('button', { name: 'Bewertung absenden' }));
    expect(await within(form).findByText('Bitte vergeben Sie 1 bis 5 Sterne.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte schreiben Sie mindestens 10 Zeichen.')).toBeInTheDocument();
    expect(api.requests('POST', '/api/reviews')).toHaveLength(0);
    // Focus goes to the first field with an error.
    expect(document.activeElement).toBe(within(form).getByRole('radio', { name: '1 Stern – schlecht' }));

    fireEvent.click(within(form).getByRole('radio', { name: '4 Sterne' }));
    fireEvent.change(within(form).getByLabelText('Ihre Erfahrung mit dem Produkt'), {
      target: { value: 'Schmeckt nach Cola, hält lange.' },
    });
    fireEvent.change(within(form).getByLabelText('Angezeigter Name'), { target: { value: 'Erika B.' } });
    api.on('GET', '/api/reviews/order', jsonAnswer(200, order({ rating: 4, status: 'pending' })));
    fireEvent.click(within(form).getByRole('button', { name: 'Bewertung absenden' }));
    await waitFor(() => expect(api.requests('POST', '/api/reviews')).toHaveLength(1));
    expect(api.requests('POST', '/api/reviews')[0]!.body).toEqual({
      order: { token: TOKEN },
      productId: 'b'.repeat(24),
      rating: 4,
      text: 'Schmeckt nach Cola, hält lange.',
      displayName: 'Erika B.',
    });
    expect(await screen.findByText('Danke! Ihre Bewertung wird geprüft und dann veröffentlicht.')).toBeInTheDocument();
    expect(toasts).toEqual([expect.objectContaining({ title: 'Bewertung gesendet' })]);
  });

  test('the service’s field errors land at their fields, with the focus; other refusals show its German reason', async () => {
    api.on('GET', '/api/reviews/order', jsonAnswer(200, order()));
    api.on(
      'POST',
      '/api/reviews',
      jsonAnswer(400, {
        code: 'VALIDATION_ERROR',
        message: 'Angezeigter Name: enthält einen Link.',
        issues: [{ path: 'body/displayName', rule: 'custom', message: 'Bitte ohne Links.' }],
      }),
    );
    open(`?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Bewertung für RandM Tornado 9000 Cola' });
    fireEvent.click(within(form).getByRole('radio', { name: '5 Sterne – sehr gut' }));
    fireEvent.change(within(form).getByLabelText('Ihre Erfahrung mit dem Produkt'), { target: { value: 'Sehr gut, lange Laufzeit.' } });
    fireEvent.change(within(form).getByLabelText('Angezeigter Name'), { target: { value: 'Erika B.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Bewertung absenden' }));
    expect(await within(form).findByText('Bitte ohne Links.')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(form).getByLabelText('Angezeigter Name'));
    expect(within(form).getByLabelText('Angezeigter Name')).toHaveAttribute('aria-invalid', 'true');

    api.on('POST', '/api/reviews', errorAnswer(409, 'CONFLICT', 'Dieses Produkt haben Sie zu dieser Bestellung schon bewertet.'));
    fireEvent.click(within(form).getByRole('button', { name: 'Bewertung absenden' }));
    expect(await within(form).findByText('Dieses Produkt haben Sie zu dieser Bestellung schon bewertet.')).toHaveAttribute('role', 'alert');
    expect(within(form).queryByText('Bitte ohne Links.')).not.toBeInTheDocument();
  });

  test('no delivered order: the server’s German reason; a logged-out order link offers the login', async () => {
    api.on('GET', '/api/reviews/order', errorAnswer(404, 'NOT_FOUND', 'Zu diesem Link gibt es keine zugestellte Bestellung.'));
    open(`?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Zu diesem Link gibt es keine zugestellte Bestellung.');
  });

  test('from the order page while logged out: the login, then back here', async () => {
    api.on('GET', '/api/reviews/order', errorAnswer(401, 'UNAUTHENTICATED', 'Bitte melden Sie sich an.'));
    open(`?bestellung=${'e'.repeat(24)}`);
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      `/anmelden?weiter=${encodeURIComponent(`/bewertung?bestellung=${'e'.repeat(24)}`)}`,
    );
  });

  test('switched off: says so and asks nothing', async () => {
    open(`?token=${TOKEN}`, false);
    expect(screen.getByText('Bewertungen sind in diesem Shop derzeit nicht eingeschaltet.')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });
});
