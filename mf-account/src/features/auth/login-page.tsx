import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { ACCOUNT_FORM_ACTIONS, LOGIN_RETURN_PARAM, LoginBody, pathAfterLogin, type LoginFormState } from '@shop/contracts';
import { failureOf, hasCode } from '@shop/api-client';
import { SOLVING_MESSAGE } from '@shop/api-client/proof-of-work';
import { Button, Notice } from '@shop/ui';
import { TextField, fieldErrorsOf } from '@shop/ui/form';
import { setSessionUser, showToast, useSeo } from '@shop/shell-api';
import { useServerOutcome } from '@shop/shell-api/server-outcome';
import { authApi, authFormKeys } from '../../api/auth-api';
import { accountErrorText } from '../../lib/error-text';
import { FormRefusal } from './form-refusal';

const LOGIN_UNAVAILABLE = 'Die Anmeldung ist gerade nicht möglich. Bitte versuchen Sie es später erneut.';

type LoginForm = z.input<typeof LoginBody>;

/**
 * /anmelden (spec §2): e-mail and password. Success: 'Erfolgreich angemeldet', back to
 * where the shopper came from (`?weiter=`), staff without one to the back office (pathAfterLogin). Failure: 'Anmeldung fehlgeschlagen' with the server's
 * message or 'Ungültige Anmeldedaten' (spec §8); an unconfirmed address offers a new link.
 * Behind a used-up per-IP backstop the browser solves the service's proof-of-work first
 * ('Einen Moment …'). Forms first (docs/decisions/forms-first.md): without JavaScript the account
 * service answers the form and the server renders this page with the outcome: the e-mail address
 * typed (never the password), the errors at the fields and the reason of a refused login.
 */
export function LoginPage() {
  useSeo({ title: 'Anmelden', robots: 'noindex, nofollow' });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const server = useServerOutcome<LoginFormState>(authFormKeys.login, () => authApi.loginFormOutcome());
  const [initial] = useState<LoginForm>(() => ({ email: server?.values.email ?? '', password: '' }));
  const [serverErrors] = useState(() => fieldErrorsOf<LoginForm>(server?.errors));
  const form = useForm<LoginForm>({ defaultValues: initial, errors: serverErrors, resolver: zodResolver(LoginBody) });
  const [refused, setRefused] = useState<string | null>(server?.errors.form ?? null);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const [solving, setSolving] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setUnverified(null);
    setRefused(null);
    try {
      const user = await authApi.login(values, setSolving);
      setSessionUser(user);
      showToast({ title: 'Erfolgreich angemeldet', variant: 'success' });
      navigate(pathAfterLogin(params.get(LOGIN_RETURN_PARAM), user.role));
    } catch (error) {
      if (hasCode(error, 'EMAIL_NOT_VERIFIED')) setUnverified(values.email);
      showToast({
        title: 'Anmeldung fehlgeschlagen',
        // Spec §8: the server's message, or 'Ungültige Anmeldedaten' for a refusal without one; a
        // login that could not be checked (no answer, the service down) never says the password is wrong.
        description: accountErrorText(error, failureOf(error).kind === 'refused' ? 'Ungültige Anmeldedaten' : LOGIN_UNAVAILABLE),
        variant: 'destructive',
      });
    }
  });

  const resend = async () => {
    if (!unverified) return;
    try {
      setResent((await authApi.resendVerification(unverified)).message);
    } catch (error) {
      setResent(accountErrorText(error, 'Die E-Mail konnte gerade nicht angefordert werden. Bitte versuchen Sie es später erneut.'));
    }
  };

  return (
    <section className="shop-page account-page">
      <h1>Anmelden</h1>
      <FormProvider {...form}>
        {/* A form the account service answers too: before hydration and without JavaScript (docs/decisions/forms-first.md). */}
        <form
          className="account-form"
          method="post"
          action={ACCOUNT_FORM_ACTIONS.login}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <input type="hidden" name={LOGIN_RETURN_PARAM} value={params.get(LOGIN_RETURN_PARAM) ?? ''} />
          <FormRefusal title="Anmeldung fehlgeschlagen" reason={refused} />
          <TextField<LoginForm>
            name="email"
            label="E-Mail-Adresse"
            type="email"
            autoComplete="email"
            defaultValue={initial.email}
            required
          />
          <TextField<LoginForm> name="password" label="Passwort" type="password" autoComplete="current-password" required />
          {unverified && (
            <Notice tone="warning">
              Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.{' '}
              <Button variant="ghost" onClick={() => void resend()}>
                Bestätigungslink erneut senden
              </Button>
              {resent && <span role="status"> {resent}</span>}
            </Notice>
          )}
          {solving && <p role="status">{SOLVING_MESSAGE}</p>}
          <Button type="submit" disabled={form.formState.isSubmitting} aria-busy={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Wird angemeldet…' : 'Anmelden'}
          </Button>
        </form>
      </FormProvider>
      <p>
        <Link to="/passwort-vergessen">Passwort vergessen?</Link>
      </p>
      <p>
        Noch kein Kundenkonto? <Link to="/registrieren">Jetzt registrieren</Link>
      </p>
    </section>
  );
}
