import { SHOP_EVENT_CHECKS, type ShopEventDetail, type ShopEventName, type ShopEventPayload } from '@shop/contracts';
import { checked } from './checked';

/**
 * Typed browser event bus: `CustomEvent`s on `window`, names from `ShopEvents` in
 * @shop/contracts. Payloads are validated when emitted (a bad payload throws at the sender,
 * where the bug is) and again when received (a listener never sees a malformed detail,
 * even from a remote built against an older contract), by the contracts' zod-free checks
 * (SHOP_EVENT_CHECKS, SHOP_REQUEST_CHECKS: the bus works on a page's first load, which carries no
 * zod).
 */

/**
 * Emits an event. Returns the validated detail.
 * @throws CheckError when the payload does not match the event's contract.
 */
export function emit<N extends ShopEventName>(name: N, payload: ShopEventPayload<N>): ShopEventDetail<N> {
  const detail = SHOP_EVENT_CHECKS[name](payload);
  window.dispatchEvent(new CustomEvent(name, { detail }));
  return detail;
}

/** Subscribes to an event; returns the unsubscribe function. Invalid details are dropped with a warning. */
export function on<N extends ShopEventName>(name: N, handler: (detail: ShopEventDetail<N>) => void): () => void {
  const listener = (event: Event) => {
    const parsed = checked(SHOP_EVENT_CHECKS[name], (event as CustomEvent).detail);
    if (!parsed.ok) {
      console.warn(`event-bus: dropped malformed '${name}' event`, parsed.error.message);
      return;
    }
    handler(parsed.value);
  };
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
export * from './request';
