import { Button } from '@shop/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { STORAGE_KEYS } from '@shop/shell-api';
import { useHydrated } from '@shop/ui';
import { useAgeVerified } from '../age-gate/age-gate-store';

function readChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.cookieConsent);
  } catch {
    return null;
  }
}

/**
 * Cookie banner (spec §4): only after the age gate, only while no choice is stored.
 * 'Akzeptieren' stores 'true', 'Ablehnen' stores 'rejected' (both buttons equally prominent,
 * as § 25 TDDDG consent requires rejecting to be as easy as accepting); the X closes it for
 * this page view without storing anything.
 */
export function CookieBanner() {
  const ageVerified = useAgeVerified();
  const [open, setOpen] = useState(() => readChoice() === null);
  // The stored choice lives in this browser only: the banner renders after hydration.
  const hydrated = useHydrated();
  if (!hydrated || !ageVerified || !open) return null;

  const choose = (value: 'true' | 'rejected') => {
    try {
      localStorage.setItem(STORAGE_KEYS.cookieConsent, value);
    } catch {
      // Without storage the choice holds for this page view only.
    }
    setOpen(false);
  };

  return (
    <section className="shell-cookie-banner" role="region" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <button type="button" className="shell-cookie-banner__close" aria-label="Cookie-Hinweis schließen" onClick={() => setOpen(false)}>
        ×
      </button>
      <h2 id="cookie-banner-title">Cookies und Datenschutz</h2>
      <p>
        Wir verwenden technisch notwendige Cookies, damit Warenkorb und Anmeldung funktionieren. Optionale Cookies, etwa für Statistiken,
        setzen wir nur mit Ihrer Einwilligung. Mehr dazu in unserer <Link to="/datenschutz">Datenschutzerklärung</Link>.
      </p>
      <div className="shell-cookie-banner__actions">
        <Button onClick={() => choose('true')}>Akzeptieren</Button>
        <Button onClick={() => choose('rejected')}>Ablehnen</Button>
      </div>
    </section>
  );
}
