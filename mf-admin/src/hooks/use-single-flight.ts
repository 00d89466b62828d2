import { useRef, useState } from 'react';

/**
 * One staff action at a time, for a button or form that must not be doubled by a fast second tap
 * (a label booked, a close-out sent): `run(action)` does nothing while an earlier run is pending
 * (a ref, so a tap that comes before React has disabled the button is ignored too), `busy` is
 * true meanwhile (disable the button with it), and a failure of `action` becomes `error`, the
 * German text `errorText` gives it (null again when the next run starts).
 */
export function useSingleFlight(errorText: (failure: unknown) => string) {
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };
  return { busy, error, run };
}
