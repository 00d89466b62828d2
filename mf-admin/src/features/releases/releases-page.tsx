import { useQuery } from '@tanstack/react-query';
import { permissionsOf, RemoteName } from '@shop/contracts';
import type { SliceReleases } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { useSeo, useSession } from '@shop/shell-api';
import { ListFilters, SelectFilter } from '../../components/filter-fields';
import { QueryState } from '../../components/query-state';
import { useListAddress } from '../../hooks/use-list-address';
import { actorWithoutAccount } from '../../lib/actor-without-account';
import { ReleaseActions } from './release-actions';
import { releasesQueries } from './releases-queries';

/** The slices' names as staff know them. */
const SLICE_LABELS: Record<RemoteName, string> = {
  catalog: 'Katalog',
  cart: 'Warenkorb und Kasse',
  account: 'Kundenkonto',
  content: 'Inhalte',
  admin: 'Verwaltung',
};

const ACTION_LABELS: Record<SliceReleases['history'][number]['action'], string> = {
  promote: 'Freigegeben',
  rollback: 'Zurückgesetzt',
  canary: 'Canary',
  'canary-stop': 'Canary beendet',
};

/**
 * Who made a change: a staff member by name (the account service's, `names`), a developer at the
 * release commands by e-mail address; a staff account whose name cannot be read now by the end of its id.
 */
const who = (actor: string, names: SliceReleases['names']) =>
  names[actor] ?? actorWithoutAccount(actor) ?? `Mitarbeiterkonto …${actor.slice(-6)}`;

/**
 * /admin/releases (beyond spec §2; docs/releases.md): which version of a slice's screens is live,
 * the canary beside it, the published versions and the history of changes. Managers read;
 * admins also promote the canary, stop it or make a version live before live again
 * (release-actions.tsx). New versions go live with the release commands, after their checks.
 */
export function ReleasesPage() {
  useSeo({ title: 'Live-Versionen', robots: 'noindex, nofollow' });
  const { params, submitFilters } = useListAddress(['bereich']);
  const parsed = RemoteName.safeParse(params.get('bereich'));
  const slice = parsed.success ? parsed.data : 'catalog';
  const releases = useQuery(releasesQueries.ofSlice(slice));
  const { user } = useSession();
  const mayChange = permissionsOf(user?.role ?? '').includes('releases:write');

  return (
    <section className="shop-page admin-page">
      <h1>Live-Versionen</h1>
      <ListFilters onSubmit={submitFilters} search={false} submitLabel="Anzeigen">
        <SelectFilter name="bereich" label="Bereich" labels={SLICE_LABELS} defaultValue={slice} />
      </ListFilters>
      <QueryState query={releases} loading="Versionen werden geladen…" failed="Die Versionen konnten nicht geladen werden.">
        {(data) => (
          <>
            <p data-testid="live-version">
              {data.live ? (
                <>
                  Live: Version <code>{data.live}</code>
                </>
              ) : (
                'Live: der Stand der Shop-Installation (noch kein Release)'
              )}
            </p>
            {data.canary && (
              <p data-testid="canary-version">
                Canary: Version <code>{data.canary.version}</code> für {data.canary.percent} % der Besucher, seit{' '}
                {formatDateTime(new Date(data.canary.changedAt))}
              </p>
            )}
            <h2>Veröffentlichte Versionen</h2>
            {data.releases.length ? (
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Version</th>
                    <th scope="col">Veröffentlicht</th>
                    <th scope="col">Stand (Commit)</th>
                    <th scope="col">Von</th>
                  </tr>
                </thead>
                <tbody>
                  {data.releases.map((release) => (
                    <tr key={release.version} aria-current={release.version === data.live ? 'true' : undefined}>
                      <td data-label="Version">
                        <code>{release.version}</code>
                        {release.version === data.live && ' (live)'}
                        {release.version === data.canary?.version && ` (Canary, ${data.canary.percent} %)`}
                      </td>
                      <td data-label="Veröffentlicht">{formatDateTime(new Date(release.createdAt))}</td>
                      <td data-label="Stand (Commit)">
                        <code>{release.commit}</code>
                      </td>
                      <td data-label="Von">{release.createdBy}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>Noch keine Version veröffentlicht.</p>
            )}
            {mayChange && (
              <>
                <h2>Live-Version ändern</h2>
                <ReleaseActions slice={slice} releases={data} />
              </>
            )}
            <h2>Verlauf</h2>
            {data.history.length ? (
              <ol data-testid="release-history">
                {data.history.map((change) => (
                  <li key={`${change.at}-${change.version}`}>
                    {formatDateTime(new Date(change.at))}: {ACTION_LABELS[change.action]}
                    {change.percent ? ` (${change.percent} %)` : ''} <code>{change.previousVersion ?? '–'}</code> →{' '}
                    <code>{change.version}</code>, von {who(change.by, data.names)}
                  </li>
                ))}
              </ol>
            ) : (
              <p>Noch keine Änderung.</p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
