import type { ShopEventPayload } from '@shop/contracts';
import { emit } from '@shop/event-bus';

/** Asks the shell to show a toast (one at a time; default 5 s, spec §9 'Toasts'). */
export function showToast(toast: ShopEventPayload<'shell:toast'>): void {
  emit('shell:toast', toast);
}
