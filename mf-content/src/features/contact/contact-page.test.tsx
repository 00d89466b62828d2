import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
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
