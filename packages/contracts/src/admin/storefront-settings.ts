import { z } from 'zod';
import { PresentationMode } from '../slices';
import { lazySchema } from '../lazy-schema';

/**
 * `GET/PUT /api/admin/settings/storefront` (content service, permission `settings:write`):
 * the storefront settings with the `version` staff send back with a change (409 when
 * outdated), when and by whom they were last changed (null: never, the deployment's default).
 */
export const AdminStorefrontSettings = lazySchema(() =>
  z
    .object({
      presentationMode: PresentationMode,
      reviewsEnabled: z.boolean(),
      version: z.number().int().min(0),
      updatedAt: z.string().nullable(),
    })
    .strict(),
);
export type AdminStorefrontSettings = z.infer<typeof AdminStorefrontSettings>;

/** A change of the storefront settings, made on `version`. */
export const StorefrontSettingsChange = lazySchema(() =>
  z
    .object({
      version: z.number().int().min(0),
      presentationMode: PresentationMode,
      reviewsEnabled: z.boolean(),
    })
    .strict(),
);
export type StorefrontSettingsChange = z.infer<typeof StorefrontSettingsChange>;
