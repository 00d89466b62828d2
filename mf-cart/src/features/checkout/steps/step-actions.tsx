import { Button, Notice } from '@shop/ui';

/** The server's German answer to the step (age check refused, order refused), announced. */
export function StepError({ message }: { message: string | null }) {
  return message ? (
    <Notice tone="warning" role="alert">
      {message}
    </Notice>
  ) : null;
}

/**
 * 'Weiter' of a step; busy while the server checks it. It submits the checkout's form with
 * `schritt` = the step (CHECKOUT_FORM_ACTIONS), which the page handles itself once hydrated.
 */
export function ContinueButton({ step, busy, onContinue }: { step?: string; busy: boolean; onContinue: () => void }) {
  return (
    <Button type="submit" name="schritt" value={step} onClick={onContinue} disabled={busy} aria-busy={busy}>
      {busy ? 'Wird geprüft…' : 'Weiter'}
    </Button>
  );
}
