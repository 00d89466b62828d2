import { z } from 'zod';
import { personName } from './person-name';
import { OrderNumber } from './orders';
import { lazySchema } from './lazy-schema';

/** Contact form (spec §2 /kontakt; form validation 'not shown' in spec §5, designed here). */

/** What a message is about: the shop routes it by this. */
export const CONTACT_SUBJECTS = [
  'Frage zu einer Bestellung',
  'Frage zu einem Produkt',
  'Rücknahme alter Geräte',
  'Datenschutz',
  'Sonstiges',
] as const;

const text = (min: number, max: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(min, missing)
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'Bitte ohne Steuerzeichen.');

/** `POST /api/contact`. `homepage` is a honeypot: people never see it, so a value means a bot. */
export const ContactBody = lazySchema(() =>
  z
    .object({
      name: personName('Ihren Namen').refine((value) => value.length >= 2, 'Bitte geben Sie Ihren Namen ein.'),
      email: z
        .string({ error: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' })
        .trim()
        .min(1, 'Bitte geben Sie Ihre E-Mail-Adresse ein.')
        .max(200, 'Höchstens 200 Zeichen.')
        .toLowerCase()
        .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.')),
      orderNumber: z.union([z.literal(''), OrderNumber]).default(''),
      subject: z.enum(CONTACT_SUBJECTS, { error: 'Bitte wählen Sie ein Thema.' }),
      message: text(10, 5000, 'Bitte schreiben Sie uns Ihr Anliegen (mindestens 10 Zeichen).'),
      homepage: z.string().max(200).default(''),
    })
    .strict(),
);
export type ContactBody = z.input<typeof ContactBody>;

/** The answer: a German confirmation and the reference to quote in follow-ups. */
export const ContactReceipt = lazySchema(() => z.object({ message: z.string(), reference: z.string() }).strict());
export type ContactReceipt = z.infer<typeof ContactReceipt>;

/**
 * The outcome of the contact form sent without JavaScript (CONTACT_FORM_ACTIONS), with which the
 * server renders /kontakt once: refused, the entries typed (never the honeypot) and the German
 * errors by field (`form` for one about the whole message: a limit, a failure); sent, the receipt
 * the page shows instead of the form.
 */
export const ContactFormState = lazySchema(() =>
  z
    .object({
      values: z.object({ name: z.string(), email: z.string(), orderNumber: z.string(), subject: z.string(), message: z.string() }).strict(),
      errors: z.partialRecord(z.enum(['name', 'email', 'orderNumber', 'subject', 'message', 'form']), z.string()),
      receipt: ContactReceipt.nullable(),
    })
    .strict(),
);
export type ContactFormState = z.infer<typeof ContactFormState>;

/** `GET CONTACT_FORM_ACTIONS.outcome`: the contact form's outcome for this browser, or null. */
export const ContactFormOutcome = lazySchema(() => z.object({ state: ContactFormState.nullable() }).strict());
export type ContactFormOutcome = z.infer<typeof ContactFormOutcome>;
