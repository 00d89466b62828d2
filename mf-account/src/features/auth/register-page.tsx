import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { ACCOUNT_FORM_ACTIONS, RegisterBody, type RegisterFormState } from '@shop/contracts';
import { PASSWORD_MIN_LENGTH } from '@shop/account-rules';
import { NewPassword, passwordsMatch } from '../../lib/new-password';
import { Button, Notice } from '@shop/ui';
import { applyServerIssues, TextField, fieldErrorsOf } from '@shop/ui/form';
import { showToast, useSeo } from '@shop/shell-api';
import { useServerOutcome } from '@shop/shell-api/server-outcome';
import { authApi, authFormKeys } from '../../api/auth-api';
import { PasswordMeter } from '../../components/password-meter';
import { accountErrorText } from '../../lib/error-text';
import { FormRefusal } from './form-refusal';

/** The registration form: the API's fields plus confirmPassword, which is checked here and not sent (spec §5). */
const RegisterForm = RegisterBody.extend({ password: NewPassword, confirmPassword: z.string() }).refine(...passwordsMatch('password'));
type RegisterForm = z.input<typeof RegisterForm>;

/**
 * /registrieren (spec §2): name, e-mail, password with the live strength meter and its
 * confirmation. The account opens after the address is confirmed by the e-mail link; the answer is
 * the same whether or not the address is taken. Toasts: 'Registrierung erfolgreich' /
 * 'Registrierung fehlgeschlagen' (server message or 'Ein Fehler ist aufgetreten', spec §8).
 * Forms first (docs/decisions/forms-first.md): without JavaScript the account service answers the
 * form and the server renders this page with the outcome: the names and e-mail address typed
 * (never a password) and every refused field's German reason at the field.
 */
export function RegisterPage() {
  useSeo({ title: 'Registrieren', robots: 'noindex, nofollow' });
  const server = useServerOutcome<RegisterFormState>(authFormKeys.register, () => authApi.registerFormOutcome());
  const [initial] = useState<RegisterForm>(() => ({
    ...(server?.values ?? { firstName: '', lastName: '', email: '' }),
    password: '',
    confirmPassword: '',
  }));
  const [serverErrors] = useState(() => fieldErrorsOf<RegisterForm>(server?.errors));
  const form = useForm<RegisterForm>({ defaultValues: initial, errors: serverErrors, resolver: zodResolver(RegisterForm) });
  const refused = server?.errors.form;
  const [done, setDone] = useState<string | null>(null);
  const password = form.watch('password');

  const submit = form.handleSubmit(async ({ confirmPassword: _notSent, ...body }) => {
    try {
      setDone((await authApi.register(body)).message);
      showToast({ title: 'Registrierung erfolgreich', variant: 'success' });
    } catch (error) {
      applyServerIssues(form, error, { password: 'password', email: 'email', firstName: 'firstName', lastName: 'lastName' });
      showToast({
        title: 'Registrierung fehlgeschlagen',
        description: accountErrorText(error, 'Ein Fehler ist aufgetreten'),
        variant: 'destructive',
      });
    }
  });

  if (done) {
    return (
      <section className="shop-page account-page" aria-live="polite">
        <h1>Bitte bestätigen Sie Ihre E-Mail-Adresse</h1>
        <Notice>{done}</Notice>
        <p>Der Link in der E-Mail ist 48 Stunden gültig. Keine E-Mail bekommen? Sehen Sie bitte auch im Spam-Ordner nach.</p>
        <Link to="/anmelden">Zur Anmeldung</Link>
      </section>
    );
  }
  return (
    <section className="shop-page account-page">
      <h1>Registrieren</h1>
      <p>Kundenkonten gibt es nur für Erwachsene: Beim Bestellen prüfen wir Ihr Alter.</p>
      <FormProvider {...form}>
        {/* A form the account service answers too: before hydration and without JavaScript (docs/decisions/forms-first.md). */}
        <form
          className="account-form"
          method="post"
          action={ACCOUNT_FORM_ACTIONS.register}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <FormRefusal title="Registrierung fehlgeschlagen" reason={refused} />
          <TextField<RegisterForm> name="firstName" label="Vorname" autoComplete="given-name" defaultValue={initial.firstName} required />
          <TextField<RegisterForm> name="lastName" label="Nachname" autoComplete="family-name" defaultValue={initial.lastName} required />
          <TextField<RegisterForm>
            name="email"
            label="E-Mail-Adresse"
            type="email"
            autoComplete="email"
            defaultValue={initial.email}
            required
          />
          <TextField<RegisterForm>
            name="password"
            label="Passwort"
            type="password"
            autoComplete="new-password"
            hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen. Am sichersten ist ein langer Satz, den nur Sie kennen.`}
            required
          />
          <PasswordMeter password={password} />
          <TextField<RegisterForm>
            name="confirmPassword"
            label="Passwort wiederholen"
            type="password"
            autoComplete="new-password"
            required
          />
          {/* Art. 13 DSGVO: where the data of the account are explained, right where they are sent. */}
          <p>
            Wie wir Ihre Daten verarbeiten, erklärt unsere <Link to="/datenschutz">Datenschutzerklärung</Link>.
          </p>
          <Button type="submit" disabled={form.formState.isSubmitting} aria-busy={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Wird gesendet…' : 'Registrieren'}
          </Button>
        </form>
      </FormProvider>
      <p>
        Schon registriert? <Link to="/anmelden">Anmelden</Link>
      </p>
    </section>
  );
}
