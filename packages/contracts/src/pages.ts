import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Information and legal pages of the content service: /versand, /rueckgabe,
 * /impressum, /datenschutz, /agb, /jugendschutz, /ueber-uns, /widerrufsbelehrung,
 * /batterie-hinweise, /barrierefreiheit. `version` is the text's version (an order keeps the
 * versions of the terms it was placed under).
 */
export const INFORMATION_PAGE_SLUGS = [
  'impressum',
  'versand',
  'rueckgabe',
  'widerrufsbelehrung',
  'agb',
  'datenschutz',
  'jugendschutz',
  'batterie-hinweise',
  'barrierefreiheit',
  'ueber-uns',
] as const;
export const InformationPageSlug = lazySchema(() => z.enum(INFORMATION_PAGE_SLUGS, { error: 'Unbekannte Seite.' }));
export type InformationPageSlug = z.infer<typeof InformationPageSlug>;

/** Where staff-made pages are shown (/admin/content/simple-new): `/seite/{slug}`. */
export const CUSTOM_PAGE_PATH = '/seite';

/** The slug of any page in `GET /api/pages/{slug}`: a fixed page's or a staff-made page's. */
export const PageSlug = lazySchema(() =>
  z
    .string()
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Unbekannte Seite.'),
);

/** Where a page is shown: '/impressum' for a fixed page, '/seite/{slug}' for a staff-made one. */
export const pagePath = (slug: string, custom: boolean) => (custom ? `${CUSTOM_PAGE_PATH}/${slug}` : `/${slug}`);

/** `GET /api/pages/{slug}`: the page as sanitised HTML with the address it is shown at. */
export const InformationPage = lazySchema(() =>
  z
    .object({
      slug: z.string(),
      path: z.string(),
      title: z.string(),
      description: z.string(),
      version: z.string(),
      html: z.string(),
      /** True while operator details are missing (development): the page shows marked placeholders. */
      incomplete: z.boolean(),
    })
    .strict(),
);
export type InformationPage = z.infer<typeof InformationPage>;

/** `GET /internal/legal-versions`: the current versions of the texts an order refers to. */
export const LegalVersions = lazySchema(() => z.object({ terms: z.string(), withdrawal: z.string(), privacy: z.string() }).strict());
export type LegalVersions = z.infer<typeof LegalVersions>;

/** The page of each legal text an order refers to (LegalVersions' keys). */
export const LEGAL_TEXT_SLUGS = { terms: 'agb', withdrawal: 'widerrufsbelehrung', privacy: 'datenschutz' } as const;
export const LegalTextSlug = lazySchema(() => z.enum(Object.values(LEGAL_TEXT_SLUGS)));
export type LegalTextSlug = z.infer<typeof LegalTextSlug>;

/**
 * `GET /internal/legal-texts/{slug}?version=` (content service): one legal text exactly as it was
 * published under `version` (an order's LegalVersions), as sanitised HTML with the operator's
 * details filled in. The order confirmation attaches it (§ 312f Abs. 2 BGB, § 312i Abs. 1 Nr. 4 BGB).
 */
export const LegalText = lazySchema(() =>
  z.object({ slug: LegalTextSlug, title: z.string(), version: z.string(), html: z.string() }).strict(),
);
export type LegalText = z.infer<typeof LegalText>;

/**
 * `GET /internal/seller-details` (content service, from the operator settings): who sells, as an
 * invoice names the seller (§ 14 Abs. 4 UStG, ElektroG § 6 WEEE number). In
 * development a missing setting comes as a marked placeholder ('==[… fehlt: OPERATOR_… setzen]==').
 */
export const SellerDetails = lazySchema(() =>
  z
    .object({
      company: z.string(),
      street: z.string(),
      postalCode: z.string(),
      city: z.string(),
      representative: z.string(),
      register: z.string(),
      vatId: z.string(),
      email: z.string(),
      phone: z.string(),
      weeeNumber: z.string(),
    })
    .strict(),
);
export type SellerDetails = z.infer<typeof SellerDetails>;

/**
 * How the content service marks an operator detail that is not configured (development only:
 * production refuses to start without them), e.g. '==[Firmenname mit Rechtsform fehlt:
 * OPERATOR_COMPANY setzen]=='. Group 1 is the text between the brackets.
 */
export const MISSING_OPERATOR_DETAIL = /==\[([^\]]+)\]==/g;
