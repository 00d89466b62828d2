import { useQueryClient } from '@tanstack/react-query';
import type { RemoteName } from '@shop/contracts';
import type { ReleaseLiveChange, SliceReleases } from '@shop/contracts/admin';
import { showToast } from '@shop/shell-api';
import { releasesApi } from '../../api/releases-api';
import { ActionField, ActionForm, InputError } from '../../components/action-form';
import { releasesKeys } from './releases-queries';

/**
 * Admins' changes of what is live (`releases:write`, docs/releases.md 'From the back office'):
 * the running canary for everyone or stopped, and a version live before made live again (each of
 * them still in the store, newer or older than the live one, newest first: `formerlyLive` of the
 * registry). A version never live goes live with `npm run release`, after the checks before a promote; the service
 * refuses it here too. Every change names the live version the admin saw, so one made meanwhile
 * is refused, not overridden.
 */
export function ReleaseActions({ slice, releases }: { slice: RemoteName; releases: SliceReleases }) {
  const queryClient = useQueryClient();
  const { live, canary } = releases;
  const change = async (body: ReleaseLiveChange, title: string) => {
    const done = await releasesApi.change(slice, body);
    await queryClient.invalidateQueries({ queryKey: releasesKeys.ofSlice(slice) });
    showToast({ title, description: `Version ${done.version}`, variant: 'success' });
  };
  const former = releases.formerlyLive;
  return (
    <div className="admin-actions">
      {canary && (
        <>
          <ActionForm
            legend="Canary für alle freigeben"
            submitLabel="Für alle Besucher freigeben"
            confirm={`Version ${canary.version} für alle Besucher live schalten?`}
            onSubmit={() => change({ action: 'go-live', version: canary.version, expectedLive: live }, 'Canary für alle freigegeben')}
          />
          <ActionForm
            legend="Canary beenden"
            submitLabel="Canary beenden"
            confirm={`Den Canary beenden? Alle Besucher erhalten wieder Version ${live ?? 'der Installation'}.`}
            onSubmit={() => change({ action: 'stop-canary', expectedLive: live }, 'Canary beendet')}
          />
        </>
      )}
      {former.length ? (
        <ActionForm
          legend="Frühere Version wieder live schalten"
          submitLabel="Live schalten"
          onSubmit={(data) => {
            const version = String(data.get('version') ?? '');
            if (!former.includes(version)) throw new InputError('Bitte wählen Sie eine Version, die schon einmal live war.');
            if (!window.confirm(`Version ${version} für alle Besucher live schalten?`)) return Promise.resolve();
            return change({ action: 'go-live', version, expectedLive: live }, 'Frühere Version live geschaltet');
          }}
        >
          <ActionField name="version" label="Version" options={Object.fromEntries(former.map((version) => [version, version]))} />
        </ActionForm>
      ) : (
        <p>Noch keine frühere Live-Version, zu der zurückgesetzt werden könnte.</p>
      )}
      <p className="shop-field__hint">Neue Versionen gehen mit „npm run release“ live, nach den Prüfungen vor der Freigabe.</p>
    </div>
  );
}
