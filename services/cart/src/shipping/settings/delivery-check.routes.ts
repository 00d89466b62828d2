import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliveryAgeCheck } from '@shop/contracts';
import type { ShippingSettingsStore } from './shipping-settings';

/**
 * `GET /api/checkout/delivery` (public): the age check DHL performs at the door under the
 * operator's shipping settings, `{ ageCheck: 'identCheck' | 'visualCheckOfAge' }`. The cart and the
 * checkout name it before the order (§ 312j Abs. 1 BGB, legal-de.md §1.8). One read of the
 * settings document by `_id`; every instance reads the same document, so a change applies to all
 * at once.
 */
export const deliveryCheckRoutes: FastifyPluginAsyncZod<{ settings: ShippingSettingsStore }> = async (app, { settings }) => {
  app.get(
    '/api/checkout/delivery',
    {
      schema: {
        summary: 'Which age check DHL performs at the door (the operator’s shipping setting)',
        response: { 200: DeliveryAgeCheck },
      },
    },
    async () => ({ ageCheck: (await settings.read()).ageCheck }),
  );
};
