import { randomUUID } from 'node:crypto';
import { parse } from 'mrz';
import { AGE_THRESHOLD_YEARS } from '@shop/contracts';
import type { AgeVerificationProvider, AgeVerificationResult } from './provider';

export interface IdCardMrzInput {
  /** The three 30-character lines of the machine-readable zone on the back of the German ID card. */
  mrzLines: string[];
  /** The birth date the shopper entered at checkout, 'YYYY-MM-DD'. */
  birthDate: string;
  /** The order date (age and expiry are checked against it). */
  orderDate: Date;
  /** The person the parcel goes to: must be the card holder (legal-de.md §1.4). */
  holder: { firstName: string; lastName: string };
}

/** A name as the MRZ writes it (ICAO 9303 transliteration: Ä → AE, ß → SS, accents dropped), in words. */
export function mrzNameWords(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/Ä/g, 'AE')
    .replace(/Ö/g, 'OE')
    .replace(/Ü/g, 'UE')
    .replace(/ẞ|ß/g, 'SS')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Z]+/)
    .filter(Boolean);
}

/**
 * The entered name belongs to the card holder: the surname matches (the MRZ may cut long names
 * off at the end of the line) and the first entered given name is one of the card's given names.
 */
function sameHolder(holder: IdCardMrzInput['holder'], mrzLastName: string, mrzFirstName: string): boolean {
  const last = mrzNameWords(holder.lastName).join(' ');
  const cardLast = mrzNameWords(mrzLastName).join(' ');
  const first = mrzNameWords(holder.firstName)[0];
  const cardFirst = mrzNameWords(mrzFirstName);
  const lastMatches = last === cardLast || (cardLast.length >= 20 && last.startsWith(cardLast));
  return lastMatches && !!first && cardFirst.includes(first);
}

