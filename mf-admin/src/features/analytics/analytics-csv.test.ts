import { analyticsCsv } from './analytics-csv';

test('German CSV: semicolons, decimal commas, quoted cells, a byte order mark', () => {
  const csv = analyticsCsv({
    from: '2026-11-20',
    to: '2026-11-21',
    totals: { orders: 2, revenue: '52.97', units: 4, averageOrderValue: '26.49' },
    days: [{ date: '2026-11-20', orders: 1, revenue: '19.99' }],
    categories: [{ category: 'randm-tornado-9000', name: 'RandM Tornado 9000', units: 3, revenue: '50.97' }],
    topProducts: [{ productId: 'a', name: 'Mango; "Ice"', units: 3, revenue: '50.97' }],
    promoCodes: [],
  });
  expect(csv.startsWith('\uFEFFZeitraum 2026-11-20 bis 2026-11-21\r\n')).toBe(true);
  expect(csv).toContain('2;52,97;4;26,49\r\n');
  expect(csv).toContain('2026-11-20;1;19,99\r\n');
  expect(csv).toContain('"Mango; ""Ice""";3;50,97\r\n');
  expect(csv.endsWith('Gutscheincode;Bestellungen;Rabatt (EUR)\r\n')).toBe(true);
});
