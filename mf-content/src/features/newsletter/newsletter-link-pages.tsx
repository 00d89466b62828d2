import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText } from '@shop/api-client';
import { LinkAction, Notice, Spinner } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { newsletterApi } from '../../api/newsletter-api';

type Outcome = { ok: boolean; message: string } | null;

const failure = (error: unknown) => errorText(error, 'Das hat nicht geklappt. Bitte versuchen Sie es später erneut.');

/** /newsletter/bestaetigen?token= (double opt-in): confirms once, as soon as the link is opened. */
export function NewsletterConfirmPage() {
  useSeo({ title: 'Newsletter-Anmeldung bestätigen', robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // once, also under React's double effects in development
    sent.current = true;
    newsletterApi.confirm(token).then(
      ({ message }) => setOutcome({ ok: true, message }),
      (error: unknown) => setOutcome({ ok: false, message: failure(error) }),
    );
  }, [token]);
  return (
    <section className="shop-page content-page">
      <h1>Newsletter-Anmeldung bestätigen</h1>
      {!outcome && <Spinner label="Anmeldung wird bestätigt…" />}
      {outcome && (
        <Notice tone={outcome.ok ? 'info' : 'warning'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Notice>
      )}
      <p>
        <Link to="/">Zur Startseite</Link>
      </p>
    </section>
  );
}

/**
 * /newsletter/abmelden?token=: ends the subscription without login. A button press is
 * asked for, so link scanners in mail systems cannot unsubscribe anybody.
 */
export function NewsletterUnsubscribePage() {
  useSeo({ title: 'Newsletter abbestellen', robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = async () => {
    try {
      return { ok: true, message: (await newsletterApi.unsubscribe(token)).message };
    } catch (error) {
      return { ok: false, message: failure(error) };
    }
  };
  return (
    <section className="shop-page content-page">
      <h1>Newsletter abbestellen</h1>
      <LinkAction
        intro="Möchten Sie unseren Newsletter nicht mehr erhalten? Ein Klick genügt, eine Anmeldung ist nicht nötig."
        buttonLabel="Newsletter abbestellen"
        run={unsubscribe}
      />
    </section>
  );
}
