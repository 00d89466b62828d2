import { mrzNameWords } from '../age-verification/id-card-mrz';

/**
 * Whether the name a withdrawal was declared under is the buyer's (the order's billing first and
 * last name). A withdrawal is never refused for its name (§ 356a BGB asks only for a clear
 * declaration); a mismatch is shown to staff to check before a refund is booked.
 *
 * The rule: both names are written as words in ICAO transliteration (upper case, Ä/ä → AE,
 * Ö → OE, Ü → UE, ß → SS, other accents dropped; hyphens, commas, dots and spacing separate
 * words), so 'Müller', 'MUELLER' and 'Mueller' are the same, as are 'José' and 'Jose'. The
 * declared name matches when it contains every word of the order's last name and the first word
 * of its first name, in any order and with anything else beside them: 'Erika Mustermann',
 * 'mustermann, erika', 'Dr. Erika Maria Mustermann' match an order of Erika Mustermann;
 * 'E. Mustermann', 'Max Mustermann' or 'Erika Musterfrau' do not.
 */
export function declaredNameMatches(declared: string, buyer: { firstName: string; lastName: string }): boolean {
  const words = new Set(mrzNameWords(declared));
  const lastName = mrzNameWords(buyer.lastName);
  const firstName = mrzNameWords(buyer.firstName)[0];
  return lastName.length > 0 && !!firstName && words.has(firstName) && lastName.every((word) => words.has(word));
}
