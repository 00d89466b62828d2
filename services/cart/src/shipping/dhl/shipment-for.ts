import { DHL_COD_MAX_CENTS, MAX_PARCEL_WEIGHT_GRAMS, type Address } from '@shop/contracts';
import { isParcelLockerAddress } from '@shop/contracts/checkout';
import { DhlRequestError } from './dhl-errors';
import type { DhlShipment } from './dhl-client';
import { V01PAK_BILLING_NUMBER, V01PAK_BILLING_NUMBER_MESSAGE } from './dhl-account';

/** The shipper printed on the label (the operator's settings): a German address. */
export interface DhlShipperSettings {
  /** Company name (`Shipper.name1`, ≤ 50 characters). */
  name: string;
  /** Street and house number in one line (`addressStreet`, ≤ 50). */
  street: string;
  /** Five digits. */
  postalCode: string;
  /** ≤ 40 characters. */
  city: string;
  /** Contact e-mail of the shipper (optional, 3–80 characters). */
  email?: string;
}

/**
 * The age check DHL performs at the door (`VAS`):
 * - `identCheck` (Ident-Check): the parcel is handed only to the named recipient, after DHL checks
 *   the ID for name and (`minimumAge: 'A18'`) age; names from the shipping address, which is the
 *   name the shop's age check verified; the birth date only when the caller has it (the order does
 *   not store it, legal-de.md §1.4);
 * - `visualCheckOfAge` (Alterssichtprüfung 18+): the courier judges by sight and asks for an ID
 *   when in doubt; sent with `noNeighbourDelivery`, so it goes to the recipient or their household
 *   only, never to a neighbour (legal-de.md §1.6: no neighbour or drop-off delivery).
 */
export type DhlAgeCheck = { service: 'identCheck'; dateOfBirth?: string } | { service: 'visualCheckOfAge' };

/**
 * Cash on delivery (`VASCashOnDelivery`): the amount the courier collects in cents (EUR only; at
 * most DHL_COD_MAX_CENTS), and where DHL pays it: `accountReference` (the bank account kept in
 * DHL's business customer portal) or `bankAccount` (sending one needs DHL's approval). The
 * transfer note is the order number, so the payout on the bank statement names its order.
 */
export interface DhlCashOnDelivery {
  amountCents: number;
  accountReference?: string;
  bankAccount?: { accountHolder: string; iban: string; bic?: string; bankName?: string };
}

