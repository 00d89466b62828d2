import { useQuery } from '@tanstack/react-query';
import { RemoteName } from '@shop/contracts';
import type { SliceReleases } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { useSeo } from '@shop/shell-api';
import { releasesApi } from '../../api/releases-api';
import { ListFilters, SelectFilter } from '../../components/filter-fields';
import { QueryState } from '../../components/query-state';
import { useListAddress } from '../../hooks/use-list-address';
import { releaseActor } from '../../lib/release-actor';

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
};

/** Who made a change: a developer at the release commands, or a staff member's id. */
const who = (actor: string) => releaseActor(actor) ?? actor;

/**
 * /admin/releases (beyond spec §2; docs/releases.md): which version of a slice's screens is live,
 * the published versions and the history of changes, read-only. Releases, promotes and rollbacks
 * are made with the release commands, each in the audit log.
 */
export function ReleasesPage() {
  useSeo({ title: 'Live-Versionen', robots: 'noindex, nofollow' });
  const { params, submitFilters } = useListAddress(['bereich']);
  const parsed = RemoteName.safeParse(params.get('bereich'));
  const slice = parsed.success ? parsed.data : 'catalog';
  const releases = useQuery({ queryKey: ['releases', slice], queryFn: () => releasesApi.ofSlice(slice) });

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
            <h2>Verlauf</h2>
            {data.history.length ? (
              <ol data-testid="release-history">
                {data.history.map((change) => (
                  <li key={`${change.at}-${change.version}`}>
                    {formatDateTime(new Date(change.at))}: {ACTION_LABELS[change.action]} <code>{change.previousVersion ?? '–'}</code> →{' '}
                    <code>{change.version}</code>, von {who(change.by)}
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
