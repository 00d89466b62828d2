import { Button } from './button';
import { Notice } from './notice';

/**
 * A read that failed after its retries: the German sentence saying what could not be loaded and
 * 'Erneut versuchen' (account order history and wishlist, blog and information pages).
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="warning" role="alert">
      {message}{' '}
      <Button variant="secondary" onClick={onRetry}>
        Erneut versuchen
      </Button>
    </Notice>
  );
}
