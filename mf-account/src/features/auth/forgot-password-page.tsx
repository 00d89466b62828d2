import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Email } from '@shop/contracts';
import { Button, Notice } from '@shop/ui';
import { TextField } from '@shop/ui/form';
import { useSeo } from '@shop/shell-api';
import { authApi } from '../../api/auth-api';
import { accountErrorText } from '../../lib/error-text';

const ForgotForm = z.object({ email: Email });
type ForgotForm = z.input<typeof ForgotForm>;

/** /passwort-vergessen: asks for the e-mail address and answers the same whether or not it has an account. */
export function ForgotPasswordPage() {
  useSeo({ title: 'Passwort vergessen', robots: 'noindex, nofollow' });
  const form = useForm<ForgotForm>({ defaultValues: { email: '' }, resolver: zodResolver(ForgotForm) });
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      setAnswer({ ok: true, message: (await authApi.requestPasswordReset(email)).message });
    } catch (error) {
      setAnswer({
        ok: false,
        message: accountErrorText(error, 'Die E-Mail konnte gerade nicht angefordert werden. Bitte versuchen Sie es später erneut.'),
      });
    }
  });
  return (
    <section className="shop-page account-page">
      <h1>Passwort vergessen</h1>
      {answer?.ok ? (
        <Notice>{answer.message} Der Link ist eine Stunde gültig.</Notice>
      ) : (
        <FormProvider {...form}>
          <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
            <p>
              Geben Sie die E-Mail-Adresse Ihres Kundenkontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.
            </p>
            <TextField<ForgotForm> name="email" label="E-Mail-Adresse" type="email" autoComplete="email" required />
            {answer && (
              <Notice tone="warning" role="alert">
                {answer.message}
              </Notice>
            )}
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Link anfordern
            </Button>
          </form>
        </FormProvider>
      )}
      <p>
        <Link to="/anmelden">Zur Anmeldung</Link>
      </p>
    </section>
  );
}
