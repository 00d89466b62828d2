import { ShopEvents, type ShopEventDetail, type ShopEventName, type ShopEventPayload } from '@shop/contracts';

/**
 * Typed browser event bus: `CustomEvent`s on `window`, names from `ShopEvents` in
 * @shop/contracts. Payloads are validated when emitted (a bad payload throws at the sender,
 * where the bug is) and again when received (a listener never sees a malformed detail,
 * even from a remote built against an older contract).
 */

/**
 * Emits an event. Returns the validated detail.
 * @throws ZodError when the payload does not match the event's schema.
 */
export function emit<N extends ShopEventName>(name: N, payload: ShopEventPayload<N>): ShopEventDetail<N> {
  const detail = ShopEvents[name].parse(payload) as ShopEventDetail<N>;
  window.dispatchEvent(new CustomEvent(name, { detail }));
  return detail;
}

/** Subscribes to an event; returns the unsubscribe function. Invalid details are dropped with a warning. */
export function on<N extends ShopEventName>(name: N, handler: (detail: ShopEventDetail<N>) => void): () => void {
  const listener = (event: Event) => {
    const parsed = ShopEvents[name].safeParse((event as CustomEvent).detail);
    if (!parsed.success) {
      console.warn(`event-bus: dropped malformed '${name}' event`, parsed.error.issues);
      return;
    }
    handler(parsed.data as ShopEventDetail<N>);
  };
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
export * from './request';
