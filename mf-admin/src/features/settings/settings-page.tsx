import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PresentationMode } from '@shop/contracts';
import type { AdminStorefrontSettings } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
import { showToast, useSeo } from '@shop/shell-api';
import { settingsApi } from '../../api/settings-api';
import { ActionForm } from '../../components/action-form';
import { QueryState } from '../../components/query-state';
import { settingsKeys, settingsQueries } from './settings-queries';

/** The two presentations, as the admin chooses between them. */
const MODES: Record<PresentationMode, { label: string; description: string }> = {
  marketing: {
    label: 'Werbliche Darstellung',
    description:
      'Zeigt Angebotshinweise, SALE-Kennzeichen, Streichpreise und Ersparnis, Sortierung und Angaben nach Beliebtheit, das Kennzeichen „Original“, Empfehlungen („Das könnte Ihnen auch gefallen“, „Wird oft zusammen gekauft“), Kundenstimmen auf der Startseite und die öffentliche Newsletter-Anmeldung. Achtung: Werbung für E-Zigaretten im Internet ist nach § 19 TabakerzG verboten, und Gerichte werten solche Elemente im eigenen Shop als Werbung. Wählen Sie diese Darstellung nur nach rechtlicher Prüfung.',
  },
  factual: {
    label: 'Sachliche Darstellung (§ 19 TabakerzG)',
    description:
      'Nur sachliche Informationen und Preise: keine Angebotshinweise, keine SALE-Kennzeichen, keine Streichpreise oder Ersparnis, keine Beliebtheitsangaben, kein Kennzeichen „Original“, keine Empfehlungen, keine Kundenstimmen auf der Startseite und keine öffentliche Newsletter-Anmeldung. Versandkosten und die Grenze für kostenlosen Versand bleiben sichtbar: Sie sind Preisangaben.',
  },
};

function StorefrontSettingsForm({ settings }: { settings: AdminStorefrontSettings }) {
  const queryClient = useQueryClient();
  const submit = async (data: FormData) => {
    const presentationMode = PresentationMode.parse(data.get('presentationMode'));
    const reviewsEnabled = data.get('reviewsEnabled') === 'on';
    const saved = await settingsApi.saveStorefront({ version: settings.version, presentationMode, reviewsEnabled });
    queryClient.setQueryData(settingsKeys.storefront, saved);
    showToast({
      title: 'Einstellungen gespeichert',
      description: 'Die Einstellungen gelten nach wenigen Sekunden auf allen Seiten des Shops.',
      variant: 'success',
    });
  };
  return (
    <ActionForm key={settings.version} legend="Darstellung und Bewertungen" submitLabel="Einstellungen speichern" onSubmit={submit}>
      <fieldset className="admin-radio-group">
        <legend>Wie der Shop Produkte und Preise darstellt</legend>
        {PresentationMode.options.map((mode) => (
          <label key={mode} className="admin-radio">
            <input type="radio" name="presentationMode" value={mode} defaultChecked={settings.presentationMode === mode} />
            <span>
              <strong>{MODES[mode].label}</strong>
              <span className="shop-field__hint">{MODES[mode].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="shop-field__hint">
        Das Werbeverbot für E-Zigaretten (§ 19 TabakerzG) gilt nach der Rechtsprechung auch für die eigenen Shopseiten. Welche Darstellung
        zulässig ist, entscheidet die Rechtsberatung des Betreibers. Jede Änderung steht im Änderungsprotokoll.
      </p>
      <fieldset className="admin-radio-group">
        <legend>Kundenbewertungen</legend>
        <label className="admin-radio">
          <input type="checkbox" name="reviewsEnabled" defaultChecked={settings.reviewsEnabled} />
          <span>
            <strong>Bewertungen verifizierter Käufer anzeigen und einladen</strong>
            <span className="shop-field__hint">
              Sterne und Anzahl auf Produktkarten und Produktseiten, die freigegebenen Bewertungen mit „Verifizierter Kauf“, Bewertungen auf
              der Startseite und die Einladung zur Bewertung per E-Mail nach der Zustellung. Ausgeschaltet ist davon nichts zu sehen, auch
              nicht in den Suchmaschinen-Daten.
            </span>
          </span>
        </label>
      </fieldset>
      <p className="shop-field__hint">
        Bewertungen von E-Zigaretten können als Werbung gelten (§ 19 TabakerzG), und § 5b Abs. 3 UWG verlangt den Hinweis, wie sie geprüft
        werden. Deshalb sind sie ausgeschaltet, bis der Betreiber sie nach Rücksprache mit seiner Rechtsberatung einschaltet.
      </p>
      <p className="shop-field__hint">
        {settings.updatedAt
          ? `Zuletzt geändert am ${formatDateTime(new Date(settings.updatedAt))}.`
          : 'Noch nicht geändert: Es gilt die Voreinstellung dieser Installation.'}
      </p>
    </ActionForm>
  );
}

/**
 * /admin/settings (permission `settings:write`, admins): the storefront settings, the
 * presentation mode (§ 19 TabakerzG) and the reviews switch (§ 5b UWG, off by default). Saved on the version read (a concurrent change
 * gets the German 409 notice), audited by the content service.
 */
export function SettingsPage() {
  useSeo({ title: 'Shop-Einstellungen', robots: 'noindex, nofollow' });
  const query = useQuery(settingsQueries.storefront());
  return (
    <section className="shop-page admin-page">
      <h1>Shop-Einstellungen</h1>
      <QueryState query={query} loading="Einstellungen werden geladen…" failed="Die Einstellungen konnten nicht geladen werden.">
        {(settings) => <StorefrontSettingsForm settings={settings} />}
      </QueryState>
    </section>
  );
}
