import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, mockApi, recordToasts, renderScreen, type MockApi } from '@shop/test-dom';
import { adminQueryClient } from '../../lib/admin-query-client';
import { SettingsPage } from './settings-page';

const toasts = recordToasts();
let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  presentationMode: 'factual',
  reviewsEnabled: false,
  version: 3,
  updatedAt: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

const open = () => renderScreen(<SettingsPage />, { path: '/admin/settings', queryClient: adminQueryClient });

/** /admin/settings: the presentation mode (§ 19 TabakerzG) and the reviews switch, saved on the version read. */
describe('SettingsPage', () => {
  test('shows the settings in force, saves the choice with the version read, and says when it applies', async () => {
    api.on('GET', '/api/admin/settings/storefront', jsonAnswer(200, settings()));
    api.on(
      'PUT',
      '/api/admin/settings/storefront',
      jsonAnswer(200, settings({ presentationMode: 'marketing', reviewsEnabled: true, version: 4 })),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Darstellung und Bewertungen' })).toBeInTheDocument();
    const factual = screen.getByRole('radio', { name: /Sachliche Darstellung/ });
    const marketing = screen.getByRole('radio', { name: /Werbliche Darstellung/ });
    const reviews = screen.getByRole('checkbox', { name: /Bewertungen verifizierter Käufer/ });
    expect(factual).toBeChecked();
    expect(reviews).not.toBeChecked();
    expect(screen.getByText('Zuletzt geändert am 20.11.2026 um 10:30 Uhr.')).toBeInTheDocument();

    fireEvent.click(marketing);
    fireEvent.click(reviews);
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    await waitFor(() => expect(api.requests('PUT', '/api/admin/settings/storefront')).toHaveLength(1));
    expect(api.requests('PUT', '/api/admin/settings/storefront')[0]!.body).toEqual({
      version: 3,
      presentationMode: 'marketing',
      reviewsEnabled: true,
    });
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ title: 'Einstellungen gespeichert', variant: 'success' })]));
    expect(screen.getByRole('radio', { name: /Werbliche Darstellung/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Bewertungen verifizierter Käufer/ })).toBeChecked();
  });

  test('never changed: says the installation’s default applies', async () => {
    api.on('GET', '/api/admin/settings/storefront', jsonAnswer(200, settings({ version: 0, updatedAt: null })));
    open();
    expect(await screen.findByText('Noch nicht geändert: Es gilt die Voreinstellung dieser Installation.')).toBeInTheDocument();
  });

  test('someone else saved meanwhile: the service’s German 409 under the form, nothing else changes', async () => {
    api.on('GET', '/api/admin/settings/storefront', jsonAnswer(200, settings()));
    api.on(
      'PUT',
      '/api/admin/settings/storefront',
      errorAnswer(409, 'STALE_VERSION', 'Die Einstellungen wurden inzwischen geändert. Bitte laden Sie die Seite neu.'),
    );
    open();
    fireEvent.click(await screen.findByRole('radio', { name: /Werbliche Darstellung/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Einstellungen wurden inzwischen geändert.');
    expect(toasts).toEqual([]);
  });

  test('the settings cannot be read: says so, with a retry', async () => {
    api.on('GET', '/api/admin/settings/storefront', errorAnswer(503, 'UPSTREAM_UNAVAILABLE', 'Der Dienst ist nicht erreichbar.'));
    open();
    expect(await screen.findByText('Die Einstellungen konnten nicht geladen werden.')).toBeInTheDocument();
    api.on('GET', '/api/admin/settings/storefront', jsonAnswer(200, settings()));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('radio', { name: /Sachliche Darstellung/ })).toBeChecked();
    expect(within(document.body).queryByText('Die Einstellungen konnten nicht geladen werden.')).not.toBeInTheDocument();
  });
});
