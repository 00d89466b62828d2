import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { NEWSLETTER_CONSENT, NEWSLETTER_SIGNUP_TEXTS } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { Button, ClientForm } from '@shop/ui';
import { showToast } from '@shop/shell-api';
import { newsletterApi } from '../../api/newsletter-api';

/** Spec §5: an address with no spaces and one @ before a dotted domain (the server checks it again). */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Newsletter sign-up (spec §2 'newsletter signup block (privacy link /datenschutz)', §4 'form, then
 * a success screen', §5 and §8 texts; issue #12 double opt-in): the consent text with its
 * version, then a success screen saying that the confirmation e-mail is on its way.
 */
export function NewsletterSignup() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const invalid = !value ? NEWSLETTER_SIGNUP_TEXTS.empty : !looksLikeEmail(value) ? NEWSLETTER_SIGNUP_TEXTS.invalid : null;
    if (invalid) {
      setProblem(invalid.description);
      showToast({ ...invalid, variant: 'destructive' });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const { message } = await newsletterApi.subscribe(value);
      setDone(message);
      showToast({ ...NEWSLETTER_SIGNUP_TEXTS.subscribed, variant: 'success' });
    } catch (error) {
      const { failed } = NEWSLETTER_SIGNUP_TEXTS;
      const description = error instanceof ApiError && error.status < 500 ? error.serverMessage : failed.description;
      showToast({ title: failed.title, description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="content-newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="content-newsletter__title">
        Newsletter
      </h2>
      {done ? (
        <p className="content-newsletter__done" role="status">
          {done}
        </p>
      ) : (
        <ClientForm className="content-newsletter__form" noValidate onSubmit={(event) => void submit(event)}>
          {/* Not 'E-Mail-Adresse': the sign-up sits in the footer of the login and checkout forms. */}
          <label htmlFor={`${id}-email`}>Ihre E-Mail für den Newsletter</label>
          <div className="content-newsletter__row">
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-consent${problem ? ` ${id}-problem` : ''}`}
            />
            <Button type="submit" disabled={busy}>
              {busy ? 'Wird abonniert…' : 'Abonnieren'}
            </Button>
          </div>
          {problem && (
            <p id={`${id}-problem`} className="content-newsletter__problem">
              {problem}
            </p>
          )}
          <p id={`${id}-consent`} className="content-newsletter__consent">
            {NEWSLETTER_CONSENT.text} Mehr in der <Link to="/datenschutz">Datenschutzerklärung</Link>.
          </p>
        </ClientForm>
      )}
    </section>
  );
}
