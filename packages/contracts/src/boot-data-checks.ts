import { arrayOf, boolean, CheckError, nullable, object, oneOf, string, type Check } from './checks';
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
/** Whether the URL parser takes `text` (`new URL`: `URL.canParse` is missing in Safari before 17). */
const parsesAsUrl = (text: string) => {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
};
/** zod's `z.string().url()`: trimmed, parsed by the URL parser, tabs and line breaks removed. */
const url: Check<string> = (value, at = '') => {
  const text = string()(value, at).trim();
  if (!parsesAsUrl(text)) throw new CheckError(at, 'a URL');
  return text.replace(/[\t\n\r]/g, '');
};
/** zod's `z.string().datetime()`: an ISO 8601 instant in UTC ('Z') with seconds, fractions optional, a real calendar day and time. */
const DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))`;
const INSTANT = new RegExp(String.raw`^${DATE}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$`);
const isoInstant = string({ rule: { test: (text) => INSTANT.test(text), name: 'an ISO 8601 instant' } });

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
