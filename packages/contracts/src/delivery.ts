import { z } from 'zod';
import { DecimalAmount } from './catalog';
import { lazySchema } from './lazy-schema';
import { DHL_AGE_CHECK_SERVICES, type DhlAgeCheckServiceName } from './delivery-texts';

/**
 * The age check DHL performs at the door, booked with every label (the operator's shipping setting,
 * cart service):
 * - `identCheck` (Ident-Check, default): handed only to the named recipient after DHL checks the
 *   ID card for name and age 18+ (`minimumAge: 'A18'`);
 * - `visualCheckOfAge` (Alterssichtprüfung 18+): the courier judges the age by sight and asks for an
 *   ID when in doubt; booked with `noNeighbourDelivery` (never to a neighbour).
 * Legal ground: § 10 JuSchG, research/legal-de.md §1.6.
 */
export const DhlAgeCheckService = lazySchema(() => z.enum(DHL_AGE_CHECK_SERVICES));
export type DhlAgeCheckService = DhlAgeCheckServiceName;

/** The most DHL collects as cash on delivery, in cents (3,500 EUR, DHL's limit for Nachnahme). */
export const DHL_COD_MAX_CENTS = 350_000;

/**
 * `GET /api/checkout/delivery` (cart service, public): which check happens at the door, so the
 * cart and the checkout say it before the order (§ 312j Abs. 1 BGB: delivery restrictions at the
 * start of ordering; legal-de.md §1.8), and whether cash on delivery is offered: its fee (EUR,
 * DHL's surcharge under the operator's contract, § 312a Abs. 4 Nr. 2 BGB) and the highest order
 * total it is offered for (EUR, at most 3,500.00); null when the operator has it switched off.
 * The fee is named wherever the payment methods are (LG Hamburg, 315 O 422/12).
 */
export const DeliveryOptions = lazySchema(() =>
  z
    .object({
      ageCheck: DhlAgeCheckService,
      cashOnDelivery: z
        .object({
          fee: DecimalAmount,
          maxTotal: DecimalAmount,
        })
        .strict()
        .nullable(),
    })
    .strict(),
);
export type DeliveryOptions = z.infer<typeof DeliveryOptions>;
