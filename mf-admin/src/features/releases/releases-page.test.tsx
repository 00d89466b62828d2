import { fireEvent, screen, within } from '@testing-library/react';
import { errorAnswer, jsonAnswer, renderScreen } from '@shop/test-dom';
import type { ReleaseRecord, SliceReleases } from '@shop/contracts/admin';
import { adminQueryClient } from '../../lib/admin-query-client';
import { staffScreenTest } from '../../test-support/staff-screen';
import { staffUser } from '../../test-support/staff-user';
import { ReleasesPage } from './releases-page';

const env = staffScreenTest();

const release = (version: string, createdAt: string): ReleaseRecord => ({
  slice: 'cart',
  version,
  commit: 'f288223df03d',
  createdAt,
  createdBy: 'team-cart@example.de',
  shared: { react: { version: '19.3.1', requiredVersion: '19.3.1' } },
  contractsVersion: '0.1.0',
  events: { emits: ['cart:changed'], listens: [], asks: [], answers: ['cart:add'], fingerprints: {} },
  exposes: ['./cart-button', './pages'],
});

const CART: SliceReleases = {
  slice: 'cart',
  live: '81ddb2cfe73b',
  releases: [release('9670391cde23', '2026-11-28T09:12:29.000Z'), release('81ddb2cfe73b', '2026-11-28T09:11:23.000Z')],
  history: [
    {
      slice: 'cart',
      action: 'rollback',
      version: '81ddb2cfe73b',
      previousVersion: '9670391cde23',
      at: '2026-11-28T09:12:36.000Z',
      by: 'cli:team-cart@example.de',
    },
    {
      slice: 'cart',
      action: 'promote',
      version: '9670391cde23',
      previousVersion: '81ddb2cfe73b',
      at: '2026-11-28T09:12:30.000Z',
      by: 'cli:team-cart@example.de',
    },
  ],
};

const open = (path = '/admin/releases') =>
  renderScreen(<ReleasesPage />, { path, route: '/admin/releases', user: staffUser('manager'), queryClient: adminQueryClient });

/** /admin/releases: which version of a slice is live, its published versions and the history, read-only. */
describe('ReleasesPage', () => {
  test("a slice's live version is marked among its versions, with the history of changes and who made them", async () => {
    env.api.on('GET', '/api/admin/releases', jsonAnswer(200, CART));
    open('/admin/releases?bereich=cart');
    expect(await screen.findByTestId('live-version')).toHaveTextContent('Live: Version 81ddb2cfe73b');
    expect(env.api.requests('GET', '/api/admin/releases')[0]!.path).toBe('/api/admin/releases?slice=cart');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '9670391cde2328.11.2026 um 10:12 Uhrf288223df03dteam-cart@example.de',
      '81ddb2cfe73b (live)28.11.2026 um 10:11 Uhrf288223df03dteam-cart@example.de',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(
      within(screen.getByTestId('release-history'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '28.11.2026 um 10:12 Uhr: Zurückgesetzt 9670391cde23 → 81ddb2cfe73b, von team-cart@example.de (Release-Befehl)',
      '28.11.2026 um 10:12 Uhr: Freigegeben 81ddb2cfe73b → 9670391cde23, von team-cart@example.de (Release-Befehl)',
    ]);
    // Read-only: nothing here changes what is live.
    expect(screen.queryByRole('button', { name: /Freigeben|Zurücksetzen/ })).not.toBeInTheDocument();
  });

  test('a slice without releases says the installation is live; another slice is chosen in the filter; a failed read says so', async () => {
    env.api.on('GET', '/api/admin/releases', jsonAnswer(200, { slice: 'catalog', live: null, releases: [], history: [] }));
    open();
    expect(await screen.findByTestId('live-version')).toHaveTextContent('Live: der Stand der Shop-Installation (noch kein Release)');
    expect(screen.getByText('Noch keine Version veröffentlicht.')).toBeInTheDocument();
    expect(env.api.requests('GET', '/api/admin/releases')[0]!.path).toBe('/api/admin/releases?slice=catalog');

    env.api.on('GET', '/api/admin/releases', errorAnswer(503, 'DATABASE_UNAVAILABLE', 'Datenbank nicht erreichbar.'));
    fireEvent.change(screen.getByLabelText('Bereich'), { target: { value: 'content' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(await screen.findByText('Die Versionen konnten nicht geladen werden.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/releases?bereich=content');
  });
});
