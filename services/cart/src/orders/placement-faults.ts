import type { FastifyBaseLogger } from 'fastify';

/**
 * The steps of an order placement where the fault tests stop the process (FAULT_INJECTION, off
 * and refused in production: config.ts): the order's outcome must be the same whichever step the
 * process dies after (faults/shop-faults.test.ts).
 */
export const PLACEMENT_FAULT_POINTS = ['after-cart-claim', 'after-order-insert', 'after-stock-reservation', 'before-email'] as const;
export type PlacementFaultPoint = (typeof PLACEMENT_FAULT_POINTS)[number];

/** Kills this process at once (SIGKILL, as a crash) when the placement reached `crashAt`. */
export function stopAtFaultPoint(point: PlacementFaultPoint, crashAt: PlacementFaultPoint | undefined, log: FastifyBaseLogger): void {
  if (crashAt !== point) return;
  log.warn({ point }, 'fault injection: stopping the process now');
  process.kill(process.pid, 'SIGKILL');
}
