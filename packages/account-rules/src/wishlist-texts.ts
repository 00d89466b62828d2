/**
 * What the shopper reads about a wishlist change, in the browser (toasts) and after a form the
 * account service answered (flash notice). Spec §8: 'Wishlist 401' and "other wishlist errors
 * 'Fehler'"; the texts of an added and a removed product are not shown in the spec, so they say
 * what happened in the words of the heart's own label.
 */
export const WISHLIST_TEXTS = {
  loginRequired: { title: 'Anmeldung erforderlich', text: 'Bitte melden Sie sich an, um Produkte zur Wunschliste hinzuzufügen.' },
  added: 'Zur Wunschliste hinzugefügt',
  removed: 'Von der Wunschliste entfernt',
  failed: 'Fehler',
  /** The reason of a failure the service did not explain (5xx, unreachable). */
  tryAgain: 'Bitte versuchen Sie es erneut.',
  /** The next step a notice offers. */
  toWishlist: { href: '/wunschliste', label: 'Zur Wunschliste' },
} as const;
