/**
 * The age checks DHL can perform at the door and how the shop names them to shoppers, free of zod
 * (the cart button and the cart page show them before any schema is loaded; the schemas of
 * delivery.ts build on these names). Legal ground: § 10 JuSchG, research/legal-de.md §1.6.
 */

/** `identCheck` (Ident-Check) and `visualCheckOfAge` (Alterssichtprüfung 18+): DhlAgeCheckService of delivery.ts. */
export const DHL_AGE_CHECK_SERVICES = ['identCheck', 'visualCheckOfAge'] as const;
export type DhlAgeCheckServiceName = (typeof DHL_AGE_CHECK_SERVICES)[number];

/** How the shop names each check to shoppers: as the shipping method, at the door, and among the delivery restrictions. */
export interface DoorCheckTexts {
  /** The shipping method's name on the order, receipt, e-mails and invoice. */
  shippingMethod: string;
  /** What happens at the door, one sentence. */
  atTheDoor: string;
  /** The short form in the delivery restrictions at the start of ordering. */
  restriction: string;
}

export const DOOR_CHECKS: Readonly<Record<DhlAgeCheckServiceName, DoorCheckTexts>> = {
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
export const orderAgeCheck = (recorded: DhlAgeCheckServiceName | null | undefined): DhlAgeCheckServiceName =>
  recorded ?? 'visualCheckOfAge';

/** The texts of the check an order was placed under (`orderAgeCheck`). */
export const doorCheckOf = (recorded: DhlAgeCheckServiceName | null | undefined): DoorCheckTexts => DOOR_CHECKS[orderAgeCheck(recorded)];

/** Texts true of either check: until the shop has said which one it books, or for a shipping method the texts do not know. */
export const EITHER_DOOR_CHECK: DoorCheckTexts = {
  shippingMethod: 'DHL Paket mit Altersprüfung bei Zustellung',
  atTheDoor: 'DHL übergibt das Paket nur nach einer Altersprüfung an der Haustür, nicht an Nachbarn und nicht an eine Packstation.',
  restriction: 'Altersprüfung bei Zustellung durch DHL',
};

/** The texts of the check an order's shipping method names (`Order.shipping.label`), or those true of either. */
export const doorCheckNamed = (shippingMethod: string): DoorCheckTexts =>
  Object.values(DOOR_CHECKS).find((check) => check.shippingMethod === shippingMethod) ?? EITHER_DOOR_CHECK;
