import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { NewPassword, passwordsMatch } from '../../lib/new-password';
import { Button, Notice } from '@shop/ui';
import { applyServerIssues, TextField } from '@shop/ui/form';
import { useSeo } from '@shop/shell-api';
import { authApi } from '../../api/auth-api';
import { PasswordMeter } from '../../components/password-meter';
import { accountErrorText } from '../../lib/error-text';

const ResetForm = z.object({ password: NewPassword, confirmPassword: z.string() }).refine(...passwordsMatch('password'));
type ResetForm = z.input<typeof ResetForm>;

/** /passwort-zuruecksetzen?token=… (the reset e-mail's link, valid 1 hour): a new password with the strength meter. */
export function ResetPasswordPage() {
  useSeo({ title: 'Neues Passwort festlegen', robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<ResetForm>({ defaultValues: { password: '', confirmPassword: '' }, resolver: zodResolver(ResetForm) });
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      setResult({ ok: true, message: (await authApi.confirmPasswordReset(token, password)).message });
    } catch (error) {
      if (!applyServerIssues(form, error, { password: 'password' }))
        setResult({
          ok: false,
          message: accountErrorText(error, 'Das Passwort konnte nicht geändert werden. Bitte versuchen Sie es erneut.'),
        });
    }
  });
  if (result?.ok) {
    return (
      <section className="shop-page account-page" aria-live="polite">
        <h1>Passwort geändert</h1>
        <Notice>{result.message}</Notice>
        <Link to="/anmelden">Zur Anmeldung</Link>
      </section>
    );
  }
  return (
    <section className="shop-page account-page">
      <h1>Neues Passwort festlegen</h1>
      <FormProvider {...form}>
        <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField<ResetForm> name="password" label="Neues Passwort" type="password" autoComplete="new-password" required />
          <PasswordMeter password={form.watch('password')} />
          <TextField<ResetForm>
            name="confirmPassword"
            label="Neues Passwort wiederholen"
            type="password"
            autoComplete="new-password"
            required
          />
          {result && (
            <Notice tone="warning" role="alert">
              {result.message} <Link to="/passwort-vergessen">Neuen Link anfordern</Link>
            </Notice>
          )}
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Passwort speichern
          </Button>
        </form>
      </FormProvider>
    </section>
  );
}
