import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Notice, Spinner, buttonClass } from '@shop/ui';
import { useSeo } from '@shop/shell-api';
import { authApi } from '../../api/auth-api';
import { accountErrorText } from '../../lib/error-text';

/** /konto/bestaetigen?token=… (the verification e-mail's link, valid 48 hours): confirms the address once. */
export function VerifyEmailPage() {
  useSeo({ title: 'E-Mail-Adresse bestätigen', robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // a token works once: never send it twice (React's strict double effects)
    sent.current = true;
    authApi
      .verifyEmail(params.get('token') ?? '')
      .then(({ message }) => setResult({ ok: true, message }))
      .catch((error: unknown) =>
        setResult({
          ok: false,
          message: accountErrorText(error, 'Die Bestätigung ist gerade nicht möglich. Bitte versuchen Sie es später erneut.'),
        }),
      );
  }, [params]);
  return (
    <section className="shop-page account-page" aria-live="polite">
      <h1>E-Mail-Adresse bestätigen</h1>
      {!result && <Spinner label="Wird bestätigt…" />}
      {result && <Notice tone={result.ok ? undefined : 'warning'}>{result.message}</Notice>}
      {result?.ok && (
        <Link className={buttonClass('primary')} to="/anmelden">
          Jetzt anmelden
        </Link>
      )}
      {result && !result.ok && <Link to="/anmelden">Zur Anmeldung (dort können Sie einen neuen Link anfordern)</Link>}
    </section>
  );
}
