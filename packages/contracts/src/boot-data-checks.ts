import { arrayOf, boolean, nullable, object, oneOf, string, type Check } from './checks';
import type { EntryState } from './entry-state';
import { PRESENTATION_MODES, REMOTE_NAMES } from './slice-names';
import type { RemotesManifest, ShopConfig } from './slices';
import { safeReturnPath } from './storefront-forms';

/**
 * The shell's checks of the boot data the gateway inlines into every page (RemotesManifest and
 * ShopConfig of slices.ts, EntryState of entry-state.ts), free of zod: read on the first load of
 * every page (checks.ts; held equal to the schemas by checks-agree.test.ts).
 */

/** zod's `z.email()` pattern (its default, 'html5'-like: one '@', a dotted domain). */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const email = string({ rule: { test: (text) => EMAIL.test(text), name: 'an e-mail address' } });
const url = string({ rule: { test: (text) => URL.canParse(text), name: 'a URL' } });
/** zod's `z.string().datetime()`: ISO 8601 in UTC ('Z'), seconds and fractions optional. */
const isoInstant = string({
  rule: { test: (text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/.test(text), name: 'an ISO 8601 instant' },
});

export const checkRemotesManifest: Check<RemotesManifest> = object(
  { remotes: arrayOf(object({ name: oneOf(REMOTE_NAMES), entry: string({ min: 1 }) }, 'strict')) },
  'strict',
);

export const checkShopConfig: Check<ShopConfig> = object(
  {
    environment: oneOf(['production', 'development']),
    shopName: string(),
    contactEmail: email,
    contactAddress: arrayOf(string()),
    publicOrigin: url,
    trustedShopsUrl: nullable(url),
    tuevCertificateUrl: nullable(url),
    presentationMode: oneOf(PRESENTATION_MODES),
    reviewsEnabled: boolean,
    renderedAt: isoInstant,
  },
  'strict',
);

const flashNotice = object(
  {
    tone: oneOf(['success', 'error']),
    title: string({ min: 1, max: 120 }),
    text: string({ max: 400 }),
    link: nullable(
      object(
        {
          href: string({ rule: { test: (href) => safeReturnPath(href, '') === href, name: 'lokaler Pfad' } }),
          label: string({ min: 1, max: 60 }),
        },
        'strip',
      ),
    ),
  },
  'strip',
);

export const checkEntryState: Check<EntryState> = object(
  {
    ageGate: oneOf(['open', 'denied', 'passed']),
    cookieBanner: boolean,
    flash: nullable(flashNotice),
    visitor: object({ session: boolean, cart: boolean }, 'strip'),
  },
  'strip',
);
