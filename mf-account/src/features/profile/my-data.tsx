import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { DeleteAccountBody } from '@shop/contracts';
import { Button } from '@shop/ui';
import { applyServerIssues, TextField } from '@shop/ui/form';
import { clearSession, showToast } from '@shop/shell-api';
import { profileApi } from '../../api/profile-api';
import { accountErrorText } from '../../lib/error-text';

type DeleteForm = DeleteAccountBody;

/**
 * Account deletion with a confirmation step (DSGVO Art. 17): what goes and what the
 * law makes the shop keep, then the password. Afterwards the browser is logged out.
 */
function DeleteAccount() {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const form = useForm<DeleteForm>({ defaultValues: { password: '' }, resolver: zodResolver(DeleteAccountBody) });
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { message } = await profileApi.deleteAccount({ password });
      clearSession('signed-out'); // RequireLogin then leads home
      navigate('/', { replace: true });
      showToast({ title: message, description: 'Eine Bestätigung haben wir Ihnen per E-Mail geschickt.', variant: 'success' });
    } catch (error) {
      if (!applyServerIssues(form, error, { password: 'password' }))
        showToast({
          title: 'Löschen fehlgeschlagen',
          description: accountErrorText(error, 'Ein Fehler ist aufgetreten'),
          variant: 'destructive',
        });
    }
  });
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Kundenkonto löschen …
      </Button>
    );
  }
  return (
    <FormProvider {...form}>
      <form
        className="account-form account-delete"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="account-delete-title"
      >
        <h3 id="account-delete-title">Kundenkonto wirklich löschen?</h3>
        <p>
          Gelöscht werden Ihre Anmeldedaten, Ihr Profil mit der gespeicherten Adresse, Ihre Wunschliste und Ihr Warenkorb; Sie werden auf
          allen Geräten abgemeldet. Das lässt sich nicht rückgängig machen.
        </p>
        <p>
          Ihre Bestellungen bewahren wir auf, solange das Handels- und Steuerrecht es verlangt (§ 147 AO, § 257 HGB), und nutzen sie nur
          noch dafür.
        </p>
        <TextField<DeleteForm>
          name="password"
          label="Ihr Passwort zur Bestätigung"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="account-delete__actions">
          <Button type="submit" variant="danger" disabled={form.formState.isSubmitting}>
            Kundenkonto endgültig löschen
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Abbrechen
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** 'Meine Daten' on /profil: the JSON download (DSGVO Art. 15, 20) and the account deletion (Art. 17). */
export function MyData() {
  return (
    <section className="account-my-data" aria-labelledby="account-my-data-title">
      <h2 id="account-my-data-title">Meine Daten</h2>
      <p>
        Laden Sie alle Daten herunter, die wir zu Ihrem Kundenkonto speichern: Profil, Anmeldungen, Wunschliste, Warenkorb, Bestellungen und
        Widerrufe (JSON-Datei).
      </p>
      <p>
        <a className="account-my-data__download" href="/api/auth/data-export" download>
          Meine Daten herunterladen
        </a>
      </p>
      <DeleteAccount />
    </section>
  );
}
