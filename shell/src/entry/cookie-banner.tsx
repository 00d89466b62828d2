import { buttonClass } from '@shop/ui';
import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ENTRY_FORM_ACTIONS, RETURN_FIELD } from '@shop/contracts';
import { useEntry } from './entry-store';

/**
 * Cookie banner (spec §4): only after the age gate, only while no choice is stored.
 * 'Akzeptieren' stores 'true', 'Ablehnen' stores 'rejected' (both buttons equally prominent,
 * as § 25 TDDDG consent requires rejecting to be as easy as accepting); the X closes it for
 * this page view without storing anything.
 *
 * A real form (POST /cookie-einstellung, services/gateway/src/plugins/entry-forms.ts), so it
 * is server-rendered and answers without JavaScript; once hydrated it is handled here.
 */
export function CookieBanner() {
  const open = useEntry((state) => state.cookieBanner);
  const chooseCookies = useEntry((state) => state.chooseCookies);
  const { pathname, search } = useLocation();
  if (!open) return null;

  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    chooseCookies(value === 'true' || value === 'rejected' ? value : null);
  };

  return (
    <section className="shell-cookie-banner" role="region" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <form method="post" action={ENTRY_FORM_ACTIONS.cookieChoice} onSubmit={choose}>
        <input type="hidden" name={RETURN_FIELD} value={pathname + search} />
        <button type="submit" name="wahl" value="schliessen" className="shell-cookie-banner__close" aria-label="Cookie-Hinweis schließen">
          ×
        </button>
        <h2 id="cookie-banner-title">Cookies und Datenschutz</h2>
        <p>
          Wir verwenden technisch notwendige Cookies, damit Warenkorb und Anmeldung funktionieren. Optionale Cookies, etwa für Statistiken,
          setzen wir nur mit Ihrer Einwilligung. Mehr dazu in unserer <Link to="/datenschutz">Datenschutzerklärung</Link>.
        </p>
        <div className="shell-cookie-banner__actions">
          <button type="submit" name="wahl" value="true" className={buttonClass('primary')}>
            Akzeptieren
          </button>
          <button type="submit" name="wahl" value="rejected" className={buttonClass('primary')}>
            Ablehnen
          </button>
        </div>
      </form>
    </section>
  );
}
