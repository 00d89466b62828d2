/**
 * The catalogue as CSV for Excel in Germany, against the real local database: what staff get
 * from `GET /api/admin/products/export.csv`, read back with a CSV parser as Excel reads it.
 */
import { parse } from 'csv-parse/sync';
import { podInput, staffIdentity, adminCatalogForTests } from '../../test-support/admin-catalog-env';
import { PRODUCT_CSV_COLUMNS } from './product-csv-columns';

const catalog = adminCatalogForTests();

const exportCsv = async (role = 'manager') =>
  catalog().app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: await staffIdentity(role) });

test('every product, one row each under German headers, as Excel in Germany writes it: BOM, semicolons, decimal comma', async () => {
  const products = [
    podInput({ sku: 'CSV-B', price: '12.50', salePrice: '9.99', liquidVolumeMl: 1.5, sellableUntil: '2027-02-17' }),
    podInput({ sku: 'CSV-A', stock: null, isFeatured: true, features: ['2 ml Liquid', 'Mesh-Coil'], shippingWeightGrams: null }),
  ];
  for (const product of products) {
    const created = await catalog().app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: await staffIdentity('manager'),
      payload: product,
    });
    expect(created.statusCode).toBe(201);
  }

  const response = await exportCsv();
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="produkte-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(response.headers['cache-control']).toBe('private, no-store');
  const body = response.rawPayload;
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(body.toString('utf8')).toContain('\r\n');

  const rows = parse(body, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
  expect(Object.keys(rows[0]!)).toEqual(PRODUCT_CSV_COLUMNS.map(({ header }) => header));
  // By SKU.
  expect(rows.map((row) => row.Artikelnummer)).toEqual(['CSV-A', 'CSV-B']);
  expect(rows[1]).toMatchObject({
    'Preis (EUR)': '12,50',
    'Aktionspreis (EUR)': '9,99',
    'Liquid (ml)': '1,5',
    'Nikotin (mg/ml)': '20',
    Verkaufsende: '17.02.2027',
    Aktiv: 'ja',
    Hervorgehoben: 'nein',
    'Versandgewicht (g)': '85',
    Kategorie: 'cat-tornado-9000',
    'Beschreibung (HTML)': '<p>Vorbefüllter Pod mit 2 ml.</p>',
  });
  expect(rows[0]).toMatchObject({ Bestand: '', Hervorgehoben: 'ja', 'Versandgewicht (g)': '', Merkmale: '2 ml Liquid\nMesh-Coil' });
});

test('a cell a spreadsheet would run as a formula stays text: it starts with an apostrophe (CSV injection)', async () => {
  const hostile = podInput({ sku: 'CSV-FORMEL', flavor: '=HYPERLINK("https://example.invalid";"Klick")', coil: '@SUM(A1)' });
  const created = await catalog().app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: await staffIdentity('manager'),
    payload: hostile,
  });
  expect(created.statusCode).toBe(201);
  const rows = parse((await exportCsv()).rawPayload, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
  const row = rows.find((candidate) => candidate.Artikelnummer === 'CSV-FORMEL')!;
  expect(row.Geschmacksrichtung).toBe(`'=HYPERLINK("https://example.invalid";"Klick")`);
  expect(row.Coil).toBe("'@SUM(A1)");
  expect(row.Name).toBe(hostile.name);
});

test('only staff with catalogue rights get it', async () => {
  expect((await catalog().app.inject({ method: 'GET', url: '/api/admin/products/export.csv' })).statusCode).toBe(401);
  expect((await exportCsv('customer')).statusCode).toBe(403);
});
