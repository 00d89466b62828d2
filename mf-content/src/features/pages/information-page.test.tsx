import { fireEvent, screen } from '@testing-library/react';
import { InformationPageView } from './information-page';
import { jsonAnswer, renderWithQueries } from '../../test-support/render-with-queries';

const imprint = {
  slug: 'impressum',
  path: '/impressum',
  title: 'Impressum',
  description: 'Anbieterkennzeichnung',
  version: '2026-11-24',
  html: '<p>Muster GmbH, Musterstraße 1, 10115 Berlin</p>',
  incomplete: false,
};

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});

/** Issue #22: the information page's states (loading, data, not found, error with retry), read through React Query. */
describe('InformationPageView', () => {
  test('shows a spinner while loading, then the text with its version date', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(200, imprint));
    renderWithQueries(<InformationPageView slug="impressum" title="Impressum" />);
    expect(screen.getByText('Seite wird geladen…')).toBeInTheDocument();
    expect(await screen.findByText('Muster GmbH, Musterstraße 1, 10115 Berlin')).toBeInTheDocument();
    expect(screen.getByText('Stand: 24.11.2026')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/pages/impressum', expect.anything());
  });

  test('a missing page says so instead of an error', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(404, { message: 'Seite nicht gefunden', code: 'NOT_FOUND' }));
    renderWithQueries(<InformationPageView slug="weg" title="Seite" />);
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByText(/Diese Seite gibt es nicht/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
  });

  test('a failed read offers to try again, and the retry shows the page', async () => {
    fetchMock.mockResolvedValueOnce(jsonAnswer(503, { message: 'weg', code: 'DATABASE_UNAVAILABLE' }));
    renderWithQueries(<InformationPageView slug="impressum" title="Impressum" />);
    expect(await screen.findByText('Diese Seite konnte nicht geladen werden.')).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(jsonAnswer(200, imprint));
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Muster GmbH, Musterstraße 1, 10115 Berlin')).toBeInTheDocument();
  });
});
