import { createIdCardMrzProvider, ageOn, mrzBirthDate, mrzNameWords, OVER_100 } from './id-card-mrz';
import { specimenIdCard as idCard } from '@shop/test-fixtures';

/** Development: the specimen cards the tests build pass. */
const idCardMrzProvider = createIdCardMrzProvider({ allowSpecimens: true });
const orderDate = new Date('2026-11-22T10:00:00Z');
const erika = { firstName: 'Erika', lastName: 'Mustermann' };
const verify = (mrzLines: string[], birthDate: string, date = orderDate, holder = erika) =>
  idCardMrzProvider.verify({ mrzLines, birthDate, orderDate: date, holder });

describe('German ID card MRZ check (age verification stage 1)', () => {
  test('the generator matches the official specimen (check digits valid)', async () => {
    const specimen = ['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUSTERMANN<<ERIKA<<<<<<<<<<<<<'];
    expect(idCard({ documentNumber: 'T22000129', birth: '640812', expiry: '201031' })).toEqual(specimen);
    // The specimen itself expired in 2020.
    expect(await verify(specimen, '1964-08-12')).toMatchObject({ verified: false, failureReason: 'Der Ausweis ist abgelaufen.' });
  });

  describe('the card must be one the Bundesdruckerei issues (ICAO 9303 TD1, § 6 PAuswG)', () => {
    const NOT_GERMAN = 'Bitte verwenden Sie einen deutschen Personalausweis.';
    const BAD_NUMBER = 'Die Ausweisdaten sind ungültig: Diese Ausweisnummer gibt es bei deutschen Personalausweisen nicht.';
    const TOO_LONG = 'Die Ausweisdaten sind ungültig: Ein Personalausweis gilt höchstens zehn Jahre. Bitte prüfen Sie das Ablaufdatum.';
    // Order day 22.11.2026: a card issued that day is valid until 22.11.2036 at the latest.
    test.each([
      ['a valid German card', {}, null],
      ['valid for the full ten years from the order day', { expiry: '361122' }, null],
      ['a document number of the specimens (consonants and digits)', { documentNumber: 'LZ6311T47' }, null],
      ['expiry in 2099', { expiry: '991231' }, TOO_LONG],
      ['expiry one day past ten years', { expiry: '361123' }, TOO_LONG],
      ['nationality AUT', { nationality: 'AUT' }, NOT_GERMAN],
      ['nationality left empty', { nationality: '<<<' }, NOT_GERMAN],
      ['document code IX', { code: 'IX' }, NOT_GERMAN],
      ['document code I< (a generic identity document)', { code: 'I<' }, NOT_GERMAN],
      ['issuing state AUT', { state: 'AUT' }, NOT_GERMAN],
      ['a vowel in the document number', { documentNumber: 'L01A00T47' }, BAD_NUMBER],
      ['a B, D, Q or S in the document number', { documentNumber: 'L01S00T47' }, BAD_NUMBER],
      ['a filler in the document number', { documentNumber: 'L01X00T4<' }, BAD_NUMBER],
    ] as const)('%s', async (_name, card, failure) => {
      const result = await verify(idCard(card), '1990-01-01');
      if (failure === null) expect(result).toMatchObject({ verified: true });
      else expect(result).toMatchObject({ verified: false, failureReason: failure });
    });
  });

  test('an adult with a valid card is verified; only method, reference and time are returned', async () => {
    const result = await verify(idCard(), '1990-01-01');
    expect(result).toMatchObject({ verified: true, method: 'id-card-mrz' });
    expect(result.providerReference).toMatch(/^mrz-[0-9a-f-]{36}$/);
    expect(Object.keys(result).sort()).toEqual(['checkedAt', 'method', 'providerReference', 'verified']);
  });

  test('lower-case input and spaces are accepted', async () => {
    expect(
      (
        await verify(
          idCard().map((l) => ` ${l.toLowerCase()} `),
          '1990-01-01',
        )
      ).verified,
    ).toBe(true);
  });

  test('a wrong check digit is refused', async () => {
    const lines = idCard();
    lines[1] = lines[1]!.replace(/^(\d{6})\d/, (_, date: string) => `${date}${(Number(checkDigitOf(lines[1]!)) + 1) % 10}`);
    expect(await verify(lines, '1990-01-01')).toMatchObject({
      verified: false,
      failureReason: 'Die Ausweisdaten sind ungültig: Die Prüfziffern stimmen nicht.',
    });
  });

  test('an underage birth date is refused, also one day before the 18th birthday', async () => {
    expect(await verify(idCard({ birth: '100315' }), '2010-03-15')).toMatchObject({
      verified: false,
      failureReason: 'Bestellungen sind erst ab 18 Jahren möglich.',
    });
    expect((await verify(idCard({ birth: '081123' }), '2008-11-23')).verified).toBe(false);
    expect((await verify(idCard({ birth: '081122' }), '2008-11-22')).verified).toBe(true);
  });

  test('the birth date must match the one entered', async () => {
    expect(await verify(idCard(), '1990-01-02')).toMatchObject({
      verified: false,
      failureReason: 'Das Geburtsdatum stimmt nicht mit dem Ausweis überein.',
    });
    // Same 'YYMMDD' a century later: in the future of the order, so not the holder's.
    expect((await verify(idCard(), '2090-01-01')).failureReason).toBe('Das Geburtsdatum stimmt nicht mit dem Ausweis überein.');
  });

  test('the century comes from the MRZ: a minor typing a birth year a century earlier is refused', async () => {
    const minor = idCard({ birth: '100315' });
    expect((await verify(minor, '2010-03-15')).failureReason).toBe('Bestellungen sind erst ab 18 Jahren möglich.');
    expect(await verify(minor, '1910-03-15')).toMatchObject({ verified: false, failureReason: OVER_100 });
    expect((await verify(minor, '1810-03-15')).failureReason).toBe('Das Geburtsdatum stimmt nicht mit dem Ausweis überein.');
    expect((await verify(minor, '2110-03-15')).failureReason).toBe('Das Geburtsdatum stimmt nicht mit dem Ausweis überein.');
  });

  test('the day of the 18th birthday counts, the day before does not, whatever century is typed', async () => {
    const card = idCard({ birth: '081122' });
    expect((await verify(card, '2008-11-22')).verified).toBe(true);
    expect((await verify(card, '1908-11-22')).verified).toBe(false);
    const tomorrow = idCard({ birth: '081123' });
    expect((await verify(tomorrow, '2008-11-23')).failureReason).toBe('Bestellungen sind erst ab 18 Jahren möglich.');
    expect((await verify(tomorrow, '1908-11-23')).verified).toBe(false);
  });

  test('holders up to 99 pass; over 100 are sent to customer service (the MRZ cannot tell them from children)', async () => {
    // Born 01.12.1926: 99 on the order date, and '261201' in 2026 would be in the future.
    expect((await verify(idCard({ birth: '261201' }), '1926-12-01')).verified).toBe(true);
    expect(await verify(idCard({ birth: '200315' }), '1920-03-15')).toMatchObject({ verified: false, failureReason: OVER_100 });
    expect(mrzBirthDate('200315', orderDate)).toEqual(new Date('2020-03-15T00:00:00Z'));
    expect(mrzBirthDate('300101', orderDate)).toEqual(new Date('1930-01-01T00:00:00Z'));
    expect(mrzBirthDate('261122', orderDate)).toEqual(new Date('2026-11-22T00:00:00Z'));
    expect(mrzBirthDate('010230', orderDate)).toBeNull();
  });

  test('expired cards and foreign documents are refused', async () => {
    expect((await verify(idCard({ expiry: '261121' }), '1990-01-01')).failureReason).toBe('Der Ausweis ist abgelaufen.');
    expect((await verify(idCard({ expiry: '261122' }), '1990-01-01')).verified).toBe(true);
    expect((await verify(idCard({ state: 'AUT' }), '1990-01-01')).failureReason).toBe(
      'Bitte verwenden Sie einen deutschen Personalausweis.',
    );
  });

  test('malformed input gets a clear German message', async () => {
    expect((await verify(['IDD<<', 'x', 'y'], '1990-01-01')).failureReason).toMatch(/^Bitte geben Sie die drei Zeilen/);
    expect((await verify(idCard().slice(0, 2), '1990-01-01')).verified).toBe(false);
  });

  test('the parcel must go to the card holder: names compared as the MRZ writes them', async () => {
    const card = idCard({ lastName: 'SCHMITT<OELKE', firstName: 'JOSE<MARIA' });
    expect((await verify(card, '1990-01-01', orderDate, { firstName: 'José Maria', lastName: 'Schmitt-Ölke' })).verified).toBe(true);
    expect((await verify(card, '1990-01-01', orderDate, { firstName: 'Maria', lastName: 'Schmitt-Ölke' })).verified).toBe(true);
    expect(await verify(card, '1990-01-01', orderDate, { firstName: 'Max', lastName: 'Schmitt-Ölke' })).toMatchObject({
      verified: false,
      failureReason: 'Der Name stimmt nicht mit dem Ausweis überein. Bestellen und empfangen darf nur die geprüfte Person.',
    });
    expect((await verify(idCard(), '1990-01-01', orderDate, { firstName: 'Erika', lastName: 'Musterfrau' })).verified).toBe(false);
    expect(mrzNameWords('Straße-Ölmann')).toEqual(['STRASSE', 'OELMANN']);
  });

  test('age on a day counts the birthday itself', () => {
    expect(ageOn(new Date('2008-11-22'), new Date('2026-11-22'))).toBe(18);
    expect(ageOn(new Date('2008-11-23'), new Date('2026-11-22'))).toBe(17);
  });
});

