import { buttonClass, useHydrated } from '@shop/ui';
import { useLayoutEffect, useRef, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { ENTRY_FORM_ACTIONS, RETURN_FIELD } from '@shop/contracts';
import { useEntry } from './entry-store';

/** Where 'Website verlassen' leads: a general search site (spec §4). */
const LEAVE_URL = 'https://www.google.de/';

/**
 * Age gate (spec §4) as a native modal <dialog>: the page behind it is inert, focus stays inside,
 * and it is labelled by its heading. 'Ich bin 18+' closes it; 'Nein' shows the denial screen
 * with 'Website verlassen'. It cannot be dismissed any other way: Escape is cancelled, and
 * should the browser close it anyway, it is reopened.
 *
 * The answers are a real form (POST /altersabfrage, services/gateway/src/storefront/entry-forms.ts):
 * the server-rendered gate, open over a veil that blocks the page, works before and without
 * JavaScript, and a tap while the scripts load is answered by the server. Once hydrated, the
 * form is handled here without a round trip. The gateway leaves the gate out of the HTML for a
 * visitor who confirmed this session (a session cookie) and for crawlers.
 */
export function AgeGate() {
  const ageGate = useEntry((state) => state.ageGate);
  const confirmAdult = useEntry((state) => state.confirmAdult);
  const deny = useEntry((state) => state.deny);
  const { pathname, search } = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const verified = ageGate === 'passed';

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || verified || !hydrated) return;
    // The server's gate is open but not modal; a modal needs showModal() on a closed dialog. Both
    // happen in the task that commits the hydrated render, so no tap lands in between on a
    // closed gate (and on the page behind it).
    if (dialog.open) dialog.close();
    dialog.showModal();
    const keepOpen = () => {
      if (!dialog.open) dialog.showModal();
    };
    dialog.addEventListener('close', keepOpen);
    return () => dialog.removeEventListener('close', keepOpen);
  }, [verified, hydrated]);

  if (verified) return null;

  /** The hydrated form: the answer of the button that submitted it, in the browser. */
  const answer = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'nein') deny();
    else confirmAdult();
  };

  // One element tree before and after hydration: the button a shopper is tapping stays the same
  // element while the gate turns from the server's open dialog over a veil into a modal one.
  return (
    <div className={hydrated ? undefined : 'shell-age-gate-veil'} data-testid={hydrated ? undefined : 'age-gate-veil'}>
      <dialog
        ref={dialogRef}
        open
        className="shell-age-gate"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        onCancel={(event) => event.preventDefault()}
        data-testid="age-gate"
      >
        {ageGate === 'denied' ? (
          <div className="shell-age-gate__content">
            <h2 id="age-gate-title">Zugang nur ab 18 Jahren</h2>
            <p id="age-gate-text">
              Unsere Produkte enthalten Nikotin und dürfen nach dem Jugendschutzgesetz nur an Erwachsene verkauft werden. Bitte verlassen
              Sie diese Website.
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
              Diese Website bietet nikotinhaltige Produkte an. Der Zugang ist nur Erwachsenen ab 18 Jahren erlaubt. Bei der Bestellung und
              bei der Zustellung wird Ihr Alter geprüft.
            </p>
            <form className="shell-age-gate__actions" method="post" action={ENTRY_FORM_ACTIONS.ageGate} onSubmit={answer}>
              <input type="hidden" name={RETURN_FIELD} value={pathname + search} />
              <button type="submit" className={buttonClass('primary')} name="antwort" value="ja" autoFocus>
                Ich bin 18+
              </button>
              <button type="submit" className={buttonClass('secondary')} name="antwort" value="nein">
                Nein
              </button>
            </form>
          </div>
        )}
      </dialog>
    </div>
  );
}
