import { fireEvent, screen } from '@testing-library/react';
import { InformationPageView } from './information-page';
import { errorAnswer, jsonAnswer, mockApi, renderScreen, type MockApi } from '@shop/test-dom';

const imprint = {
  slug: 'impressum',
  path: '/impressum',
  title: 'Impressum',
  description: 'Anbieterkennzeichnung',
  version: '2026-11-24',
  html: '<p>Muster GmbH, Musterstraße 1, 10115 Berlin</p>',
  incomplete: false,
};

let api: MockApi;
beforeEach(() => {
  api = mockApi();
});

/** The information page's states (loading, data, not found, error with retry), read through React Query. */
describe('InformationPageView', () => {
  test('shows a spinner while loading, then the text with its version date', async () => {
    api.on('GET', '/api/pages/impressum', jsonAnswer(200, imprint));
    renderScreen(<InformationPageView slug="impressum" title="Impressum" />);
    expect(screen.getByText('Seite wird geladen…')).toBeInTheDocument();
    expect(await screen.findByText('Muster GmbH, Musterstraße 1, 10115 Berlin')).toBeInTheDocument();
    expect(screen.getByText('Stand: 24.11.2026')).toBeInTheDocument();
    expect(api.requests('GET', '/api/pages/impressum')).toHaveLength(1);
  });

  test('a missing page says so instead of an error', async () => {
    api.on('GET', '/api/pages/weg', errorAnswer(404, 'NOT_FOUND', 'Seite nicht gefunden'));
    renderScreen(<InformationPageView slug="weg" title="Seite" />);
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByText(/Diese Seite gibt es nicht/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
  });

  test('a failed read offers to try again, and the retry shows the page', async () => {
    api.once('GET', '/api/pages/impressum', errorAnswer(503, 'DATABASE_UNAVAILABLE'));
    renderScreen(<InformationPageView slug="impressum" title="Impressum" />);
    expect(await screen.findByText('Diese Seite konnte nicht geladen werden.')).toBeInTheDocument();
    api.on('GET', '/api/pages/impressum', jsonAnswer(200, imprint));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Muster GmbH, Musterstraße 1, 10115 Berlin')).toBeInTheDocument();
  });
});
