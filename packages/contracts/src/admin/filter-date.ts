import { IsoDate } from '../orders';
import { lazySchema } from '../lazy-schema';

/** Earliest and latest day staff lists and reports may be filtered by ('YYYY-MM-DD'). */
export const FILTER_DATE_MIN = '2000-01-01';
export const FILTER_DATE_MAX = '2099-12-31';

/**
 * A day staff filter lists and reports by (audit log, analytics, orders): a real calendar day
 * within this century (days before about 1800 reached the database's date handling and
 * answered 500). Outside it: 400 with the German message.
 */
export const FilterDate = lazySchema(() =>
  IsoDate.refine(
    (value) => value >= FILTER_DATE_MIN && value <= FILTER_DATE_MAX,
    'Bitte wählen Sie ein Datum zwischen dem 01.01.2000 und dem 31.12.2099.',
  ),
);