/** A real calendar day (UTC) from year, month and day, or null ('310230' is no date). */
function calendarDay(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * What the Bundesdruckerei writes into a German identity card's MRZ (ICAO 9303 part 5, TD1):
 * document code 'ID', issuing state and nationality 'D' (only Germans hold one), and a document
 * number of 9 characters drawn from the digits and the consonants C F G H J K L M N P R T V W X Y Z
 * (the serial number format of the cards issued since November 2010). A card is valid for at most
 * ten years from issue (§ 6 Abs. 1 PAuswG; six years for holders under 24).
 */
const GERMAN_ID_CARD = {
  documentCode: 'ID',
  state: 'D',
  documentNumber: /^[CFGHJKLMNPRTVWXYZ0-9]{9}$/,
  maxValidityYears: 10,
} as const;

/** The card's expiry 'YYMMDD' (always 20YY: German ID cards issued since 2010). */
function mrzExpiry(value: string): Date | null {
  if (!/^\d{6}$/.test(value)) return null;
  return calendarDay(2000 + Number(value.slice(0, 2)), Number(value.slice(2, 4)), Number(value.slice(4, 6)));
}

/**
 * The birth date the card holds. The MRZ writes it as 'YYMMDD' without a century, so the century
 * comes from the MRZ itself: the most recent one that puts the day on or before the order date
 * (taking it from the typed date let a minor born 2010 pass by typing 1910).
 * @returns null when 'YYMMDD' is no real day.
 */
export function mrzBirthDate(mrz: string, orderDate: Date): Date | null {
  if (!/^\d{6}$/.test(mrz)) return null;
  const [yy, month, day] = [Number(mrz.slice(0, 2)), Number(mrz.slice(2, 4)), Number(mrz.slice(4, 6))];
  const century = Math.floor(orderDate.getUTCFullYear() / 100) * 100;
  for (const year of [century + yy, century - 100 + yy]) {
    const date = calendarDay(year, month, day);
    if (date && date <= orderDate) return date;
  }
  return null;
}

/** The date the shopper typed ('YYYY-MM-DD') as a calendar day, or null. */
function typedDay(entered: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(entered);
  return match ? calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Full years between a birth date and a day (the birthday itself counts). */
export function ageOn(birth: Date, day: Date): number {
  let age = day.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    day.getUTCMonth() < birth.getUTCMonth() || (day.getUTCMonth() === birth.getUTCMonth() && day.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** Holders of 100 years and more cannot be told from children by the MRZ: checked by hand. */
export const OVER_100 =
  'Ihr Alter lässt sich mit dem Ausweis nicht online prüfen. Bitte wenden Sie sich an unseren Kundenservice, wir helfen Ihnen gern weiter.';

/** The same calendar day `years` later (29 February becomes 1 March in other years). */
function addYears(date: Date, years: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate()));
}

const fail = (failureReason: string): AgeVerificationResult => ({
  verified: false,
  method: 'id-card-mrz',
  providerReference: `mrz-${randomUUID()}`,
  checkedAt: new Date(),
  failureReason,
});

/**
 * The built-in check with the German ID card: the machine-readable zone (TD1) is
 * parsed and all its check digits validated with the `mrz` library; the card must be a German
 * identity card as issued (GERMAN_ID_CARD: code, state, nationality, number format, at most ten
 * years of validity), not expired on the order date; its birth date (century from the MRZ itself,
 * {@link mrzBirthDate}) must equal the one entered and make the shopper at least 18 on the order date (AGE_THRESHOLD_YEARS, spec §9); the holder's
 * name must be the name the parcel goes to (legal-de.md §1.4: delivery only to the verified person).
 */
export function createIdCardMrzProvider({ allowSpecimens }: { allowSpecimens: boolean }): AgeVerificationProvider<IdCardMrzInput> {
  return {
    method: 'id-card-mrz',
    verify: (input) => verifyIdCard(input, allowSpecimens),
  };
}

/**
 * Document numbers of the official specimen ID cards ('Erika Mustermann', published by the
 * Federal Ministry of the Interior and the Bundesdruckerei). Their MRZ passes every check digit,
 * so outside development they, and any card of the specimen holder MUSTERMANN, are refused.
 */
export const SPECIMEN_DOCUMENT_NUMBERS: ReadonlySet<string> = new Set(['T22000129', 'L01X00T47', 'LZ6311T47', 'C01X00T47']);
const SPECIMEN_HOLDER = 'MUSTERMANN';

async function verifyIdCard(
  { mrzLines, birthDate, orderDate, holder }: IdCardMrzInput,
  allowSpecimens: boolean,
): Promise<AgeVerificationResult> {
  const lines = mrzLines.map((line) => line.trim().toUpperCase().replace(/\s/g, ''));
  if (lines.length !== 3 || lines.some((line) => line.length !== 30)) {
    return fail('Bitte geben Sie die drei Zeilen der maschinenlesbaren Zone Ihres Personalausweises ein (je 30 Zeichen).');
  }
  let result: ReturnType<typeof parse>;
  try {
    result = parse(lines);
  } catch {
    return fail('Die Ausweisdaten konnten nicht gelesen werden. Bitte prüfen Sie Ihre Eingabe.');
  }
  if (
    result.format !== 'TD1' ||
    result.fields.documentCode !== GERMAN_ID_CARD.documentCode ||
    result.fields.issuingState !== GERMAN_ID_CARD.state ||
    result.fields.nationality !== GERMAN_ID_CARD.state
  ) {
    return fail('Bitte verwenden Sie einen deutschen Personalausweis.');
  }
  if (!result.valid) return fail('Die Ausweisdaten sind ungültig: Die Prüfziffern stimmen nicht.');
  if (!GERMAN_ID_CARD.documentNumber.test(String(result.fields.documentNumber ?? '')))
    return fail('Die Ausweisdaten sind ungültig: Diese Ausweisnummer gibt es bei deutschen Personalausweisen nicht.');
  if (
    !allowSpecimens &&
    (SPECIMEN_DOCUMENT_NUMBERS.has(String(result.fields.documentNumber ?? '')) || String(result.fields.lastName ?? '') === SPECIMEN_HOLDER)
  ) {
    return fail('Dies sind die Daten eines Musterausweises. Bitte geben Sie die Daten Ihres eigenen Personalausweises ein.');
  }
  const expiry = mrzExpiry(String(result.fields.expirationDate));
  if (!expiry) return fail('Die Ausweisdaten sind ungültig.');
  const orderDay = new Date(Date.UTC(orderDate.getUTCFullYear(), orderDate.getUTCMonth(), orderDate.getUTCDate()));
  if (expiry > addYears(orderDay, GERMAN_ID_CARD.maxValidityYears))
    return fail('Die Ausweisdaten sind ungültig: Ein Personalausweis gilt höchstens zehn Jahre. Bitte prüfen Sie das Ablaufdatum.');
  const birth = mrzBirthDate(String(result.fields.birthDate), orderDate);
  const typed = typedDay(birthDate);
  if (birth && typed && typed.getTime() !== birth.getTime() && typed.getTime() === addYears(birth, -100).getTime()) {
    // Same day and month a century earlier: either a holder over 100 (the MRZ cannot tell them
    // apart from a child) or a minor's card with a forged century. Neither is checked online.
    return fail(OVER_100);
  }
  if (!birth || !typed || typed.getTime() !== birth.getTime()) return fail('Das Geburtsdatum stimmt nicht mit dem Ausweis überein.');
  if (!sameHolder(holder, String(result.fields.lastName ?? ''), String(result.fields.firstName ?? ''))) {
    return fail('Der Name stimmt nicht mit dem Ausweis überein. Bestellen und empfangen darf nur die geprüfte Person.');
  }
  if (expiry < orderDay) return fail('Der Ausweis ist abgelaufen.');
  if (ageOn(birth, orderDate) < AGE_THRESHOLD_YEARS) return fail('Bestellungen sind erst ab 18 Jahren möglich.');
  return { verified: true, method: 'id-card-mrz', providerReference: `mrz-${randomUUID()}`, checkedAt: new Date() };
}
