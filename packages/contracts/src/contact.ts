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
