import { Button, Notice } from '@shop/ui';

/** The server's German answer to the step (age check refused, order refused), announced. */
export function StepError({ message }: { message: string | null }) {
  return message ? (
    <Notice tone="warning" role="alert">
      {message}
    </Notice>
  ) : null;
}

/** 'Weiter' of a step; busy while the server checks it. */
export function ContinueButton({ busy, onContinue }: { busy: boolean; onContinue: () => void }) {
  return (
    <Button onClick={onContinue} disabled={busy} aria-busy={busy}>
      {busy ? 'Wird geprüft…' : 'Weiter'}
    </Button>
  );
}
