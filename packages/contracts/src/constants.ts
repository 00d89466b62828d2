/** Business constants of spec §9 shared by several slices. Money in cents. */
export const FREE_SHIPPING_MIN_ITEMS = 4;
export const SHIPPING_COST_CENTS = 499;
export const VAT_RATE_PERCENT = 19;
export const AGE_THRESHOLD_YEARS = 18;
/** Default toast duration in ms (spec §9 'Toasts'). */
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** Default target of 'continue shopping' (spec §2 'Other'). */
export const DEFAULT_CONTINUE_SHOPPING_PATH = '/randm-tornado-vape-alle-produkte';
