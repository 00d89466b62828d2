import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { errorText } from '@shop/api-client';
import { CONTACT_FORM_ACTIONS, CONTACT_SUBJECTS, ContactBody, type ContactFormState, type ContactReceipt } from '@shop/contracts';
import { Breadcrumb, Button, Notice } from '@shop/ui';
import { applyServerIssues, fieldErrorsOf, FormField, TextField } from '@shop/ui/form';
import { showToast, useSeo, useShopConfig } from '@shop/shell-api';
import { useServerOutcome } from '@shop/shell-api/server-outcome';
import { contactApi, contactFormKey } from '../../api/contact-api';

type ContactForm = ContactBody;
const FIELDS = { name: 'name', email: 'email', orderNumber: 'orderNumber', subject: 'subject', message: 'message' } as const;
const DEFAULTS: ContactForm = { name: '', email: '', orderNumber: '', subject: CONTACT_SUBJECTS[0], message: '', homepage: '' };

/** The entries a refused form sent without JavaScript comes back with (a topic not in the list: the first). */
function entriesOf(server: ContactFormState | null): ContactForm {
  if (!server || server.receipt) return DEFAULTS;
  const { subject, ...values } = server.values;
  const known = CONTACT_SUBJECTS.find((choice) => choice === subject);
  return { ...DEFAULTS, ...values, subject: known ?? CONTACT_SUBJECTS[0] };
}

/**
 * /kontakt (spec §2): name, e-mail, optional order number, topic and message, with
 * German errors at the fields; then a confirmation with the message's reference. A hidden
 * honeypot field and a per-IP limit keep spam out (no CAPTCHA: accessibility). Forms first
 * (docs/decisions/forms-first.md): without JavaScript (or before it has loaded) the content
 * service answers the form (CONTACT_FORM_ACTIONS) and the server renders this page with the
 * outcome: the entries typed with the same German errors at their fields (a limit above the
 * form), or the confirmation.
 */
export function ContactPage() {
  useSeo({
    title: 'Kontakt',
    description: 'Schreiben Sie uns: Fragen zu Bestellungen, Produkten, Rücknahme und Datenschutz.',
    canonical: '/kontakt',
  });
  const { contactEmail } = useShopConfig();
  const server = useServerOutcome<ContactFormState>(contactFormKey, () => contactApi.formOutcome());
  const [receipt, setReceipt] = useState<ContactReceipt | null>(server?.receipt ?? null);
  const [initial] = useState(() => entriesOf(server));
  const [serverErrors] = useState(() => fieldErrorsOf<ContactForm>(server?.errors));
  const [refused, setRefused] = useState<string | null>(server?.errors.form ?? null);
  const form = useForm<ContactForm>({ defaultValues: initial, errors: serverErrors, resolver: zodResolver(ContactBody) });
  const subjectError = form.formState.errors.subject?.message;
  const submit = form.handleSubmit(async (values) => {
    setRefused(null);
    try {
      setReceipt(await contactApi.send(values));
    } catch (error) {
      if (!applyServerIssues(form, error, FIELDS)) {
        const description = errorText(error, 'Bitte versuchen Sie es später erneut.');
        showToast({ title: 'Nachricht nicht gesendet', description, variant: 'destructive' });
      }
    }
  });
  return (
    <section className="shop-page content-page">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: 'Kontakt' }]}
        renderLink={({ label, href }) => <Link to={href}>{label}</Link>}
      />
      <h1>Kontakt</h1>
      {receipt ? (
        <Notice role="status">
          <strong>{receipt.message}</strong> Ihre Vorgangsnummer: <span data-testid="contact-reference">{receipt.reference}</span>
        </Notice>
      ) : (
        <>
          <p>
            Schreiben Sie uns über dieses Formular oder per E-Mail an <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. Einen Vertrag
            widerrufen Sie am schnellsten über <Link to="/vertrag-widerrufen">Vertrag widerrufen</Link>.
          </p>
          <FormProvider {...form}>
            {/* A form the content service answers too: before hydration and without JavaScript (docs/decisions/forms-first.md). */}
            <form
              className="content-contact"
              method="post"
              action={CONTACT_FORM_ACTIONS.send}
              noValidate
              onSubmit={(event) => void submit(event)}
            >
              {refused && (
                <Notice tone="warning" role="alert">
                  <strong>Nachricht nicht gesendet:</strong> {refused}
                </Notice>
              )}
              <TextField<ContactForm> name="name" label="Name" autoComplete="name" defaultValue={initial.name} required />
              <TextField<ContactForm>
                name="email"
                label="E-Mail-Adresse"
                type="email"
                inputMode="email"
                autoComplete="email"
                defaultValue={initial.email}
                required
              />
              <TextField<ContactForm>
                name="orderNumber"
                label="Bestellnummer (optional)"
                hint="z. B. RT-2026-K7M2QX9P"
                autoComplete="off"
                defaultValue={initial.orderNumber}
              />
              <FormField label="Thema" error={subjectError}>
                {(control) => (
                  <select {...control} defaultValue={initial.subject} {...form.register('subject')}>
                    {CONTACT_SUBJECTS.map((subject) => (
                      <option key={subject}>{subject}</option>
                    ))}
                  </select>
                )}
              </FormField>
              <TextField<ContactForm> name="message" label="Ihre Nachricht" multiline defaultValue={initial.message} required />
              {/* Honeypot: hidden from people and assistive technology; bots fill every field. */}
              <div className="content-contact__trap" aria-hidden="true">
                <label htmlFor="contact-homepage">Homepage</label>
                <input id="contact-homepage" tabIndex={-1} autoComplete="off" {...form.register('homepage')} />
              </div>
              <p className="content-contact__privacy">
                Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten (<Link to="/datenschutz">Datenschutzerklärung</Link>).
              </p>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Wird gesendet…' : 'Nachricht senden'}
              </Button>
            </form>
          </FormProvider>
        </>
      )}
    </section>
  );
}
