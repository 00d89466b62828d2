import { Button } from '@shop/ui';

/**
 * A region whose data could not be loaded after the query's retries (with the catalog
 * service down the home page showed spinners with no end): the German message and
 * 'Erneut versuchen', per region, so the rest of the page stays usable.
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="catalog-load-error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Erneut versuchen
      </Button>
    </div>
  );
}
