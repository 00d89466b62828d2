import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { NEWSLETTER_CONSENT, NEWSLETTER_FORM_ACTIONS, NEWSLETTER_SIGNUP_TEXTS } from '@shop/contracts';
import { errorText } from '@shop/api-client';
import { Button } from '@shop/ui';
import { ActionForm, showToast } from '@shop/shell-api';
import type { FooterNewsletterProps } from '@shop/routes';
import { newsletterApi } from '../../api/newsletter-api';

/** Spec §5: an address with no spaces and one @ before a dotted domain (the server checks it again). */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Newsletter sign-up (spec §2 'newsletter signup block (privacy link /datenschutz)', §4 'form, then
 * a success screen', §5 and §8 texts; double opt-in): the consent text with its
 * version, then a success screen saying that the confirmation e-mail is on its way. A form of
 * the content service (NEWSLETTER_FORM_ACTIONS), so it works before the page's JavaScript and
 * without it; handled in the page once mounted. The shell mounts it in place of the server's form
 * (shell/src/layout/footer-newsletter.tsx) and passes what was typed there and whether the
 * shopper was typing (the field keeps the focus).
 */
export function NewsletterSignup({ defaultEmail = '', autoFocus = false }: Partial<FooterNewsletterProps>) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (fields: FormData) => {
    const value = String(fields.get('email') ?? '').trim();
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
      const description = errorText(error, failed.description);
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
        <ActionForm
          className="content-newsletter__form"
          action={NEWSLETTER_FORM_ACTIONS.subscribe}
          noValidate
          onAction={(fields) => void submit(fields)}
        >
          <input type="hidden" name="consentVersion" value={NEWSLETTER_CONSENT.version} />
          {/* Not 'E-Mail-Adresse': the sign-up sits in the footer of the login and checkout forms. */}
          <label htmlFor={`${id}-email`}>Ihre E-Mail für den Newsletter</label>
          <div className="content-newsletter__row">
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              name="email"
              ref={field}
              defaultValue={defaultEmail}
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
        </ActionForm>
      )}
    </section>
  );
}
