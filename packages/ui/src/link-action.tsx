import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Notice } from './notice';

/** What a {@link LinkAction} did: the German message to show, and whether it worked. */
export interface LinkActionOutcome {
  ok: boolean;
  message: string;
}

/**
 * The one step of a page an e-mail link opens to end something without login (a newsletter, the
 * review invitations): the explanation and one button, then the outcome in its place. A button
 * press is asked for, so link scanners in mail systems cannot do it for anybody. `run` resolves
 * to the outcome (failures included, with their German message).
 */
export function LinkAction({ intro, buttonLabel, run }: { intro: ReactNode; buttonLabel: string; run: () => Promise<LinkActionOutcome> }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LinkActionOutcome | null>(null);
  const press = async () => {
    setBusy(true);
    try {
      setOutcome(await run());
    } finally {
      setBusy(false);
    }
  };
  if (outcome)
    return (
      <Notice tone={outcome.ok ? 'info' : 'warning'} role={outcome.ok ? 'status' : 'alert'}>
        {outcome.message}
      </Notice>
    );
  return (
    <>
      <p>{intro}</p>
      <Button onClick={() => void press()} disabled={busy}>
        {buttonLabel}
      </Button>
    </>
  );
}
