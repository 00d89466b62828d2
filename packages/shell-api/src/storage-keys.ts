/**
 * Browser storage keys (spec §3 'Browser storage'), prefixed by the owning slice
 * (docs/architecture.md). Values are documented next to each key. The age flag and the cookie
 * choice are first of all cookies, so the server renders the first screen without the gate or
 * the banner (STOREFRONT_COOKIES of @shop/contracts); the keys here keep them where a browser
 * stores no cookie of ours (a frame on another site).
 */
export const STORAGE_KEYS = {
  /** sessionStorage, 'true' once the visitor confirmed being 18+ (spec §4 'Age gate'). */
  ageVerified: 'shell:age-verified',
  /** localStorage, 'true' (accepted) or 'rejected' (spec §4 'Cookie banner'). */
  cookieConsent: 'shell:cookie-consent',
  /** localStorage, path of the last listing page (spec §2 'Other'). */
  continueShopping: 'shell:continue-shopping',
} as const;
