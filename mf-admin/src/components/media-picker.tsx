import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mediaSrcSet } from '@shop/contracts';
import type { AdminMediaAsset } from '@shop/contracts/admin';
import { Button, LoadFailed, Spinner } from '@shop/ui';
import { sharedQueries } from '../api/shared-queries';

/** How many images the picker shows (the newest, or the best matches of the search). */
const PICKER_SIZE = 48;

/**
 * Choosing an image of the media library (product images, a post's cover image): a
 * button that opens a modal <dialog> (focus stays inside, Escape closes) with a search and the
 * images; picking one calls `onPick` with it and closes.
 */
export function MediaPicker({ label, onPick }: { label: string; onPick: (asset: AdminMediaAsset) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const media = useQuery({
    ...sharedQueries.media({ search: search || undefined, limit: PICKER_SIZE, offset: 0 }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <dialog ref={ref} className="admin-picker" aria-labelledby={headingId} onClose={() => setOpen(false)}>
        <div className="admin-page__head">
          <h2 id={headingId}>Bild aus der Mediathek wählen</h2>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Schließen
          </Button>
        </div>
        <div className="shop-field">
          <label htmlFor={`${headingId}-search`}>Suche (Alternativtext, Dateiname)</label>
          <input
            id={`${headingId}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value.slice(0, 100))}
            // The picker sits inside the editor's form: Enter searches (as typed) instead of saving the form.
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          />
        </div>
        {!open ? null : media.isPending ? (
          <Spinner label="Bilder werden geladen…" />
        ) : media.isError ? (
          <LoadFailed message="Die Bilder konnten nicht geladen werden." onRetry={() => void media.refetch()} />
        ) : media.data.assets.length === 0 ? (
          <p>
            Keine Bilder gefunden. Neue Bilder laden Sie unter <Link to="/admin/media">Medien</Link> hoch.
          </p>
        ) : (
          <ul className="admin-grid">
            {media.data.assets.map((asset) => (
              <li key={asset.id} className="admin-media__card">
                <img
                  className="admin-media__image"
                  src={asset.url}
                  srcSet={mediaSrcSet(asset.url)}
                  sizes="12rem"
                  alt=""
                  width={asset.width}
                  height={asset.height}
                  loading="lazy"
                />
                <Button
                  variant="secondary"
                  aria-label={`Auswählen: ${asset.alt}`}
                  onClick={() => {
                    onPick(asset);
                    setOpen(false);
                  }}
                >
                  Auswählen
                </Button>
                <span className="admin-media__name">{asset.alt}</span>
              </li>
            ))}
          </ul>
        )}
      </dialog>
    </>
  );
}
