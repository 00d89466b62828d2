/**
 * The German texts of the cart's actions (spec §8 toasts), the same whether the cart remote shows
 * them as a toast or the cart service puts them on the next page after a form (no JavaScript).
 */

/** Titles of failed cart actions. */
export const CART_ACTION_FAILED = {
  add: 'Produkt konnte nicht hinzugefügt werden',
  update: 'Menge konnte nicht aktualisiert werden',
  remove: 'Artikel konnte nicht entfernt werden',
  clear: 'Warenkorb konnte nicht geleert werden',
  reorder: 'Erneut bestellen hat nicht geklappt',
} as const;

/** Titles and texts of cart actions that worked. */
export const CART_ACTION_DONE = {
  /** The product page's toast (spec §8): 'Zum Warenkorb hinzugefügt' / '{name} wurde hinzugefügt.' */
  added: (productName: string) => ({ title: 'Zum Warenkorb hinzugefügt', text: `${productName} wurde hinzugefügt.` }),
  removed: { title: 'Artikel entfernt', text: 'Das Produkt wurde aus dem Warenkorb entfernt.' },
  cleared: { title: 'Warenkorb geleert', text: '' },
  promoApplied: { title: 'Gutscheincode angewendet!' },
  promoRemoved: { title: 'Gutscheincode entfernt', text: '' },
} as const;

/** Titles of a rejected promo code: unknown or not applicable, and too many unknown codes (429). */
export const PROMO_REJECTED = { invalid: 'Ungültiger Code', tooManyAttempts: 'Zu viele Versuche' } as const;

/** When the cart service cannot be reached or failed unexpectedly. */
export const CART_UNREACHABLE = 'Der Warenkorb ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.';
