import { z } from 'zod';
import { DecimalAmount } from './catalog';
import { lazySchema } from './lazy-schema';

/**
 * The age check DHL performs at the door, booked with every label (the operator's shipping setting,
 * cart service):
 * - `identCheck` (Ident-Check, default): handed only to the named recipient after DHL checks the
 *   ID card for name and age 18+ (`minimumAge: 'A18'`);
 * - `visualCheckOfAge` (Alterssichtprüfung 18+): the courier judges the age by sight and asks for an
 *   ID when in doubt; booked with `noNeighbourDelivery` (never to a neighbour).
 * Legal ground: § 10 JuSchG, research/legal-de.md §1.6.
 */
export const DhlAgeCheckService = lazySchema(() => z.enum(['identCheck', 'visualCheckOfAge']));
export type DhlAgeCheckService = z.infer<typeof DhlAgeCheckService>;

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

/** How the shop names each check to shoppers: as the shipping method, at the door, and among the delivery restrictions. */
export interface DoorCheckTexts {
  /** The shipping method's name on the order, receipt, e-mails and invoice. */
  shippingMethod: string;
  /** What happens at the door, one sentence. */
  atTheDoor: string;
  /** The short form in the delivery restrictions at the start of ordering. */
  restriction: string;
}

export const DOOR_CHECKS: Readonly<Record<DhlAgeCheckService, DoorCheckTexts>> = {
  identCheck: {
    shippingMethod: 'DHL Paket mit Ident-Check (ab 18)',
    atTheDoor:
      'DHL übergibt das Paket nur dem Empfänger persönlich, nachdem der Zusteller seinen Ausweis geprüft hat (Name und Alter ab 18), nicht an Nachbarn und nicht an eine Packstation.',
    restriction: 'Ident-Check bei Zustellung (DHL prüft Name und Alter des Empfängers am Ausweis)',
  },
  visualCheckOfAge: {
    shippingMethod: 'DHL Paket mit Alterssichtprüfung 18+',
    atTheDoor:
      'DHL übergibt das Paket nur an eine volljährige Person (Alterssichtprüfung 18+), nicht an Nachbarn und nicht an eine Packstation.',
    restriction: 'Altersprüfung bei Zustellung (DHL Alterssichtprüfung 18+)',
  },
};

/**
 * The check an order was placed under, which its label books. Orders placed before the shop
 * recorded it (null) were promised the Alterssichtprüfung 18+, the only check the shop named then.
 */
export const orderAgeCheck = (recorded: DhlAgeCheckService | null | undefined): DhlAgeCheckService => recorded ?? 'visualCheckOfAge';

/** The texts of the check an order was placed under (`orderAgeCheck`). */
export const doorCheckOf = (recorded: DhlAgeCheckService | null | undefined): DoorCheckTexts => DOOR_CHECKS[orderAgeCheck(recorded)];

/** Texts true of either check: until the shop has said which one it books, or for a shipping method the texts do not know. */
export const EITHER_DOOR_CHECK: DoorCheckTexts = {
  shippingMethod: 'DHL Paket mit Altersprüfung bei Zustellung',
  atTheDoor: 'DHL übergibt das Paket nur nach einer Altersprüfung an der Haustür, nicht an Nachbarn und nicht an eine Packstation.',
  restriction: 'Altersprüfung bei Zustellung durch DHL',
};

/** The texts of the check an order's shipping method names (`Order.shipping.label`), or those true of either. */
export const doorCheckNamed = (shippingMethod: string): DoorCheckTexts =>
  Object.values(DOOR_CHECKS).find((check) => check.shippingMethod === shippingMethod) ?? EITHER_DOOR_CHECK;
