import { buttonClass } from '@shop/ui';
import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ENTRY_FORM_ACTIONS, RETURN_FIELD } from '@shop/contracts';
import { useEntry } from './entry-store';

/**
 * Cookie notice (spec §4: after the age gate, only while no choice is stored). The shop sets only
 * cookies that are strictly necessary (cart, login, the age confirmation, this notice), which
 * need no consent (§ 25 Abs. 2 Nr. 2 TDDDG), and no statistics or advertising cookies, as the
 * privacy policy says; so the notice informs and asks nothing. 'Verstanden' stores 'true' (not shown
 * again for 12 months); the X closes it for this page view without storing anything.
 *
 * A real form (POST /cookie-einstellung, services/gateway/src/storefront/entry-forms.ts), so it
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
          Wir verwenden nur technisch notwendige Cookies, damit Warenkorb, Anmeldung und Ihre Altersbestätigung funktionieren; dafür ist
          keine Einwilligung nötig. Statistik- oder Werbe-Cookies setzen wir nicht ein. Mehr dazu in unserer{' '}
          <Link to="/datenschutz">Datenschutzerklärung</Link>.
        </p>
        <div className="shell-cookie-banner__actions">
          <button type="submit" name="wahl" value="true" className={buttonClass('primary')}>
            Verstanden
          </button>
        </div>
      </form>
    </section>
  );
}
