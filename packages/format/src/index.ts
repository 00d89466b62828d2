/**
 * German formatting helpers (spec §1: EUR, German locale). All amounts are integer cents
 * unless the name says otherwise.
 */

/**
 * A formatter made on its first use and kept: creating Intl formatters is costly (locale and time
 * zone data), and a page that formats no dates should not pay for them while it starts.
 */
function lazyFormatter<T>(create: () => T): () => T {
  let formatter: T | undefined;
  return () => (formatter ??= create());
}

/**
 * A whole number's digits grouped in threes with German thousands dots ('1234567' → '1.234.567'),
 * as Intl's 'de-DE' writes them. Amounts and puff counts are written by hand, not by
 * Intl.NumberFormat: the first formatter a page creates loads the locale's number data, about
 * 50 ms of a phone's main thread while the page starts (docs/performance.md); the test pins the
 * result to Intl's.
 */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, '.');
}

/** Rounds half away from zero, as Intl does: -2.5 → -3. */
function roundHalfExpand(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
const ratingFormatter = lazyFormatter(() => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const dateFormatter = lazyFormatter(
  () => new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }),
);
const timeFormatter = lazyFormatter(
  () => new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }),
);
const berlinIsoDate = lazyFormatter(
  () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Berlin' }),
);

/** 1499 → '14,99 €' (a no-break space before the euro sign, as Intl's 'de-DE' EUR currency format). */
export function formatEur(amountCents: number): string {
  if (!Number.isFinite(amountCents)) throw new RangeError(`formatEur: not a finite amount: ${amountCents}`);
  const cents = roundHalfExpand(amountCents);
  const whole = Math.abs(cents);
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  return `${sign}${groupThousands(String(Math.floor(whole / 100)))},${String(whole % 100).padStart(2, '0')}\u00a0€`;
}

/**
 * Parses the API's two-decimal string ('14.99') into integer cents (1499).
 * @throws RangeError for anything that is not a non-negative decimal with at most two places.
 */
export function decimalToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`decimalToCents: not a two-decimal amount: '${value}'`);
  const [, euros, fraction = ''] = match;
  return Number(euros) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer cents → the API's two-decimal string (1499 → '14.99'). */
export function centsToDecimal(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError(`centsToDecimal: not whole cents: ${amountCents}`);
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/** '14.99' → '14,99 €'. */
export function formatEurDecimal(value: string): string {
  return formatEur(decimalToCents(value));
}

/** Whole numbers with German thousands separators: 40000 → '40.000'. */
export function formatInteger(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`formatInteger: not a finite number: ${value}`);
  const rounded = roundHalfExpand(value);
  return `${rounded < 0 || Object.is(rounded, -0) ? '-' : ''}${groupThousands(String(Math.abs(rounded)))}`;
}

/**
 * A number in German notation with at most two decimals, as Intl's 'de-DE' writes it: thousands
 * dots and a decimal comma (1.5 → '1,5', 20 → '20', 1234.5 → '1.234,5').
 */
export function formatDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`formatDecimal: not a finite number: ${value}`);
  const hundredths = roundHalfExpand(value * 100);
  const whole = formatInteger(Math.trunc(hundredths / 100));
  const fraction = String(Math.abs(hundredths) % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const sign = hundredths < 0 && whole === '0' ? '-' : '';
  return `${sign}${whole}${fraction ? `,${fraction}` : ''}`;
}

/** A percentage as Intl's 'de-DE' percent format writes it: a no-break space before the sign (10 → '10 %', 1.75 → '1,75 %'). */
export function formatPercent(value: number): string {
  return `${formatDecimal(value)}\u00a0%`;
}

/** An average of stars with one decimal in German notation: 4.25 → '4,3', 5 → '5,0'. */
export function formatRating(value: number): string {
  return ratingFormatter().format(value);
}

/** Date as dd.mm.yyyy in German notation. */
export function formatDate(date: Date): string {
  return dateFormatter().format(date);
}

/** Date and time in German notation and German time: '22.11.2026 um 13:00 Uhr'. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} um ${timeFormatter().format(date)} Uhr`;
}

/** The calendar day of `date` in Germany as 'YYYY-MM-DD' (a due date the API sends). */
export function isoDateInBerlin(date: Date): string {
  return berlinIsoDate().format(date);
}

/**
 * The first instant of a calendar day in Germany ('2026-11-23' → 2026-11-22T23:00:00Z): for
 * date filters given as Berlin days. @throws RangeError for another shape.
 */
export function startOfBerlinDay(isoDate: string): Date {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || Number.isNaN(utcMidnight))
    throw new RangeError(`startOfBerlinDay: not YYYY-MM-DD: '${isoDate}'`);
  // Germany is UTC+1 or UTC+2, so its midnight is one or two hours before UTC's.
  for (const hours of [2, 1]) {
    const candidate = new Date(utcMidnight - hours * 3_600_000);
    if (isoDateInBerlin(candidate) === isoDate && isoDateInBerlin(new Date(candidate.getTime() - 1)) !== isoDate) return candidate;
  }
  throw new RangeError(`startOfBerlinDay: no German midnight for '${isoDate}'`);
}

/** The calendar day `days` after (or before, when negative) 'YYYY-MM-DD' ('2026-11-30', 1 → '2026-12-01'). */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A euro amount as staff type it ('12,99', '12.99', '12', '12,5') → the API's two-decimal
 * string ('12.99', '12.50'); null when it is not an amount from 0 to 99 999,99 €.
 */
export function parseEuroInput(text: string): string | null {
  const match = /^(\d{1,5})(?:[,.](\d{1,2}))?$/.exec(text.trim().replace(/\s*€$/, ''));
  if (!match) return null;
  return `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** 'YYYY-MM-DD' → dd.mm.yyyy ('2026-11-30' → '30.11.2026'). @throws RangeError for another shape. */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new RangeError(`formatIsoDate: not YYYY-MM-DD: '${value}'`);
  return `${match[3]}.${match[2]}.${match[1]}`;
}

/**
 * A text version of a legal or information page ('2026-11-24', or '2026-11-24.2' for the second
 * one published that day) as German readers see it: '24.11.2026' or
 * '24.11.2026 (2. Fassung)'. Any other value is returned unchanged.
 */
export function formatTextVersion(version: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:\.(\d+))?$/.exec(version);
  if (!match) return version;
  return `${formatIsoDate(match[1]!)}${match[2] ? ` (${match[2]}. Fassung)` : ''}`;
}
