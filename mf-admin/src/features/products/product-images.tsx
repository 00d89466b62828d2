import { useFormContext } from 'react-hook-form';
import { Button } from '@shop/ui';
import { MediaPicker } from '../../components/media-picker';
import type { ProductFormValues } from './product-form';

/** Most images a product may have (contract ProductFields). */
const MAX_IMAGES = 12;

/**
 * The product's images in the editor: in shop order (the first is the main image),
 * each removable or movable to the front, new ones chosen from the media library.
 */
export function ProductImages() {
  const form = useFormContext<ProductFormValues>();
  const images = form.watch('images');
  const set = (next: string[]) => form.setValue('images', next, { shouldDirty: true });
  return (
    <fieldset className="admin-fieldset">
      <legend>Bilder</legend>
      {images.length === 0 ? (
        <p>Noch keine Bilder: Der Shop zeigt einen Platzhalter.</p>
      ) : (
        <ol className="admin-images">
          {images.map((image, index) => (
            <li key={image} className="admin-images__item">
              <img src={image} alt="" width={96} height={96} loading="lazy" />
              <span>{index === 0 ? 'Hauptbild' : `Bild ${index + 1}`}</span>
              {index > 0 && (
                <Button
                  variant="ghost"
                  onClick={() => set([image, ...images.filter((other) => other !== image)])}
                  aria-label={`Bild ${index + 1} als Hauptbild`}
                >
                  Als Hauptbild
                </Button>
              )}
              <Button
                variant="ghost"
                onClick={() => set(images.filter((other) => other !== image))}
                aria-label={`Bild ${index + 1} entfernen`}
              >
                Entfernen
              </Button>
            </li>
          ))}
        </ol>
      )}
      {images.length < MAX_IMAGES && (
        <MediaPicker
          label="Bild aus der Mediathek hinzufügen"
          onPick={(asset) => !images.includes(asset.url) && set([...images, asset.url])}
        />
      )}
    </fieldset>
  );
}
