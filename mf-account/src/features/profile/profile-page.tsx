import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Address, type User } from '@shop/contracts';
import { Button } from '@shop/ui';
import { applyServerIssues, TextField } from '@shop/ui/form';
import { setSessionUser, showToast, useSeo, useSession } from '@shop/shell-api';
import { profileApi } from '../../api/profile-api';
import { RequireLogin } from '../../components/require-login';
import { accountErrorText } from '../../lib/error-text';
import { MyData } from './my-data';

/** The form: names, and the saved delivery address either complete (checkout rules) or empty. */
const ProfileForm = z
  .object({
    firstName: z.string().trim().min(1, 'Bitte geben Sie Ihren Vornamen ein.').max(100),
    lastName: z.string().trim().min(1, 'Bitte geben Sie Ihren Nachnamen ein.').max(100),
    saveAddress: z.boolean(),
    address: z.unknown(),
  })
  .superRefine((form, ctx) => {
    if (!form.saveAddress) return;
    const parsed = Address.safeParse({ ...(form.address as object), country: 'DE' });
    if (!parsed.success)
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['address', ...issue.path], message: issue.message });
  });
type ProfileForm = {
  firstName: string;
  lastName: string;
  saveAddress: boolean;
  address: { firstName: string; lastName: string; street: string; addressLine2: string; postalCode: string; city: string };
};

const emptyAddress = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  street: '',
  addressLine2: '',
  postalCode: '',
  city: '',
});

function ProfileEditor({ user }: { user: User }) {
  const form = useForm<ProfileForm>({
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      saveAddress: user.address !== null,
      address: user.address ? { ...user.address } : emptyAddress(user),
    },
    resolver: zodResolver(ProfileForm) as never,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const updated = await profileApi.update({
        firstName: values.firstName,
        lastName: values.lastName,
        address: values.saveAddress ? { ...values.address, country: 'DE' } : null,
      });
      setSessionUser(updated);
      showToast({ title: 'Profil aktualisiert', variant: 'success' });
    } catch (error) {
      applyServerIssues(form, error, { firstName: 'firstName', lastName: 'lastName' });
      showToast({
        title: 'Aktualisierung fehlgeschlagen',
        description: accountErrorText(error, 'Ein Fehler ist aufgetreten'),
        variant: 'destructive',
      });
    }
  });
  return (
    <FormProvider {...form}>
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <p>
          E-Mail-Adresse: <strong className="account-email">{user.email}</strong>
        </p>
        <TextField<ProfileForm> name="firstName" label="Vorname" autoComplete="given-name" required />
        <TextField<ProfileForm> name="lastName" label="Nachname" autoComplete="family-name" required />
        <label className="account-checkbox">
          <input type="checkbox" {...form.register('saveAddress')} /> Lieferadresse für die Kasse speichern
        </label>
        {form.watch('saveAddress') && (
          <fieldset className="account-fieldset">
            <legend>Lieferadresse (nur Deutschland, keine Packstation)</legend>
            <TextField<ProfileForm> name="address.firstName" label="Vorname" autoComplete="shipping given-name" required />
            <TextField<ProfileForm> name="address.lastName" label="Nachname" autoComplete="shipping family-name" required />
            <TextField<ProfileForm> name="address.street" label="Straße und Hausnummer" autoComplete="shipping address-line1" required />
            <TextField<ProfileForm> name="address.addressLine2" label="Adresszusatz (optional)" autoComplete="shipping address-line2" />
            <TextField<ProfileForm>
              name="address.postalCode"
              label="PLZ"
              inputMode="numeric"
              maxLength={5}
              autoComplete="shipping postal-code"
              required
            />
            <TextField<ProfileForm> name="address.city" label="Ort" autoComplete="shipping address-level2" required />
          </fieldset>
        )}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Speichern
        </Button>
      </form>
    </FormProvider>
  );
}

/**
 * /profil (spec §2): name and saved delivery address; links to the password change and
 * the order history; the data download and account deletion (DSGVO Art. 15, 17, 20).
 */
export function ProfilePage() {
  useSeo({ title: 'Mein Profil', robots: 'noindex, nofollow' });
  const { user } = useSession();
  return (
    <section className="shop-page account-page">
      <h1>Mein Profil</h1>
      <RequireLogin>
        {user && <ProfileEditor user={user} />}
        <p>
          <Link to="/passwort-aendern">Passwort ändern</Link> · <Link to="/meine-bestellungen">Meine Bestellungen</Link>
        </p>
        <MyData />
      </RequireLogin>
    </section>
  );
}
