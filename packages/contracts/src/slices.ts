import { z } from 'zod';

/** The slices that own a remote and a service (docs/architecture.md). */
export const RemoteName = z.enum(['catalog', 'cart', 'account', 'content', 'admin']);
export type RemoteName = z.infer<typeof RemoteName>;
export const REMOTE_NAMES = RemoteName.options;

/**
 * `/remotes.json`, written by the gateway from its configuration at deploy time.
 * `entry` is the URL of the remote's `mf-manifest.json` (absolute, or a path on the gateway).
 */
export const RemotesManifest = z
  .object({
    remotes: z.array(z.object({ name: RemoteName, entry: z.string().min(1) }).strict()),
  })
  .strict();
export type RemotesManifest = z.infer<typeof RemotesManifest>;

/**
 * `/shop-config.json`: runtime settings of the storefront, from the gateway's environment.
 * `environment` 'development' makes every page `noindex` (spec §2 'Other').
 * Certificate links are optional: a trust badge is only shown when its link is configured.
 */
export const ShopConfig = z
  .object({
    environment: z.enum(['production', 'development']),
    shopName: z.string(),
    contactEmail: z.string().email(),
    contactAddress: z.array(z.string()),
    publicOrigin: z.string().url(),
    trustedShopsUrl: z.string().url().nullable(),
    tuevCertificateUrl: z.string().url().nullable(),
  })
  .strict();
export type ShopConfig = z.infer<typeof ShopConfig>;
