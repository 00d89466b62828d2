import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContactFormState } from '@shop/contracts';
import { jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { contactFormKey } from '../../api/contact-api';
import { ContactPage } from './contact-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const open = () => renderScreen(<ContactPage />, { path: '/kontakt' });
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));

/** The contact form's states (invalid input, sent with a reference, refused by the service). */
describe('ContactPage', () => {
  test('missing or invalid fields are named at the fields, without a request', async () => {
    open();
    fill(/^E-Mail-Adresse/, 'erika@');
    fill(/^Ihre Nachricht/, 'kurz');
    send();
    expect(await screen.findByText('Bitte geben Sie Ihren Namen ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });

  test('a sent message shows the confirmation and its reference', async () => {
    api.on('POST', '/api/contact', jsonAnswer(201, { message: 'Vielen Dank für Ihre Nachricht.', reference: 'K-2026-0042' }));
    open();
    fill(/^Name/, 'Erika Mustermann');
    fill(/^E-Mail-Adresse/, 'Erika@Example.de');
    fireEvent.change(screen.getByLabelText(/^Thema/), { target: { value: 'Datenschutz' } });
    fill(/^Ihre Nachricht/, 'Bitte löschen Sie meine Newsletter-Anmeldung.');
    send();
    expect(await screen.findByTestId('contact-reference')).toHaveTextContent('K-2026-0042');
    expect(screen.getByRole('status')).toHaveTextContent('Vielen Dank für Ihre Nachricht.');
    expect(api.requests('POST', '/api/contact')[0].body).toEqual({
      name: 'Erika Mustermann',
      email: 'erika@example.de',
      orderNumber: '',
      subject: 'Datenschutz',
      message: 'Bitte löschen Sie meine Newsletter-Anmeldung.',
      homepage: '',
    });
  });

  test('a refusal without field issues (too many messages) keeps the text and says why', async () => {
    api.on(
      'POST',
      '/api/contact',
      jsonAnswer(429, { message: 'Zu viele Nachrichten. Bitte versuchen Sie es später erneut.', code: 'RATE_LIMITED' }),
    );
    open();
    fill(/^Name/, 'Erika Mustermann');
    fill(/^E-Mail-Adresse/, 'erika@example.de');
    fill(/^Ihre Nachricht/, 'Wann kommt meine Bestellung an?');
    send();
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: 'Nachricht nicht gesendet',
          description: 'Zu viele Nachrichten. Bitte versuchen Sie es später erneut.',
        }),
      ]),
    );
    expect(screen.getByLabelText(/^Ihre Nachricht/)).toHaveValue('Wann kommt meine Bestellung an?');
  });
});

/** The form sent without JavaScript: the server renders the page again with the content service's outcome. */
describe('the outcome of the form sent without JavaScript', () => {
  const openWith = (state: ContactFormState) => {
    const queryClient = new QueryClient();
    // As the server render's data arrives in the browser: in the cache before the first render.
    queryClient.setQueryData(contactFormKey, { state });
    renderScreen(
      <QueryClientProvider client={queryClient}>
        <ContactPage />
      </QueryClientProvider>,
      { path: '/kontakt' },
    );
  };
  const typed = {
    name: 'Erika Mustermann',
    email: 'erika@',
    orderNumber: '42',
    subject: 'Rücknahme alter Geräte',
    message: 'kurz',
  };

  test('refused entries stand at their fields with the texts the page has with JavaScript, and everything typed is kept', () => {
    openWith({
      values: typed,
      errors: {
        email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
        orderNumber: 'Bitte geben Sie Ihre Bestellnummer wie in der Bestellbestätigung ein (z. B. RT-2026-K7M2QX9P).',
        message: 'Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).',
      },
      receipt: null,
    });
    for (const [label, error] of [
      [/^E-Mail-Adresse/, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      [/^Ihre Nachricht/, 'Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).'],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(error);
    }
    expect(screen.getByLabelText(/^Bestellnummer/)).toHaveAccessibleDescription(
      'z. B. RT-2026-K7M2QX9P Bitte geben Sie Ihre Bestellnummer wie in der Bestellbestätigung ein (z. B. RT-2026-K7M2QX9P).',
    );
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Erika Mustermann');
    expect(screen.getByLabelText(/^E-Mail-Adresse/)).toHaveValue('erika@');
    expect(screen.getByLabelText(/^Bestellnummer/)).toHaveValue('42');
    expect(screen.getByLabelText(/^Thema/)).toHaveValue('Rücknahme alter Geräte');
    expect(screen.getByLabelText(/^Ihre Nachricht/)).toHaveValue('kurz');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a limit is said above the form, the entries kept', () => {
    const limit = 'Aus Sicherheitsgründen ist das gerade nicht möglich. Bitte versuchen Sie es in 15 Minuten erneut.';
    openWith({
      values: { ...typed, email: 'erika@example.de', orderNumber: '', message: 'Wann kommt meine Bestellung?' },
      errors: { form: limit },
      receipt: null,
    });
    expect(screen.getByRole('alert')).toHaveTextContent(`Nachricht nicht gesendet: ${limit}`);
    expect(screen.getByLabelText(/^Ihre Nachricht/)).toHaveValue('Wann kommt meine Bestellung?');
  });

  test('a sent message shows the confirmation with its reference instead of the form', () => {
    openWith({
      values: { name: '', email: '', orderNumber: '', subject: '', message: '' },
      errors: {},
      receipt: {
        message: 'Vielen Dank für Ihre Nachricht! Wir antworten in der Regel innerhalb von zwei Werktagen.',
        reference: 'K-7F3A9C2D',
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Vielen Dank für Ihre Nachricht!');
    expect(screen.getByTestId('contact-reference')).toHaveTextContent('K-7F3A9C2D');
    expect(screen.queryByRole('button', { name: 'Nachricht senden' })).not.toBeInTheDocument();
  });
});
