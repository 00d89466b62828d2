import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  canary: null,
  releases: [release('9670391cde23', '2026-11-28T09:12:29.000Z'), release('81ddb2cfe73b', '2026-11-28T09:11:23.000Z')],
  formerlyLive: ['9670391cde23'],
  names: {},
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
    env.api.on(
      'GET',
      '/api/admin/releases',
      jsonAnswer(200, { slice: 'catalog', live: null, canary: null, releases: [], formerlyLive: [], history: [], names: {} }),
    );
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

  test('admins see the canary and change what is live: the canary stopped, a version live before again, each after a confirmation; a refusal is shown', async () => {
    const withCanary: SliceReleases = {
      ...CART,
      canary: { version: '9670391cde23', percent: 25, changedAt: '2026-11-28T09:20:00.000Z', changedBy: 'cli:team-cart@example.de' },
    };
    env.api.on('GET', '/api/admin/releases', jsonAnswer(200, withCanary));
    env.api.on(
      'POST',
      '/api/admin/releases/cart/live',
      jsonAnswer(200, {
        slice: 'cart',
        action: 'canary-stop',
        version: '9670391cde23',
        previousVersion: '81ddb2cfe73b',
        at: '2026-11-28T09:30:00.000Z',
        by: 'a'.repeat(24),
      }),
    );
    renderScreen(<ReleasesPage />, {
      path: '/admin/releases?bereich=cart',
      route: '/admin/releases',
      user: staffUser('admin'),
      queryClient: adminQueryClient,
    });
    expect(await screen.findByTestId('canary-version')).toHaveTextContent(
      'Canary: Version 9670391cde23 für 25 % der Besucher, seit 28.11.2026 um 10:20 Uhr',
    );
    expect(screen.getByRole('cell', { name: '9670391cde23 (Canary, 25 %)' })).toBeInTheDocument();

    jest.mocked(window.confirm).mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Canary beenden' }));
    expect(window.confirm).toHaveBeenCalledWith('Den Canary beenden? Alle Besucher erhalten wieder Version 81ddb2cfe73b.');
    expect(env.api.requests('POST', '/api/admin/releases/cart/live')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Canary beenden' }));
    await waitFor(() => expect(env.api.requests('POST', '/api/admin/releases/cart/live')).toHaveLength(1));
    expect(env.api.requests('POST', '/api/admin/releases/cart/live')[0]!.body).toEqual({
      action: 'stop-canary',
      expectedLive: '81ddb2cfe73b',
    });
    await waitFor(() => expect(env.toasts).toEqual([expect.objectContaining({ title: 'Canary beendet', variant: 'success' })]));

    // The versions live before are offered (here the one the rollback left), never-live ones are not.
    expect(
      within(screen.getByLabelText('Version'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['9670391cde23']);
    env.api.on(
      'POST',
      '/api/admin/releases/cart/live',
      errorAnswer(
        409,
        'STALE_VERSION',
        'Die Live-Version wurde inzwischen geändert. Bitte laden Sie die Seite neu und prüfen Sie den Stand.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Live schalten' }));
    expect(window.confirm).toHaveBeenLastCalledWith('Version 9670391cde23 für alle Besucher live schalten?');
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Live-Version wurde inzwischen geändert.');
    expect(env.api.requests('POST', '/api/admin/releases/cart/live')[1]!.body).toEqual({
      action: 'go-live',
      version: '9670391cde23',
      expectedLive: '81ddb2cfe73b',
    });
  });

  test('admins are offered every version live before, newer and older than the live one, newest first; the history names staff by name', async () => {
    const anna = 'a'.repeat(24);
    const unnamed = '665f1c2b9a1e4b00123456ff';
    env.api.on(
      'GET',
      '/api/admin/releases',
      jsonAnswer(200, {
        ...CART,
        releases: [
          ...CART.releases,
          release('2f1e0d9c8b7a', '2026-11-27T15:00:00.000Z'),
          release('1a2b3c4d5e6f', '2026-11-27T14:00:00.000Z'),
        ],
        // 1a2b3c4d5e6f was never live: not offered.
        formerlyLive: ['9670391cde23', '2f1e0d9c8b7a'],
        history: [
          { ...CART.history[0]!, by: anna },
          { ...CART.history[1]!, by: unnamed },
        ],
        names: { [anna]: 'Anna Admin' },
      }),
    );
    renderScreen(<ReleasesPage />, {
      path: '/admin/releases?bereich=cart',
      route: '/admin/releases',
      user: staffUser('admin'),
      queryClient: adminQueryClient,
    });
    expect(
      within(await screen.findByLabelText('Version'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['9670391cde23', '2f1e0d9c8b7a']);
    expect(
      within(screen.getByTestId('release-history'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '28.11.2026 um 10:12 Uhr: Zurückgesetzt 9670391cde23 → 81ddb2cfe73b, von Anna Admin',
      // The account service could not name this one now: the end of the account's id, never the whole id.
      '28.11.2026 um 10:12 Uhr: Freigegeben 81ddb2cfe73b → 9670391cde23, von Mitarbeiterkonto …3456ff',
    ]);
  });

  test('managers read, and are offered no change', async () => {
    env.api.on('GET', '/api/admin/releases', jsonAnswer(200, CART));
    open('/admin/releases?bereich=cart');
    await screen.findByTestId('live-version');
    expect(screen.queryByRole('heading', { name: 'Live-Version ändern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Live schalten|Canary/ })).not.toBeInTheDocument();
  });
});
