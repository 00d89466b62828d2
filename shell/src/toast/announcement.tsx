import { useEffect, useState } from 'react';

/** Wait before a text goes into the live region (ms): a region that appears with its text already in it is often not read. */
const ANNOUNCE_DELAY_MS = 100;

/**
 * A polite live region (role=status, visually hidden) that takes each new text a moment after it
 * changes, also right after the region itself appeared (a toast moved into a dialog), so screen
 * readers announce it.
 */
export function Announcement({ text }: { text: string }) {
  const [shown, setShown] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="shop-visually-hidden" role="status" aria-live="polite">
      {shown}
    </div>
  );
}
