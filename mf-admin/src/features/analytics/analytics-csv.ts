import type { AnalyticsReport } from '@shop/contracts/admin';

/** A number for German spreadsheets: decimal comma ('1234.50' → '1234,50'). */
const amount = (value: string) => value.replace('.', ',');
/** A CSV cell: quoted when it holds the separator, a quote or a line break. */
const cell = (value: string | number) => {
  const text = String(value);
  return /[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The report as CSV the way German spreadsheets open it: semicolons, decimal commas,
 * a byte order mark for Excel, one block per table with a heading line.
 */
export function analyticsCsv(report: AnalyticsReport): string {
  const rows: Array<Array<string | number>> = [
    [`Zeitraum ${report.from} bis ${report.to}`],
    ['Bestellungen', 'Umsatz (EUR)', 'Artikel', 'Durchschnittlicher Bestellwert (EUR)'],
    [report.totals.orders, amount(report.totals.revenue), report.totals.units, amount(report.totals.averageOrderValue)],
    [],
    ['Datum', 'Bestellungen', 'Umsatz (EUR)'],
    ...report.days.map((day) => [day.date, day.orders, amount(day.revenue)]),
    [],
    ['Kategorie', 'Artikel', 'Umsatz (EUR)'],
    ...report.categories.map((category) => [category.name, category.units, amount(category.revenue)]),
    [],
    ['Produkt', 'Artikel', 'Umsatz (EUR)'],
    ...report.topProducts.map((product) => [product.name, product.units, amount(product.revenue)]),
    [],
    ['Gutscheincode', 'Bestellungen', 'Rabatt (EUR)'],
    ...report.promoCodes.map((promo) => [promo.code, promo.orders, amount(promo.discount)]),
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
