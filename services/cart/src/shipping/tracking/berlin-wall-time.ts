import { isoDateInBerlin } from '@shop/format';

const berlinClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * The instant a German clock shows `hour`:`minute` on the German day `isoDate` (DHL's tracking
 * times are German local time without a zone). Germany is UTC+1 or UTC+2: the candidate whose
 * German day and time read back as given wins; in the hour the clocks go back (it occurs twice)
 * the earlier one; in the hour skipped in spring (it never occurs) null.
 */
export function berlinWallTime(isoDate: string, hour: number, minute: number): Date | null {
  const asUtc = Date.parse(`${isoDate}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  const wanted = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    if (isoDateInBerlin(candidate) === isoDate && berlinClock.format(candidate) === wanted) return candidate;
  }
  return null;
}
