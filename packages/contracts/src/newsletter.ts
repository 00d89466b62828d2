import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Newsletter with double opt-in (spec §3 'Newsletter subscription: email, source (sent
 * as website)', §5 and §8 texts, §7 POST /api/newsletter/subscribe; legal-de.md §4.14).
 */

/**
 * What the sign-up says (title / description: a toast in the browser, a flash notice after the
 * form): spec §5 for an empty and an invalid address, §8 'Erfolgreich angemeldet!' and
 * 'Anmeldung fehlgeschlagen'.
 */
export const NEWSLETTER_SIGNUP_TEXTS = {
  empty: { title: 'E-Mail erforderlich', description: 'Bitte geben Sie eine E-Mail-Adresse ein.' },
  invalid: { title: 'Ungültige E-Mail', description: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
  subscribed: { title: 'Erfolgreich angemeldet!', description: 'Bitte bestätigen Sie Ihre Anmeldung per E-Mail.' },
  failed: { title: 'Anmeldung fehlgeschlagen', description: 'Bitte versuchen Sie es später erneut.' },
} as const;

/**
 * The consent text shown next to the form, with its version: a subscription records the version
 * it was given under (proof of consent). A changed text gets a new version.
 */
export const NEWSLETTER_CONSENT = {
  version: '2026-11-23',
  text: 'Ja, ich möchte den Newsletter mit Informationen zu Sortiment, Ratgebern und Lieferbarkeit per E-Mail erhalten (höchstens 2–3 E-Mails im Monat). Die Einwilligung kann ich jederzeit über den Abmeldelink in jeder E-Mail widerrufen.',
} as const;

/** `POST /api/newsletter/subscribe` (spec §7: email, source). */
export const NewsletterSubscribeBody = lazySchema(() =>
  z
    .object({
      email: z
        .string({ error: NEWSLETTER_SIGNUP_TEXTS.empty.description })
        .trim()
        .min(1, NEWSLETTER_SIGNUP_TEXTS.empty.description)
        .max(200, NEWSLETTER_SIGNUP_TEXTS.invalid.description)
        .toLowerCase()
        .pipe(z.email(NEWSLETTER_SIGNUP_TEXTS.invalid.description)),
      source: z.literal('website', { error: "source muss 'website' sein." }),
      /** The version of NEWSLETTER_CONSENT the form showed; the current one when omitted. */
      consentVersion: z.string().max(40).optional(),
    })
    .strict(),
);
export type NewsletterSubscribeBody = z.input<typeof NewsletterSubscribeBody>;

/** A confirmation or unsubscribe link's token (`POST /api/newsletter/confirm` and `/unsubscribe`). */
export const NewsletterTokenBody = lazySchema(() =>
  z
    .object({
      token: z.string({ error: 'Der Link ist unvollständig.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'Der Link ist unvollständig oder ungültig.'),
    })
    .strict(),
);
export type NewsletterTokenBody = z.input<typeof NewsletterTokenBody>;

/** Every newsletter answer: a German message for the shopper. */
export const NewsletterMessage = lazySchema(() => z.object({ message: z.string() }).strict());
