import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliveryOptions } from '@shop/contracts';
import { centsToDecimal } from '@shop/format';
import type { ShippingSettingsStore } from './shipping-settings';

/**
 * `GET /api/checkout/delivery` (public, contracts DeliveryOptions): the age check DHL performs at
 * the door under the operator's shipping settings and the cash-on-delivery offer (fee and limit in
 * EUR, or null when off). The cart and the checkout name both before the order (§ 312j Abs. 1 BGB,
 * legal-de.md §1.8; § 312a Abs. 4 BGB for the fee). One read of the
 * settings document by `_id`; every instance reads the same document, so a change applies to all
 * at once.
 */
export const deliveryCheckRoutes: FastifyPluginAsyncZod<{ settings: ShippingSettingsStore }> = async (app, { settings }) => {
  app.get(
    '/api/checkout/delivery',
    {
      schema: {
        summary: 'Which age check DHL performs at the door, and whether cash on delivery is offered (the operator’s shipping settings)',
        response: { 200: DeliveryOptions },
      },
    },
    async () => {
      const { ageCheck, cashOnDelivery } = await settings.read();
      return {
        ageCheck,
        cashOnDelivery: cashOnDelivery.enabled
          ? { fee: centsToDecimal(cashOnDelivery.feeCents), maxTotal: centsToDecimal(cashOnDelivery.maxTotalCents) }
          : null,
      };
    },
  );
};
