import { shopCounter } from '@shop/service-kit';

/**
 * `shop_dhl_tracking_calls_total{outcome}`: calls to DHL's shipment tracking by the delivery
 * tracking job: `answered`, `rate_limited` (429: the job pauses), `failed` (DHL down, slow,
 * credentials refused, an unreadable answer: the job run fails and alerts as any job does).
 */
export const trackingCalls = shopCounter({
  name: 'shop_dhl_tracking_calls_total',
  help: "Calls to DHL's shipment tracking, by outcome (answered, rate_limited, failed).",
  labelNames: ['outcome'] as const,
});

/**
 * `shop_dhl_tracking_findings_total{finding}`: what tracking changed on orders: `delivered`, and the
 * delivery issues `failed_attempt`, `refused`, `held_for_collection`, `returned`, `wrong_handover`.
 */
export const trackingFindings = shopCounter({
  name: 'shop_dhl_tracking_findings_total',
  help: 'Orders changed by DHL tracking: delivered, or a delivery issue by kind.',
  labelNames: ['finding'] as const,
});
