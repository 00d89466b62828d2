import { Button, Notice } from '@shop/ui';

/** A read that failed: the German sentence saying what could not be loaded, and a way to try again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Notice tone="warning" role="alert">
      {message}{' '}
      <Button variant="secondary" onClick={retry}>
        Erneut versuchen
      </Button>
    </Notice>
  );
}
