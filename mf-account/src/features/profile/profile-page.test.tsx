import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionState } from '@shop/shell-api';
import { customer, errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { DEMO_ADDRESS } from '@shop/test-fixtures';
import { ProfilePage } from './profile-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const open = () => renderScreen(<ProfilePage />, { path: '/profil', user: customer });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

/** The profile page's states (logged out, data, invalid input, saved, refused) and the account deletion's confirmation. */
describe('ProfilePage', () => {
  test('without a login it leads to the login and back here', () => {
    renderScreen(<ProfilePage />, { path: '/profil', user: null });
    expect(screen.getByTestId('location')).toHaveTextContent('/anmelden?weiter=%2Fprofil');
  });

  test("shows the customer's data, the links and the data download", () => {
    open();
    expect(screen.getByText('erika@example.de')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Erika');
    expect(screen.getByLabelText(/^Nachname/)).toHaveValue('Mustermann');
    expect(screen.getByLabelText(/Lieferadresse für die Kasse speichern/)).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Meine Daten herunterladen' })).toHaveAttribute('href', '/api/auth/data-export');
    expect(screen.getByRole('link', { name: 'Passwort ändern' })).toHaveAttribute('href', '/passwort-aendern');
  });

  test('an empty name and an incomplete address are refused in the form, without a request', async () => {
    open();
    fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: '  ' } });
    fireEvent.click(screen.getByLabelText(/Lieferadresse für die Kasse speichern/));
    fireEvent.change(screen.getByLabelText(/^PLZ/), { target: { value: '123' } });
    save();
    expect(await screen.findByText('Bitte geben Sie Ihren Vornamen ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie eine fünfstellige Postleitzahl ein.')).toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });

  test('saving sends the names and the address, and the session shows the new name', async () => {
    api.on('PATCH', '/api/auth/profile', ({ body }) => jsonAnswer(200, { ...customer, ...(body as object) }));
    open();
    fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: 'Erika Maria' } });
    fireEvent.click(screen.getByLabelText(/Lieferadresse für die Kasse speichern/));
    fireEvent.change(screen.getByLabelText(/^Straße und Hausnummer/), { target: { value: DEMO_ADDRESS.street } });
    fireEvent.change(screen.getByLabelText(/^PLZ/), { target: { value: DEMO_ADDRESS.postalCode } });
    fireEvent.change(screen.getByLabelText(/^Ort/), { target: { value: DEMO_ADDRESS.city } });
    save();
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Profil aktualisiert' })]));
    expect(api.requests('PATCH', '/api/auth/profile')[0].body).toEqual({
      firstName: 'Erika Maria',
      lastName: 'Mustermann',
      address: DEMO_ADDRESS,
    });
    expect(sessionState().user?.firstName).toBe('Erika Maria');
  });

  test("the service's field message is shown at the field", async () => {
    api.on(
      'PATCH',
      '/api/auth/profile',
      jsonAnswer(400, {
        message: 'Vorname: höchstens 100 Zeichen erlaubt',
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'body/firstName', message: 'Vorname: höchstens 100 Zeichen erlaubt', rule: 'too_big' }],
      }),
    );
    open();
    save();
    await waitFor(() => expect(screen.getByLabelText(/^Vorname/)).toHaveAccessibleDescription('Vorname: höchstens 100 Zeichen erlaubt'));
    expect(screen.getByLabelText(/^Vorname/)).toHaveAttribute('aria-invalid', 'true');
    expect(toasts[0]).toEqual(expect.objectContaining({ title: 'Aktualisierung fehlgeschlagen' }));
  });

  test('a session that ended meanwhile says so and leads to the login', async () => {
    api.on('PATCH', '/api/auth/profile', errorAnswer(401, 'UNAUTHENTICATED', 'Nicht authentifiziert'));
    open();
    save();
    await waitFor(() =>
      expect(toasts).toEqual([expect.objectContaining({ description: 'Sitzung abgelaufen. Bitte melden Sie sich erneut an.' })]),
    );
    expect(await screen.findByText('/anmelden?weiter=%2Fprofil')).toBeInTheDocument();
  });

  test('deleting the account asks first and can be cancelled', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Kundenkonto löschen …' }));
    expect(screen.getByRole('form', { name: 'Kundenkonto wirklich löschen?' })).toHaveTextContent('§ 147 AO');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.requests()).toHaveLength(0);
  });
});
