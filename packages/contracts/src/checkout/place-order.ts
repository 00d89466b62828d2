import { z } from 'zod';
import { DecimalAmount } from '../catalog';
import { Address, IsoDate, IdCardAgeVerificationInput, ShippingMethodId, PaymentMethodId } from '../orders';
import { isParcelLockerAddress, PARCEL_LOCKER_MESSAGE } from './parcel-locker';
import { lazySchema } from '../lazy-schema';
import { DhlAgeCheckService } from '../delivery';

/**
 * `POST /api/orders` body (header `Idempotency-Key` required). `shippingAddress` null means
 * delivery to the billing address. `expectedTotal` (required) is the total the shopper
 * saw on the review step; when the server's total differs the order is refused (409) instead of
 * charging another amount. `expectedAgeCheck` is the age check at the door the review step named
 * (GET /api/checkout/delivery); when the operator's setting differs at placement the order is
 * refused (409) instead of booking a check the buyer was not told of (§ 312j Abs. 1 BGB). Omitted
 * when the page could not read it: the order then records the setting in force, which the
 * thank-you page and the confirmation name.
 */
export const PlaceOrderBody = lazySchema(() =>
  z
    .object({
      email: z.string().trim().toLowerCase().email('Bitte geben Sie eine gültige E-Mail-Adresse ein.').max(200),
      billingAddress: Address,
      shippingAddress: Address.nullable(),
      birthDate: IsoDate,
      ageVerification: IdCardAgeVerificationInput,
      shippingMethod: ShippingMethodId,
      paymentMethod: PaymentMethodId,
      acceptTerms: z.literal(true, { error: 'Bitte bestätigen Sie die AGB und die Widerrufsbelehrung.' }),
      expectedTotal: DecimalAmount,
      expectedAgeCheck: DhlAgeCheckService.optional(),
    })
    .strict()
    .superRefine((body, ctx) => {
      const delivery = body.shippingAddress ?? body.billingAddress;
      // Every line counts: a Postnummer is often typed into the name or second line.
      if (isParcelLockerAddress(delivery.firstName, delivery.lastName, delivery.street, delivery.addressLine2, delivery.city)) {
        ctx.addIssue({
          code: 'custom',
          path: [body.shippingAddress ? 'shippingAddress' : 'billingAddress', 'street'],
          message: PARCEL_LOCKER_MESSAGE,
        });
      }
    }),
);
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;
