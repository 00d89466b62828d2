import {
  centsToDecimal,
  decimalToCents,
  formatDateTime,
  formatEur,
  formatTextVersion,
  formatEurDecimal,
  formatInteger,
  formatIsoDate,
  formatDecimal,
  formatPercent,
  addDaysToIsoDate,
  isoDateInBerlin,
  parseEuroInput,
  startOfBerlinDay,
} from './index';

describe('German formatting', () => {
  test.each([
    [1499, '14,99 €'],
    [0, '0,00 €'],
    [499, '4,99 €'],
    [123456, '1.234,56 €'],
  ])('formatEur(%i) = %s', (cents, text) => {
    // Intl uses a no-break space before the euro sign.
    expect(formatEur(cents).replace(/\u00a0/g, ' ')).toBe(text);
  });

  test.each([
    [7000, '7.000'],
    [40000, '40.000'],
    [850, '850'],
  ])('formatInteger(%i) = %s', (value, text) => {
    expect(formatInteger(value)).toBe(text);
  });

  test("amounts and whole numbers are written exactly as Intl's 'de-DE' formats write them", () => {
    const eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    const integer = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
    const values = [0, -0, 1, 5, 99, 100, 999, 1000, 1499.5, -1499.5, 99999, 100000, 123456789, -320, -100000, 2.5, -2.5, 7000.49];
    for (const value of values) {
      expect(formatEur(value)).toBe(eur.format(value / 100));
      expect(formatInteger(value)).toBe(integer.format(value));
    }
    expect(() => formatInteger(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  test("percentages are written as Intl's 'de-DE' percent format writes them: '10 %', '1,7 %'", () => {
    const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 2 });
    for (const value of [0, 1, 2, 10, 19, 1.7, 1.75, 0.5, 50, 1234, -3, -0.5])
      expect(formatPercent(value)).toBe(percent.format(value / 100));
    expect(formatPercent(10)).toBe('10\u00a0%');
    expect(formatDecimal(1.5)).toBe('1,5');
    expect(formatDecimal(1234.5)).toBe('1.234,5');
    expect(() => formatDecimal(Number.NaN)).toThrow(RangeError);
  });

  test('two-decimal strings and cents convert both ways', () => {
    expect(decimalToCents('14.99')).toBe(1499);
    expect(decimalToCents('29.9')).toBe(2990);
    expect(decimalToCents('5')).toBe(500);
    expect(centsToDecimal(1499)).toBe('14.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(formatEurDecimal('29.99').replace(/\u00a0/g, ' ')).toBe('29,99 €');
  });

  test.each(['', 'abc', '-1.00', '1.999', '1,99'])('decimalToCents rejects %p', (value) => {
    expect(() => decimalToCents(value)).toThrow(RangeError);
  });

  test('rejects amounts that are not whole cents', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => formatEur(Number.NaN)).toThrow(RangeError);
  });

  test('date and time in German time, summer and winter', () => {
    expect(formatDateTime(new Date('2026-11-22T12:00:00Z'))).toBe('22.11.2026 um 13:00 Uhr');
    expect(formatDateTime(new Date('2026-07-01T22:30:00Z'))).toBe('02.07.2026 um 00:30 Uhr');
  });
});

describe('calendar days in Germany', () => {
  test('isoDateInBerlin takes the German day, not the UTC one', () => {
    expect(isoDateInBerlin(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30'); // 00:30 in Berlin (CET)
    expect(isoDateInBerlin(new Date('2026-07-31T21:59:00Z'))).toBe('2026-07-31'); // 23:59 in Berlin (CEST)
    expect(isoDateInBerlin(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01');
  });
  test('addDaysToIsoDate counts calendar days over months, years and clock changes', () => {
    expect(addDaysToIsoDate('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDaysToIsoDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToIsoDate('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDaysToIsoDate('2026-11-23', -7)).toBe('2026-11-16');
  });
  test('startOfBerlinDay is German midnight in winter, summer and on the switch days', () => {
    expect(startOfBerlinDay('2026-11-23').toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(startOfBerlinDay('2026-07-31').toISOString()).toBe('2026-07-30T22:00:00.000Z');
    expect(startOfBerlinDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfBerlinDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(() => startOfBerlinDay('23.11.2026')).toThrow(RangeError);
  });
  test.each([
    ['12,99', '12.99'],
    ['12.99', '12.99'],
    ['12', '12.00'],
    ['12,5', '12.50'],
    [' 0,99 € ', '0.99'],
    ['007,10', '7.10'],
  ])('parseEuroInput(%p) is %p', (text, amount) => expect(parseEuroInput(text)).toBe(amount));
  test.each(['', '12,999', '-1', '1.234,50', 'zwölf', '100000'])('parseEuroInput(%p) is null', (text) =>
    expect(parseEuroInput(text)).toBeNull(),
  );
  test('formatIsoDate writes German notation and refuses other shapes', () => {
    expect(formatIsoDate('2026-11-30')).toBe('30.11.2026');
    expect(() => formatIsoDate('30.11.2026')).toThrow(RangeError);
  });
});

test('a page text version reads as its German date, a second one that day with its number', () => {
  expect(formatTextVersion('2026-11-24')).toBe('24.11.2026');
  expect(formatTextVersion('2026-11-24.2')).toBe('24.11.2026 (2. Fassung)');
  expect(formatTextVersion('v1')).toBe('v1');
});