function checkDigitOf(line2: string): string {
  return line2[6]!;
}

test("the README's demo identity passes the check (so shoppers trying the demo can order)", async () => {
  const { readFileSync } = await import('node:fs');
  const readme = readFileSync(require.resolve('../../../../README.md'), 'utf8');
  const block = /```\n(IDD<<[^\n]+)\n([^\n]+)\n([^\n]+)\n```/.exec(readme);
  expect(block).not.toBeNull();
  const result = await idCardMrzProvider.verify({
    mrzLines: block!.slice(1, 4),
    birthDate: '1990-01-01',
    orderDate: new Date(),
    holder: { firstName: 'Erika', lastName: 'Mustermann' },
  });
  expect(result).toMatchObject({ verified: true });
});

describe('outside development', () => {
  const production = createIdCardMrzProvider({ allowSpecimens: false });
  const check = (card: Parameters<typeof idCard>[0], holder = erika) =>
    production.verify({ mrzLines: idCard(card), birthDate: '1990-01-01', orderDate, holder });

  test.each(['T22000129', 'L01X00T47'])('the official specimen card %s is refused', async (documentNumber) => {
    expect(await check({ documentNumber, lastName: 'MEIER' }, { firstName: 'Erika', lastName: 'Meier' })).toMatchObject({
      verified: false,
      failureReason: 'Dies sind die Daten eines Musterausweises. Bitte geben Sie die Daten Ihres eigenen Personalausweises ein.',
    });
  });

  test('any card of the specimen holder Mustermann is refused; another holder passes', async () => {
    expect((await check({ documentNumber: 'LX1234567' })).verified).toBe(false);
    expect((await check({ documentNumber: 'LX1234567', lastName: 'MEIER' }, { firstName: 'Erika', lastName: 'Meier' })).verified).toBe(
      true,
    );
  });
});
