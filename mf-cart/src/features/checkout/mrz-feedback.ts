import { parse } from 'mrz';

/** Characters in one line of the ID card's machine-readable zone (TD1, ICAO 9303). */
export const MRZ_LINE_LENGTH = 30;

/** A line as the server reads it: without spaces, in capitals (checkout-form.ts `mrzLines`). */
export const normalizeMrzLine = (line: string) => line.replace(/\s/g, '').toUpperCase();

/** What the shopper sees under one line while typing. */
export interface MrzLineFeedback {
  /** Characters typed (after normalising). */
  length: number;
  /** 'ok': complete and its check digits hold; 'error': something to correct; 'neutral': still typing. */
  tone: 'neutral' | 'ok' | 'error';
  /** German text, empty while the line is incomplete and nothing is wrong yet. */
  message: string;
}

const CONFUSIONS = 'Bitte vergleichen Sie die Zeile mit Ihrem Ausweis: 0 und O, 1 und I, 8 und B werden leicht verwechselt.';

/** The check digits of the TD1 zone, which line each is on, and the German text when it does not hold. */
const CHECK_DIGITS = [
  { field: 'documentNumberCheckDigit', line: 0, text: 'Die Prüfziffer der Ausweisnummer (15. Zeichen) passt nicht.' },
  { field: 'birthDateCheckDigit', line: 1, text: 'Die Prüfziffer des Geburtsdatums (7. Zeichen) passt nicht.' },
  { field: 'expirationDateCheckDigit', line: 1, text: 'Die Prüfziffer des Ablaufdatums (15. Zeichen) passt nicht.' },
  { field: 'compositeCheckDigit', line: 1, text: 'Die Gesamtprüfziffer (30. Zeichen) passt nicht zu den Zeilen 1 und 2.' },
] as const;

/**
 * Feedback for the three lines of the German ID card's machine-readable zone while they are typed
 * (a shopper on a phone could not check the end of a line). The check digits are
 * validated with the `mrz` library, the same one the server's check uses
 * (services/cart/src/age-verification/id-card-mrz.ts); a check digit is judged once every line it
 * covers is complete. The server decides: this only helps to find a typing mistake early.
 */
export function mrzFeedback(rawLines: readonly [string, string, string]): [MrzLineFeedback, MrzLineFeedback, MrzLineFeedback] {
  const lines = rawLines.map(normalizeMrzLine);
  const complete = lines.map((line) => line.length === MRZ_LINE_LENGTH && /^[A-Z0-9<]+$/.test(line));
  const failed = new Map<number, string>();
  if (complete[0] || complete[1]) {
    const details = checkDigitDetails(lines.map((line, index) => (complete[index] ? line : '<'.repeat(MRZ_LINE_LENGTH))));
    for (const check of CHECK_DIGITS) {
      const covers = check.field === 'compositeCheckDigit' ? complete[0] && complete[1] : complete[check.line];
      if (covers && details.get(check.field) === false && !failed.has(check.line)) failed.set(check.line, check.text);
    }
  }
  return lines.map((line, index): MrzLineFeedback => {
    const length = line.length;
    if (!/^[A-Z0-9<]*$/.test(line)) return { length, tone: 'error', message: 'Erlaubt sind nur Buchstaben A–Z, Ziffern und „<“.' };
    if (index === 0 && length >= 3 && !line.startsWith('IDD'))
      return { length, tone: 'error', message: 'Zeile 1 beginnt beim deutschen Personalausweis mit „IDD“.' };
    if (length > MRZ_LINE_LENGTH) return { length, tone: 'error', message: `Zu lang: Jede Zeile hat genau ${MRZ_LINE_LENGTH} Zeichen.` };
    if (length < MRZ_LINE_LENGTH) return { length, tone: 'neutral', message: '' };
    const failure = failed.get(index);
    if (failure) return { length, tone: 'error', message: `${failure} ${CONFUSIONS}` };
    return { length, tone: 'ok', message: index === 2 ? 'Vollständig.' : 'Prüfziffern stimmen.' };
  }) as [MrzLineFeedback, MrzLineFeedback, MrzLineFeedback];
}

/** Whether each check digit field of a TD1 zone holds (fields the library could not judge are left out). */
function checkDigitDetails(lines: string[]): Map<string, boolean> {
  try {
    return new Map(parse(lines).details.map((detail) => [detail.field ?? '', detail.valid]));
  } catch {
    return new Map();
  }
}

/**
 * Splits pasted text into MRZ lines: by line breaks, or, for one run of characters (a zone copied
 * without breaks), into pieces of 30. Returns null for text that is a single line or less, which
 * the input takes as it is.
 */
export function splitPastedMrz(text: string): string[] | null {
  const byBreak = text
    .split(/\r?\n|\r/)
    .map(normalizeMrzLine)
    .filter(Boolean);
  if (byBreak.length > 1) return byBreak.slice(0, 3);
  const single = byBreak[0] ?? '';
  if (single.length <= MRZ_LINE_LENGTH) return null;
  const pieces: string[] = [];
  for (let start = 0; start < single.length && pieces.length < 3; start += MRZ_LINE_LENGTH)
    pieces.push(single.slice(start, start + MRZ_LINE_LENGTH));
  return pieces;
}
