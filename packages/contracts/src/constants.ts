/** Business constants of spec §9 shared by several slices. Money in cents. */
export const FREE_SHIPPING_MIN_ITEMS = 4;
export const SHIPPING_COST_CENTS = 499;
export const VAT_RATE_PERCENT = 19;
export const AGE_THRESHOLD_YEARS = 18;
/** Most of one product in one cart line. */
export const MAX_LINE_QUANTITY = 99;
/** Default toast duration in ms (spec §9 'Toasts'). */
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** Default target of 'continue shopping' (spec §2 'Other'). */
export const DEFAULT_CONTINUE_SHOPPING_PATH = '/randm-tornado-vape-alle-produkte';
/**
 * The delivery promise, one text for every place that names it (top bar, home, product page,
 * side cart, meta descriptions, thank-you page, confirmation e-mail, shipping page, AGB):
 * spec §1 'dispatch within 24h, delivery in 1-3 working days by a parcel carrier', counted from
 * the receipt of payment, since prepayment is the method always offered
 * (docs/decisions/cash-on-delivery-beside-prepayment.md), and a delivery time must say when it
 * starts (Art. 246a § 1 Abs. 1 Nr. 7 EGBGB).
 */
export const DELIVERY_PROMISE = 'Versand werktags innerhalb von 24 Stunden nach Zahlungseingang, Zustellung in 1–3 Werktagen';

/** The delivery promise of an order paid on delivery (Nachnahme): counted from the order, as nothing is paid before. */
export const COD_DELIVERY_PROMISE = 'Versand werktags innerhalb von 24 Stunden nach Bestellung, Zustellung in 1–3 Werktagen';

/** The delivery promise that applies to an order paid with `method` ('prepayment' | 'cod'). */
export const deliveryPromiseFor = (method: string) => (method === 'cod' ? COD_DELIVERY_PROMISE : DELIVERY_PROMISE);
