import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NewPassword, passwordsMatch } from '../../lib/new-password';
import { Button, Notice } from '@shop/ui';
import { applyServerIssues, TextField } from '@shop/ui/form';
import { showToast, useSeo } from '@shop/shell-api';
import { profileApi } from '../../api/profile-api';
import { RequireLogin } from '../../components/require-login';
import { PasswordMeter } from '../../components/password-meter';
import { accountErrorText } from '../../lib/error-text';

const ChangeForm = z
  .object({
    currentPassword: z.string().min(1, 'Bitte geben Sie Ihr aktuelles Passwort ein.'),
    newPassword: NewPassword,
    confirmPassword: z.string(),
  })
  .refine(...passwordsMatch('newPassword'));
type ChangeForm = z.input<typeof ChangeForm>;

/** /passwort-aendern (spec §2): the current password, a new one with the meter; other devices are logged out. */
export function ChangePasswordPage() {
  useSeo({ title: 'Passwort ändern', robots: 'noindex, nofollow' });
  const form = useForm<ChangeForm>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: zodResolver(ChangeForm),
  });
  const [done, setDone] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      setDone((await profileApi.changePassword({ currentPassword, newPassword })).message);
      form.reset();
    } catch (error) {
      if (!applyServerIssues(form, error, { currentPassword: 'currentPassword', newPassword: 'newPassword' }))
        showToast({
          title: 'Aktualisierung fehlgeschlagen',
          description: accountErrorText(error, 'Ein Fehler ist aufgetreten'),
          variant: 'destructive',
        });
    }
  });
  return (
    <section className="shop-page account-page">
      <h1>Passwort ändern</h1>
      <RequireLogin>
        {done && <Notice>{done}</Notice>}
        <FormProvider {...form}>
          <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
            <TextField<ChangeForm>
              name="currentPassword"
              label="Aktuelles Passwort"
              type="password"
              autoComplete="current-password"
              required
            />
            <TextField<ChangeForm> name="newPassword" label="Neues Passwort" type="password" autoComplete="new-password" required />
            <PasswordMeter password={form.watch('newPassword')} />
            <TextField<ChangeForm>
              name="confirmPassword"
              label="Neues Passwort wiederholen"
              type="password"
              autoComplete="new-password"
              required
            />
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Passwort ändern
            </Button>
          </form>
        </FormProvider>
      </RequireLogin>
    </section>
  );
}