/** What `shipmentFor` turns into a DHL shipment. */
export interface ShipmentForInput {
  /** The order number, printed on the label as `refNo` (8–35 characters, e.g. 'RT-2026-K7M2QX9P'). */
  orderNumber: string;
  /** The order's shipping address (contract `Address`: Germany only, street with house number). */
  shippingAddress: Address;
  /** Gross weight of the parcel in whole grams (more than 0, at most MAX_PARCEL_WEIGHT_GRAMS, 31,500). */
  weightGrams: number;
  /** The V01PAK billing number (14 characters, `V01PAK_BILLING_NUMBER` of dhl-account.ts). */
  billingNumber: string;
  shipper: DhlShipperSettings;
  ageCheck: DhlAgeCheck;
  /** Cash on delivery for an order paid so; absent for a paid order. */
  cashOnDelivery?: DhlCashOnDelivery;
  /** The day the parcel goes to DHL, 'YYYY-MM-DD' (today or a few days ahead); omitted: DHL takes today. */
  shipDate?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Refuses a text DHL would refuse, naming the order's field (the message is German: staff correct the order). */
function fitting(value: string, field: string, label: string, max: number): string {
  const text = value.trim();
  if (text.length === 0) throw new DhlRequestError(`${label} fehlt.`, field);
  if (text.length > max) {
    throw new DhlRequestError(`${label} ist für DHL zu lang: höchstens ${max} Zeichen (jetzt ${text.length}).`, field);
  }
  return text;
}

/**
 * The DHL Paket shipment (`components.schemas.Shipment`, product V01PAK) for one order: refNo =
 * order number, consignee = the shipping address at the door (`ContactAddress`; never a
 * Packstation or Postfiliale: the goods go only into the hands of a verified adult, legal-de.md
 * §1.6), weight in kg, and the age check at the door. The consignee's e-mail and phone are not
 * sent (DHL's notification e-mail needs the buyer's consent, GDPR Art. 4 No. 11, which the shop
 * does not ask for). Pure: no I/O.
 *
 * A shipper name longer than one of DHL's name lines goes on up to three (`shipperNameLines`).
 *
 * A cash-on-delivery order carries DHL's `cashOnDelivery` service (`DhlCashOnDelivery`).
 *
 * @throws DhlRequestError (German message, `field` = the offending input) when the order cannot
 *   become a valid shipment: a refNo outside 8–35 characters, a billing number that is not V01PAK,
 *   a weight that is not whole grams in (0, 31,500], a text longer than DHL takes, a pickup-point
 *   address, a cash-on-delivery amount outside (0, 3,500 EUR] or without an account to pay to.
 */
export function shipmentFor(input: ShipmentForInput): DhlShipment {
  const { orderNumber, shippingAddress: address, shipper, ageCheck } = input;
  // refNo: DHL needs 8–35 characters to find a parcel by it; padding would print a reference nobody can search for.
  if (orderNumber.length < 8 || orderNumber.length > 35) {
    throw new DhlRequestError(`Die Bestellnummer muss für DHL 8 bis 35 Zeichen haben (jetzt ${orderNumber.length}).`, 'orderNumber');
  }
  if (!V01PAK_BILLING_NUMBER.test(input.billingNumber)) {
    throw new DhlRequestError(`Die DHL-Abrechnungsnummer ${V01PAK_BILLING_NUMBER_MESSAGE}.`, 'billingNumber');
  }
  if (!(Number.isInteger(input.weightGrams) && input.weightGrams > 0 && input.weightGrams <= MAX_PARCEL_WEIGHT_GRAMS)) {
    throw new DhlRequestError('Das Paketgewicht muss in ganzen Gramm über 0 und höchstens 31.500 g betragen.', 'weightGrams');
  }
  if (input.shipDate !== undefined && !ISO_DATE.test(input.shipDate)) {
    throw new DhlRequestError('Das Versanddatum muss die Form JJJJ-MM-TT haben.', 'shipDate');
  }
  if (isParcelLockerAddress(address.firstName, address.lastName, address.street, address.addressLine2)) {
    throw new DhlRequestError(
      'Packstationen, Postfilialen und Paketshops sind als Lieferadresse nicht möglich: Die Ware darf nur persönlich an eine volljährige Person übergeben werden.',
      'shippingAddress',
    );
  }
  const firstName = fitting(address.firstName, 'shippingAddress.firstName', 'Der Vorname', 35);
  const lastName = fitting(address.lastName, 'shippingAddress.lastName', 'Der Nachname', 35);
  const addressLine2 = address.addressLine2.trim();
  const services: DhlShipment['services'] =
    ageCheck.service === 'identCheck'
      ? {
          identCheck: {
            firstName,
            lastName,
            ...(ageCheck.dateOfBirth === undefined ? {} : { dateOfBirth: checkedBirthDate(ageCheck.dateOfBirth) }),
            minimumAge: 'A18',
          },
        }
      : { visualCheckOfAge: 'A18', noNeighbourDelivery: true };
  if (input.cashOnDelivery) services.cashOnDelivery = cashOnDeliveryService(input.cashOnDelivery, orderNumber);
  return {
    product: 'V01PAK',
    billingNumber: input.billingNumber,
    refNo: orderNumber,
    ...(input.shipDate === undefined ? {} : { shipDate: input.shipDate }),
    shipper: {
      ...shipperNameLines(shipper.name),
      addressStreet: fitting(shipper.street, 'shipper.street', 'Die Straße des Absenders', 50),
      postalCode: shipper.postalCode.trim(),
      city: fitting(shipper.city, 'shipper.city', 'Der Ort des Absenders', 40),
      country: 'DEU',
      ...(shipper.email ? { email: fitting(shipper.email, 'shipper.email', 'Die E-Mail-Adresse des Absenders', 80) } : {}),
    },
    consignee: {
      name1: fitting(`${firstName} ${lastName}`, 'shippingAddress.lastName', 'Vor- und Nachname zusammen', 50),
      // An additional line (c/o, floor) goes into name2, which DHL prints on German labels
      // (additionalAddressInformation1/2 are printed only on international labels).
      ...(addressLine2 ? { name2: fitting(addressLine2, 'shippingAddress.addressLine2', 'Der Adresszusatz', 50) } : {}),
      addressStreet: fitting(address.street, 'shippingAddress.street', 'Straße und Hausnummer', 50),
      postalCode: address.postalCode.trim(),
      city: fitting(address.city, 'shippingAddress.city', 'Der Ort', 40),
      country: 'DEU',
    },
    details: { weight: { uom: 'g', value: input.weightGrams } },
    services,
  };
}

/** DHL's `VASCashOnDelivery` for `cod`, with the order number as the transfer note (≤ 35 characters, as refNo). */
function cashOnDeliveryService(cod: DhlCashOnDelivery, orderNumber: string): NonNullable<DhlShipment['services']>['cashOnDelivery'] {
  if (!(Number.isInteger(cod.amountCents) && cod.amountCents > 0 && cod.amountCents <= DHL_COD_MAX_CENTS)) {
    throw new DhlRequestError('Der Nachnahmebetrag muss über 0 und höchstens 3.500,00 € betragen.', 'cashOnDelivery.amount');
  }
  const account = cod.accountReference?.trim()
    ? { accountReference: fitting(cod.accountReference, 'cashOnDelivery.accountReference', 'Die DHL-Kontoreferenz für Nachnahme', 35) }
    : cod.bankAccount?.iban
      ? {
          bankAccount: {
            accountHolder: fitting(cod.bankAccount.accountHolder, 'cashOnDelivery.accountHolder', 'Der Kontoinhaber für Nachnahme', 80),
            iban: cod.bankAccount.iban.replace(/\s/g, ''),
            ...(cod.bankAccount.bic ? { bic: cod.bankAccount.bic.replace(/\s/g, '') } : {}),
            ...(cod.bankAccount.bankName ? { bankName: cod.bankAccount.bankName.slice(0, 80) } : {}),
          },
        }
      : null;
  if (!account) throw new DhlRequestError('Für Nachnahme fehlt das Konto, auf das DHL den Betrag auszahlt.', 'cashOnDelivery.account');
  return { amount: { currency: 'EUR', value: cod.amountCents / 100 }, ...account, transferNote1: orderNumber };
}

/**
 * The shipper's name on DHL's name lines (`name1`–`name3`, ≤ 50 characters each): a company name
 * longer than one line ('… Gesellschaft mit beschränkter Haftung') is broken between words.
 * @throws DhlRequestError at `shipper.name` when it does not fit three lines.
 */
function shipperNameLines(name: string): { name1: string; name2?: string; name3?: string } {
  const lines: string[] = [];
  for (const word of fitting(name, 'shipper.name', 'Der Name des Absenders', 150).split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= 50) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > 3 || lines.some((line) => line.length > 50)) {
    throw new DhlRequestError(
      'Der Name des Absenders passt nicht auf die drei Namenszeilen von DHL (je höchstens 50 Zeichen).',
      'shipper.name',
    );
  }
  const [name1, name2, name3] = lines as [string, string?, string?];
  return { name1, ...(name2 ? { name2 } : {}), ...(name3 ? { name3 } : {}) };
}

function checkedBirthDate(dateOfBirth: string): string {
  if (!ISO_DATE.test(dateOfBirth)) throw new DhlRequestError('Das Geburtsdatum muss die Form JJJJ-MM-TT haben.', 'ageCheck.dateOfBirth');
  return dateOfBirth;
}
