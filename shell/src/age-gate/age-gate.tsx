import { Button, buttonClass, useHydrated } from '@shop/ui';
import { useEffect, useRef } from 'react';
import { useAgeDenied, useAgeGateActions, useAgeVerified } from './age-gate-store';
import { useIsCrawler } from './crawler';

/** Where 'Website verlassen' leads: a general search site (spec §4). */
const LEAVE_URL = 'https://www.google.de/';

/**
 * Age gate as a native modal <dialog>: the page behind it is inert, focus stays inside, and
 * it is labelled by its heading. 'Ich bin 18+' closes it; 'Nein' shows the denial screen with
 * 'Website verlassen'. It cannot be dismissed any other way: Escape is cancelled, and should
 * the browser close it anyway, it is reopened.
 *
 * Server-rendered pages (issue #23) carry the gate already open, over a veil that blocks the
 * page, so a first visitor sees it before any JavaScript runs; a returning visitor's flag is
 * read by an inline script in the head (shell/public/index.html), which hides it before the
 * first paint. After hydration the gate is the modal dialog again, or gone.
 */
export function AgeGate() {
  const storedVerified = useAgeVerified();
  const denied = useAgeDenied();
  const { confirmAdult, deny } = useAgeGateActions();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const crawler = useIsCrawler();
  // Until hydrated, render what the server rendered: the gate for everyone but crawlers.
  const verified = hydrated ? storedVerified : crawler;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || verified || !hydrated) return;
    if (!dialog.open) dialog.showModal();
    const keepOpen = () => {
      if (!dialog.open) dialog.showModal();
    };
    dialog.addEventListener('close', keepOpen);
    return () => dialog.removeEventListener('close', keepOpen);
  }, [verified, hydrated]);

  if (verified) return null;

  const gate = (
    <dialog
      ref={dialogRef}
      open={!hydrated || undefined}
      className="shell-age-gate"
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-text"
      onCancel={(event) => event.preventDefault()}
      data-testid="age-gate"
    >
      {denied ? (
        <div className="shell-age-gate__content">
          <h2 id="age-gate-title">Zugang nur ab 18 Jahren</h2>
          <p id="age-gate-text">
            Unsere Produkte enthalten Nikotin und dürfen nach dem Jugendschutzgesetz nur an Erwachsene verkauft werden. Bitte verlassen Sie
            diese Website.
          </p>
          <div className="shell-age-gate__actions">
            <a className={buttonClass('primary')} href={LEAVE_URL} rel="noreferrer">
              Website verlassen
            </a>
          </div>
        </div>
      ) : (
        <div className="shell-age-gate__content">
          <p className="shell-age-gate__badge" aria-hidden="true">
            18+
          </p>
          <h2 id="age-gate-title">Sind Sie mindestens 18 Jahre alt?</h2>
          <p id="age-gate-text">
            Diese Website bietet nikotinhaltige Produkte an. Der Zugang ist nur Erwachsenen ab 18 Jahren erlaubt. Bei der Bestellung und bei
            der Zustellung wird Ihr Alter geprüft.
          </p>
          <div className="shell-age-gate__actions">
            <Button onClick={confirmAdult} autoFocus>
              Ich bin 18+
            </Button>
            <Button variant="secondary" onClick={deny}>
              Nein
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
  return hydrated ? (
    gate
  ) : (
    <div className="shell-age-gate-veil" data-testid="age-gate-veil">
      {gate}
    </div>
  );
}
