import { specimenIdCard } from '@shop/test-fixtures';
import { mrzFeedback, splitPastedMrz } from './mrz-feedback';

const [line1, line2, line3] = specimenIdCard() as [string, string, string];
/** The line with one character at `index` replaced. */
const typo = (line: string, index: number, char: string) => `${line.slice(0, index)}${char}${line.slice(index + 1)}`;

describe('mrzFeedback (checking the ID card lines while typing)', () => {
  test('counts the characters of each line and says nothing while a line is incomplete', () => {
    const [first, second, third] = mrzFeedback([line1.slice(0, 12), '', 'mustermann << erika']);
    expect(first).toEqual({ length: 12, tone: 'neutral', message: '' });
    expect(second).toEqual({ length: 0, tone: 'neutral', message: '' });
    expect(third.length).toBe(17); // spaces do not count, small letters are taken as capitals
  });

  test('complete lines with correct check digits are confirmed', () => {
    expect(mrzFeedback([line1, line2, line3]).map((line) => [line.tone, line.message])).toEqual([
      ['ok', 'Prüfziffern stimmen.'],
      ['ok', 'Prüfziffern stimmen.'],
      ['ok', 'Vollständig.'],
    ]);
  });

  test('a typo in the document number is found on line 1 as soon as it is complete', () => {
    const [first] = mrzFeedback([typo(line1, 7, line1[7] === '0' ? 'O' : '0'), '', '']);
    expect(first.tone).toBe('error');
    expect(first.message).toMatch(/^Die Prüfziffer der Ausweisnummer \(15\. Zeichen\) passt nicht\. .*0 und O/);
  });

  test('line 2 alone: its birth date and expiry check digits; the composite digit once line 1 is there too', () => {
    expect(mrzFeedback(['', typo(line2, 1, line2[1] === '9' ? '8' : '9'), ''])[1].message).toMatch(/Geburtsdatums \(7\. Zeichen\)/);
    expect(mrzFeedback(['', typo(line2, 9, line2[9] === '3' ? '4' : '3'), ''])[1].message).toMatch(/Ablaufdatums \(15\. Zeichen\)/);
    const wrongComposite = typo(line2, 29, line2[29] === '1' ? '2' : '1');
    expect(mrzFeedback(['', wrongComposite, ''])[1].tone).toBe('ok');
    expect(mrzFeedback([line1, wrongComposite, ''])[1].message).toMatch(
      /Gesamtprüfziffer \(30\. Zeichen\) passt nicht zu den Zeilen 1 und 2/,
    );
  });

  test('characters outside the zone, too long, and a card that is no German ID card are named', () => {
    expect(mrzFeedback(['', '', 'MÜLLER<<JÖRG'])[2]).toMatchObject({
      tone: 'error',
      message: expect.stringContaining('nur Buchstaben A–Z'),
    });
    expect(mrzFeedback([`${line1}<<`, '', ''])[0]).toMatchObject({
      tone: 'error',
      length: 32,
      message: expect.stringContaining('Zu lang'),
    });
    expect(mrzFeedback(['P<D', '', ''])[0].message).toBe('Zeile 1 beginnt beim deutschen Personalausweis mit „IDD“.');
  });
});

describe('splitPastedMrz', () => {
  test('three lines with breaks (any kind) and spaces become three lines', () => {
    expect(splitPastedMrz(`${line1}\r\n${line2.slice(0, 10)} ${line2.slice(10)}\n${line3.toLowerCase()}\n`)).toEqual([line1, line2, line3]);
  });

  test('one run of 90 characters is cut into lines of 30', () => {
    expect(splitPastedMrz(`${line1}${line2}${line3}`)).toEqual([line1, line2, line3]);
  });

  test('a single line is left to the input', () => {
    expect(splitPastedMrz(line1)).toBeNull();
    expect(splitPastedMrz('IDD<<')).toBeNull();
  });
});
