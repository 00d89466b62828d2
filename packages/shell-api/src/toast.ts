import type { ShopEventPayload } from '@shop/contracts';
import { emit } from '@shop/event-bus';

/** Asks the shell to show a toast (one at a time; default 5 s, spec §9 'Toasts'). */
export function showToast(toast: ShopEventPayload<'shell:toast'>): void {
  emit('shell:toast', toast);
}

/**
 * Spread on an element inside a modal dialog where the shell shows toasts in the flow while the
 * dialog is open (the side cart, under its heading), so a toast covers none of its buttons
 *. A dialog without one gets the toast as a popover above its content.
 */
export const TOAST_SLOT_PROPS = { 'data-toast-slot': '' } as const;

/**
 * Spread on a bar that a page keeps at the bottom of the screen (the phone cart page's total and
 * 'Zur Kasse'): toasts appear above it instead of over it.
 */
export const BOTTOM_BAR_PROPS = { 'data-shop-bottom-bar': '' } as const;
