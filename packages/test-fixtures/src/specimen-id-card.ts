/**
 * Builds machine-readable zones of German ID cards (TD1, ICAO 9303) with correct check digits,
 * for tests and for trying the demo shop (README 'Demo identities'). These are specimens like the
 * official 'Erika Mustermann' card, not real documents.
 */

/** ICAO 9303 check digit: weights 7, 3, 1; '<' = 0, digits as is, A = 10 … Z = 35. */
export function mrzCheckDigit(value: string): string {
  const weights = [7, 3, 1];
  const sum = [...value].reduce((total, char, i) => {
    const n = char === '<' ? 0 : /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    return total + n * weights[i % 3]!;
  }, 0);
  return String(sum % 10);
}

export interface SpecimenIdCard {
  documentNumber?: string;
  /** Birth date 'YYMMDD'. */
  birth?: string;
  /** Expiry date 'YYMMDD'. */
  expiry?: string;
  /** Issuing state, 3 characters ('D<<' for Germany). */
  state?: string;
  code?: string;
  lastName?: string;
  firstName?: string;
  /** Nationality, 3 characters ('D<<' for a German). */
  nationality?: string;
}

/** The three MRZ lines of a specimen card (defaults: Erika Mustermann, born 1990-01-01, valid until 2030). */
export function specimenIdCard({
  documentNumber = 'L01X00T47',
  birth = '900101',
  expiry = '300101',
  state = 'D<<',
  code = 'ID',
  lastName = 'MUSTERMANN',
  firstName = 'ERIKA',
  nationality = 'D<<',
}: SpecimenIdCard = {}): string[] {
  const line1 = `${code}${state}${documentNumber}${mrzCheckDigit(documentNumber)}`.padEnd(30, '<');
  const birthPart = `${birth}${mrzCheckDigit(birth)}`;
  const expiryPart = `${expiry}${mrzCheckDigit(expiry)}`;
  const optional2 = '<'.repeat(11);
  const composite = mrzCheckDigit(line1.slice(5, 30) + birthPart + expiryPart + optional2);
  const line2 = `${birthPart}<${expiryPart}${nationality}${optional2}${composite}`;
  const line3 = `${lastName.replace(/ /g, '<')}<<${firstName.replace(/ /g, '<')}`.padEnd(30, '<').slice(0, 30);
  return [line1, line2, line3];
}
