import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mediaSrcSet } from '@shop/contracts';
import { MEDIA_ACCEPTED_TYPES, type AdminMediaAsset } from '@shop/contracts/admin';
import { formatDate, formatInteger } from '@shop/format';
import { Button } from '@shop/ui';
import { ListFilters, SearchFilter } from '../../components/filter-fields';
import { showToast, useSeo } from '@shop/shell-api';
import { mediaApi } from '../../api/media-api';
import { apiErrorText } from '../../lib/api-error-text';
import { ActionField, ActionForm, InputError } from '../../components/action-form';
import { AdminTable } from '../../components/admin-table';
import { useListAddress } from '../../hooks/use-list-address';
import { mediaKeys, mediaQueries } from './media-queries';

const PER_PAGE = 48;
const kilobytes = (bytes: number) => `${formatInteger(Math.max(1, Math.round(bytes / 1024)))} KB`;

/** One image: preview, facts, alt text, copy the address, delete (refused while used). */
function MediaCard({ asset }: { asset: AdminMediaAsset }) {
  const queryClient = useQueryClient();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKeys.all });
  const changeAlt = async (data: FormData) => {
    await mediaApi.changeAlt(asset.id, asset.version, String(data.get('alt') ?? ''));
    await refresh();
    showToast({ title: 'Alternativtext gespeichert', variant: 'success' });
  };
  const remove = async () => {
    if (!window.confirm(`Das Bild „${asset.alt}“ löschen? Das lässt sich nicht rückgängig machen.`)) return;
    setDeleteError(null);
    try {
      await mediaApi.remove(asset.id, asset.version);
      await refresh();
      showToast({ title: 'Bild gelöscht', variant: 'success' });
    } catch (error) {
      setDeleteError(apiErrorText(error));
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asset.url);
      showToast({ title: 'Adresse kopiert', description: asset.url });
    } catch {
      showToast({ title: 'Kopieren nicht möglich', description: asset.url, variant: 'destructive' });
    }
  };
  return (
    <li className="admin-media__card" data-testid="admin-media-card">
      <img
        className="admin-media__image"
        src={asset.url}
        srcSet={mediaSrcSet(asset.url)}
        sizes="(min-width: 48rem) 16rem, 90vw"
        alt={asset.alt}
        width={asset.width}
        height={asset.height}
        loading="lazy"
      />
      <p className="admin-media__facts">
        <span className="admin-media__name">{asset.fileName}</span>
        <span>
          {asset.width} × {asset.height} px · {kilobytes(asset.storedBytes)} als WebP (hochgeladen {kilobytes(asset.uploadedBytes)})
        </span>
        <span>{formatDate(new Date(asset.createdAt))}</span>
      </p>
      <ActionForm key={asset.version} legend="Alternativtext" submitLabel="Speichern" onSubmit={changeAlt}>
        <ActionField name="alt" label="Was zeigt das Bild?" defaultValue={asset.alt} autoComplete="off" />
      </ActionForm>
      <div className="admin-form__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          Adresse kopieren
        </Button>
        <Button variant="danger" onClick={() => void remove()} aria-label={`Bild „${asset.alt}“ löschen`}>
          Löschen
        </Button>
      </div>
      {deleteError && (
        <p className="shop-field__error" role="alert">
          {deleteError}
        </p>
      )}
    </li>
  );
}

/**
 * /admin/media (spec §2): upload images (checked by their bytes, stored as WebP in
 * several widths without metadata), search by alt text or file name, change the alt text, copy
 * the address, delete an image nothing uses.
 */
export function MediaPage() {
  useSeo({ title: 'Medien', robots: 'noindex, nofollow' });
  const queryClient = useQueryClient();
  const { params, page, submitFilters, goTo } = useListAddress(['suche']);
  const query = { search: params.get('suche')?.slice(0, 100) || undefined, limit: PER_PAGE, offset: (page - 1) * PER_PAGE };
  const media = useQuery(mediaQueries.list(query));
  const [formKey, setFormKey] = useState(0);
  const upload = async (data: FormData) => {
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) throw new InputError('Bitte wählen Sie eine Bilddatei aus.');
    const asset = await mediaApi.upload(data);
    await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    setFormKey((key) => key + 1);
    showToast({
      title: 'Bild hochgeladen',
      description: `${asset.width} × ${asset.height} px, ${asset.widths.length} Größen`,
      variant: 'success',
    });
  };
  return (
    <section className="shop-page admin-page">
      <h1>Medien</h1>
      <ActionForm key={formKey} legend="Bild hochladen" submitLabel="Hochladen" onSubmit={upload}>
        <ActionField
          name="alt"
          label="Alternativtext (was zeigt das Bild?)"
          hint="Für Menschen, die das Bild nicht sehen: z. B. „RandM Tornado 9000 in Blau, von vorn“."
          autoComplete="off"
        />
        <ActionField
          name="file"
          label="Bilddatei"
          hint="JPEG, PNG, WebP oder GIF, höchstens 10 MB. Wird als WebP in mehreren Größen gespeichert, ohne Kameradaten (EXIF, Standort)."
          type="file"
          accept={MEDIA_ACCEPTED_TYPES.join(',')}
        />
      </ActionForm>
      <ListFilters onSubmit={submitFilters} submitLabel="Suchen">
        <SearchFilter name="suche" label="Suche (Alternativtext, Dateiname)" defaultValue={query.search} />
      </ListFilters>
      <AdminTable
        query={media}
        rowsOf={(data) => data.assets}
        texts={{
          loading: 'Bilder werden geladen…',
          failed: 'Die Bilder konnten nicht geladen werden.',
          empty: 'Noch keine Bilder.',
          count: (total) => `${total} Bilder`,
          caption: 'Bilder',
        }}
        layout="grid"
        paging={{ page, perPage: PER_PAGE, onPage: goTo }}
      >
        {(data) => data.assets.map((asset) => <MediaCard key={asset.id} asset={asset} />)}
      </AdminTable>
    </section>
  );
}
