import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { safeReturnPath } from './storefront-forms';

/** The German answer to a form, shown on the page it led to (JavaScript off or not yet loaded). */
export const FlashNotice = lazySchema(() =>
  z.object({
    tone: z.enum(['success', 'error']),
    title: z.string().min(1).max(120),
    text: z.string().max(400),
    /** A next step, e.g. 'Zum Warenkorb' after an add. */
    link: z
      .object({ href: z.string().refine((href) => safeReturnPath(href, '') === href, 'lokaler Pfad'), label: z.string().min(1).max(60) })
      .nullable(),
  }),
);
export type FlashNotice = z.infer<typeof FlashNotice>;

/** The flash cookie's value (URI-encoded JSON: cookie-safe, no `;` `,` or spaces). */
export const encodeFlash = (notice: FlashNotice): string => encodeURIComponent(JSON.stringify(FlashNotice.parse(notice)));

/** The notice in a flash cookie's value; null when absent or not one (a cookie the visitor edited). */
export function decodeFlash(value: string | undefined): FlashNotice | null {
  if (!value) return null;
  try {
    const parsed = FlashNotice.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * What the first screen shows of the entry, decided by the gateway from the request (cookies,
 * User-Agent) and rendered alike by the server and the hydrating browser (it travels in the boot
 * data): the age gate open, its denial screen, or passed (confirmed, or a crawler: spec §4); the
 * cookie banner; the flash notice of the form that led here; and which of the visitor's records
 * the request had a cookie for.
 */
export const EntryState = lazySchema(() =>
  z.object({
    ageGate: z.enum(['open', 'denied', 'passed']),
    cookieBanner: z.boolean(),
    flash: FlashNotice.nullable(),
    /**
     * Whether the request carried the visitor's session cookie and guest cart cookie (present, not
     * checked): the shell mounts the personal header widgets with the page only for a visitor who
     * has a session or a cart (VisitorCookies and mountsWithPage of @shop/routes).
     */
    visitor: z.object({ session: z.boolean(), cart: z.boolean() }),
  }),
);
export type EntryState = z.infer<typeof EntryState>;
