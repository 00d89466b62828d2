import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { PRESENTATION_MODES, REMOTE_NAMES } from './slice-names';

/** The slices that own a remote and a service (docs/architecture.md): one of REMOTE_NAMES. */
export const RemoteName = lazySchema(() => z.enum(REMOTE_NAMES));
export type RemoteName = z.infer<typeof RemoteName>;

/**
 * `/remotes.json`, written by the gateway from its configuration at deploy time.
 * `entry` is the URL of the remote's `mf-manifest.json` (absolute, or a path on the gateway).
 */
export const RemotesManifest = lazySchema(() =>
  z
    .object({
      remotes: z.array(z.object({ name: RemoteName, entry: z.string().min(1) }).strict()),
    })
    .strict(),
);
export type RemotesManifest = z.infer<typeof RemotesManifest>;

/**
 * How the storefront presents the range (§ 19 TabakerzG, legal-de.md 2.4–2.7), set by
 * an admin in the back office ('Shop-Einstellungen'): 'marketing' is the spec's version (offer
 * banners, SALE tags, reductions, popularity, the public newsletter sign-up); 'factual' replaces
 * them across every remote with factual equivalents (range, prices, technical data, delivery
 * and age-check facts). Which one a shop may use is the operator's lawyer's decision
 * (docs/decisions/factual-presentation-mode.md).
 */
export const PresentationMode = lazySchema(() => z.enum(PRESENTATION_MODES));
export type PresentationMode = z.infer<typeof PresentationMode>;

/**
 * What the content service keeps of the storefront's settings (`GET /internal/storefront-settings`,
 * read by the gateway, the catalog and the cart): the presentation mode (§ 19 TabakerzG) and
 * whether reviews from verified buyers are shown and invited (§ 5b UWG; off unless the operator
 * switches them on).
 */
export const StorefrontSettings = lazySchema(() => z.object({ presentationMode: PresentationMode, reviewsEnabled: z.boolean() }).strict());
export type StorefrontSettings = z.infer<typeof StorefrontSettings>;

/**
 * The storefront settings wherever they cannot be read (the content service never answered):
 * the cautious choice of each, the factual presentation (§ 19 TabakerzG: the lawful side when
 * nothing says otherwise) and no reviews (shown only when the operator switched them on).
 */
export const CAUTIOUS_STOREFRONT_SETTINGS: StorefrontSettings = { presentationMode: 'factual', reviewsEnabled: false };

/**
 * `/shop-config.json` and the boot data of every page: runtime settings of the storefront, from
 * the gateway's environment, plus the storefront settings staff keep in the back office
 * (`presentationMode`, `reviewsEnabled`, read from the content service, at most 2 s old).
 * `environment` 'development' makes every page `noindex` (spec §2 'Other').
 * Certificate links are optional: a trust badge is only shown when its link is configured.
 */
export const ShopConfig = lazySchema(() =>
  z
    .object({
      environment: z.enum(['production', 'development']),
      shopName: z.string(),
      contactEmail: z.string().email(),
      contactAddress: z.array(z.string()),
      publicOrigin: z.string().url(),
      trustedShopsUrl: z.string().url().nullable(),
      tuevCertificateUrl: z.string().url().nullable(),
      presentationMode: PresentationMode,
      /** Reviews from verified buyers are shown (ratings, review lists, the review form). */
      reviewsEnabled: z.boolean(),
      /**
       * When the gateway made this configuration for the page (ISO 8601 instant): what the page
       * says about 'now' (the footer's copyright year) is the same in the server's HTML and in the
       * browser's hydration, whatever the visitor's clock says.
       */
      renderedAt: z.string().datetime(),
    })
    .strict(),
);
export type ShopConfig = z.infer<typeof ShopConfig>;
