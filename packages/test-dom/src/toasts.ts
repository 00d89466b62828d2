import type { ShopEventPayload } from '@shop/contracts';
import { on } from '@shop/event-bus';

/**
 * The toasts a screen asks the shell to show ('shell:toast'), recorded anew for each test. Call it
 * once at the top of a test file (it registers its own beforeEach and afterEach).
 */
export function recordToasts(): Array<ShopEventPayload<'shell:toast'>> {
  const toasts: Array<ShopEventPayload<'shell:toast'>> = [];
  let stop: (() => void) | undefined;
  beforeEach(() => {
    toasts.length = 0;
    stop = on('shell:toast', (toast) => toasts.push(toast));
  });
  afterEach(() => stop?.());
  return toasts;
}
