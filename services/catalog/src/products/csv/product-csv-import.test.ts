/**
 * The product CSV import against the real local database: the dry run (nothing written), its
 * apply through the editor's versioned, audited writes with one audit entry for the import, the
 * stock-only mode, and the files it refuses, with errors by row (as Excel numbers them) and column.
 */
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import { PRODUCT_IMPORT_MAX_WRITES, type ProductInput } from '@shop/contracts/admin';
import { podInput, staffIdentity, adminCatalogForTests } from '../../test-support/admin-catalog-env';
import { productModel } from '../product.model';
import { productsCsv } from './product-csv-export';

const catalog = adminCatalogForTests();

/** A CSV file as Excel in Germany saves it ('CSV UTF-8': BOM, `;`, CRLF). */
const csvFile = (rows: string[][]) => Buffer.from(stringify(rows, { delimiter: ';', bom: true, record_delimiter: 'windows' }), 'utf8');

const post = async (step: 'dry-run' | 'apply', file: Buffer, query: Record<string, string>) =>
  catalog().app.inject({
    method: 'POST',
    url: `/api/admin/products/import/${step}?${new URLSearchParams({ fileName: 'liste.csv', ...query })}`,
    headers: { ...(await staffIdentity('manager')), 'content-type': 'text/csv' },
    payload: file,
  });
const dryRun = (file: Buffer, mode = 'products') => post('dry-run', file, { mode });
const apply = (file: Buffer, sha256: string, mode = 'products') => post('apply', file, { mode, sha256 });

async function createProduct(overrides: Partial<ProductInput> = {}) {
  const response = await catalog().app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: await staffIdentity('manager'),
    payload: podInput(overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; sku: string; version: number }>();
}
const stored = (sku: string) => productModel(catalog().app.db).findOne({ sku }).lean();
const exportCsv = async () =>
  (await catalog().app.inject({ method: 'GET', url: '/api/admin/products/export.csv', headers: await staffIdentity('manager') }))
    .rawPayload;

test('the export imported again changes nothing: every row unchanged, nothing to apply, nothing written', async () => {
  await createProduct({
    sku: 'RT-1',
    salePrice: '8.49',
    sellableUntil: '2027-02-17',
    liquidVolumeMl: 1.5,
    features: ['Mesh-Coil', '2 ml'],
  });
  await createProduct({ sku: 'RT-2', stock: null, shippingWeightGrams: null, coil: '=Formel?' });
  const before = await productModel(catalog().app.db).find().lean();

  const response = await dryRun(await exportCsv());
  expect(response.statusCode).toBe(200);
  const result = response.json();
  expect(result.rows.map((row: { status: string }) => row.status)).toEqual(before.map(() => 'unchanged'));
  expect(result.rows.flatMap((row: { errors: unknown[] }) => row.errors)).toEqual([]);
  expect(result).toMatchObject({ canApply: false, counts: { new: 0, changed: 0, unchanged: before.length, withErrors: 0 } });
  expect(result.rows[0]).toMatchObject({ row: 2, sku: 'RT-1', changes: [] });

  // Nothing to apply: no dry run was recorded for it.
  const applied = await apply(await exportCsv(), result.sha256);
  expect(applied.statusCode).toBe(409);
  expect(applied.json().code).toBe('CSV_NOT_CHECKED');
  const after = await productModel(catalog().app.db).find().lean();
  expect(after.map((doc) => doc.version)).toEqual(before.map((doc) => doc.version));
});

test("a supplier's price list: the dry run lists before → after and writes nothing; the apply writes versioned, with price history and one import entry in the audit log", async () => {
  const a = await createProduct({ sku: 'PL-A', price: '9.99' });
  const b = await createProduct({ sku: 'PL-B', price: '12.00', salePrice: '10.00' });
  const c = await createProduct({ sku: 'PL-C', price: '5.00' });
  const file = csvFile([
    ['Artikelnummer', 'Preis (EUR)', 'Aktionspreis (EUR)'],
    ['PL-A', '11,49', ''],
    ['PL-B', '12,00', ''],
    ['PL-C', '5,00', ''],
  ]);

  const checked = (await dryRun(file)).json();
  expect(checked).toMatchObject({
    fileName: 'liste.csv',
    mode: 'products',
    canApply: true,
    counts: { changed: 2, unchanged: 1, withErrors: 0 },
  });
  expect(checked.rows).toEqual([
    { row: 2, sku: 'PL-A', status: 'changed', changes: [{ column: 'Preis (EUR)', before: '9,99', after: '11,49' }], errors: [] },
    { row: 3, sku: 'PL-B', status: 'changed', changes: [{ column: 'Aktionspreis (EUR)', before: '10,00', after: '' }], errors: [] },
    { row: 4, sku: 'PL-C', status: 'unchanged', changes: [], errors: [] },
  ]);
  expect(await stored('PL-A')).toMatchObject({ priceCents: 999, version: 0 });

  const response = await apply(file, checked.sha256);
  expect(response.statusCode).toBe(200);
  const result = response.json();
  expect(result).toMatchObject({ created: 0, changed: 2, refused: [] });
  expect(await stored('PL-A')).toMatchObject({ priceCents: 1149, version: 1 });
  expect(await stored('PL-B')).toMatchObject({ priceCents: 1200, salePriceCents: null, version: 1 });
  expect(await stored('PL-C')).toMatchObject({ version: 0 });
  const detail = await catalog().app.inject({ method: 'GET', url: `/api/admin/products/${a.id}`, headers: await staffIdentity('manager') });
  expect(detail.json().priceHistory.map((entry: { price: string }) => entry.price)).toEqual(['11.49', '9.99']);

  await catalog().domain.auditRelay.flush();
  const entries = catalog.audit().entries();
  const importEntry = entries.filter((entry) => entry.entity === 'product-import' && entry.entityId === result.importId);
  expect(importEntry).toEqual([expect.objectContaining({ label: 'CSV-Import liste.csv', action: 'import', service: 'catalog' })]);
  expect(importEntry[0]!.changes).toEqual(
    expect.arrayContaining([
      { field: 'created', before: null, after: 0 },
      { field: 'changed', before: null, after: 2 },
    ]),
  );
  const productEntries = entries.filter((entry) => entry.reason?.includes(result.importId));
  expect(productEntries.map((entry) => [entry.entityId, entry.action]).sort()).toEqual(
    [
      [a.id, 'csv-import'],
      [b.id, 'csv-import'],
    ].sort(),
  );
  expect(productEntries.find((entry) => entry.entityId === a.id)!.changes).toEqual([{ field: 'price', before: '9.99', after: '11.49' }]);
  expect(entries.some((entry) => entry.entityId === c.id && entry.action === 'csv-import')).toBe(false);

  // The same dry run applies once.
  expect((await apply(file, checked.sha256)).json().code).toBe('CSV_NOT_CHECKED');
});

test('a new product row is created with every required column; one missing them is an error naming the columns', async () => {
  const complete = productsCsv([podInput({ sku: 'NEU-1', flavor: 'Neue Kirsche', stock: 7 })]);
  const checked = (await dryRun(complete)).json();
  expect(checked.rows).toEqual([{ row: 2, sku: 'NEU-1', status: 'new', changes: [], errors: [] }]);
  expect(await stored('NEU-1')).toBeNull();
  const result = (await apply(complete, checked.sha256)).json();
  expect(result).toMatchObject({ created: 1, changed: 0, refused: [] });
  expect(await stored('NEU-1')).toMatchObject({ flavor: 'Neue Kirsche', stock: 7, version: 0, slug: expect.any(String) });

  const partial = csvFile([
    ['Artikelnummer', 'Name', 'Preis (EUR)'],
    ['NEU-2', 'Ohne Rest', '4,99'],
  ]);
  const refused = (await dryRun(partial)).json();
  expect(refused.canApply).toBe(false);
  expect(refused.rows[0].errors).toEqual([
    {
      row: 2,
      column: null,
      message: expect.stringMatching(
        /^Für ein neues Produkt fehlen die Spalten: „Kategorie“, „Geschmacksrichtung“, „Marke“, „Produktart“, „Aktiv“/,
      ),
    },
  ]);
});

test('a file that is not UTF-8, separated by commas, or has unknown or missing columns is refused as a whole, in German', async () => {
  const windows1252 = Buffer.concat([Buffer.from('Artikelnummer;Name\r\nPL-A;', 'latin1'), Buffer.from([0x47, 0x72, 0xfc, 0x6e])]);
  const notUtf8 = await dryRun(windows1252);
  expect(notUtf8.statusCode).toBe(400);
  expect(notUtf8.json()).toMatchObject({
    code: 'CSV_NOT_UTF8',
    message: expect.stringContaining('„CSV UTF-8 (durch Trennzeichen getrennt)“'),
  });

  const commas = await dryRun(Buffer.from('Artikelnummer,Preis (EUR)\r\nPL-A,"11,49"\r\n'));
  expect(commas.statusCode).toBe(400);
  expect(commas.json()).toMatchObject({ code: 'CSV_WRONG_SEPARATOR', message: expect.stringContaining('Kommas') });
  const tabs = await dryRun(Buffer.from('Artikelnummer\tBestand\r\nPL-A\t4\r\n'));
  expect(tabs.json()).toMatchObject({ code: 'CSV_WRONG_SEPARATOR', message: expect.stringContaining('Tabulatoren') });

  const unknown = await dryRun(
    csvFile([
      ['Artikelnummer', 'Farbe', 'Preis'],
      ['PL-A', 'rot', '1'],
    ]),
  );
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json()).toMatchObject({ code: 'CSV_COLUMNS', message: 'Unbekannte Spalten: „Farbe“, „Preis“.' });
  const noSku = await dryRun(csvFile([['Name'], ['X']]));
  expect(noSku.json()).toMatchObject({ code: 'CSV_COLUMNS', message: 'Es fehlen die Spalten: „Artikelnummer“.' });
});

test('a bad file: errors by row and column for duplicate SKUs, a formula, a malformed price and nicotine fields that disagree; nothing is written', async () => {
  await createProduct({ sku: 'BAD-A' });
  await createProduct({ sku: 'BAD-B' });
  await createProduct({ sku: 'BAD-C' });
  const file = csvFile([
    ['Artikelnummer', 'Name', 'Preis (EUR)', 'Nikotin (mg/ml)', 'Nikotinstärke'],
    ['BAD-A', 'Pod A', '12.5.0', '20', '2%'],
    ['BAD-B', '=HYPERLINK("https://example.invalid")', '9,99', '20', '2%'],
    ['BAD-C', 'Pod C', '9,99', '6', '2%'],
    ['BAD-A', 'Pod A nochmal', '9,99', '20', '2%'],
  ]);
  const response = await dryRun(file);
  expect(response.statusCode).toBe(200);
  const result = response.json();
  expect(result).toMatchObject({ canApply: false, counts: { withErrors: 4 } });
  const errors = result.rows.flatMap((row: { errors: unknown[] }) => row.errors);
  expect(errors).toEqual([
    { row: 2, column: 'Artikelnummer', message: 'Die Artikelnummer steht mehrfach in der Datei (Zeilen 2, 5).' },
    { row: 2, column: 'Preis (EUR)', message: 'Bitte eine Zahl mit Dezimalkomma eintragen (z. B. 12,50).' },
    { row: 3, column: 'Name', message: expect.stringContaining('wie eine Formel') },
    { row: 4, column: 'Nikotinstärke', message: expect.any(String) },
    { row: 5, column: 'Artikelnummer', message: 'Die Artikelnummer steht mehrfach in der Datei (Zeilen 2, 5).' },
  ]);
  expect((await productModel(catalog().app.db).find({ sku: /^BAD-/ }).lean()).map((doc) => doc.version)).toEqual([0, 0, 0]);
  // Without an error-free dry run there is nothing to apply.
  expect((await apply(file, result.sha256)).json().code).toBe('CSV_NOT_CHECKED');
});

test('stock only: Artikelnummer and Bestand, other columns and unknown SKUs refused, counts written', async () => {
  await createProduct({ sku: 'INV-1', stock: 40 });
  await createProduct({ sku: 'INV-2', stock: 3 });
  const extra = await dryRun(
    csvFile([
      ['Artikelnummer', 'Bestand', 'Preis (EUR)'],
      ['INV-1', '12', '1,00'],
    ]),
    'stock',
  );
  expect(extra.json()).toMatchObject({ code: 'CSV_COLUMNS', message: expect.stringContaining('„Preis (EUR)“') });

  const unknownSku = (
    await dryRun(
      csvFile([
        ['Artikelnummer', 'Bestand'],
        ['INV-X', '1'],
      ]),
      'stock',
    )
  ).json();
  expect(unknownSku.rows[0].errors).toEqual([
    { row: 2, column: 'Artikelnummer', message: 'Diese Artikelnummer gibt es nicht; eine Bestandsliste legt keine Produkte an.' },
  ]);

  const count = csvFile([
    ['Artikelnummer', 'Bestand'],
    ['INV-1', '38'],
    ['INV-2', '1.200'],
  ]);
  const checked = (await dryRun(count, 'stock')).json();
  expect(checked.rows.map((row: { changes: unknown[] }) => row.changes)).toEqual([
    [{ column: 'Bestand', before: '40', after: '38' }],
    [{ column: 'Bestand', before: '3', after: '1200' }],
  ]);
  // A products-mode apply of a stock-mode dry run is not what was checked.
  expect((await apply(count, checked.sha256)).json().code).toBe('CSV_NOT_CHECKED');
  expect((await apply(count, checked.sha256, 'stock')).json()).toMatchObject({ changed: 2, refused: [] });
  expect(await stored('INV-1')).toMatchObject({ stock: 38, version: 1 });
  expect(await stored('INV-2')).toMatchObject({ stock: 1200, version: 1 });
});

test('a product changed after the dry run is refused at apply and listed; the other rows are written', async () => {
  const a = await createProduct({ sku: 'RACE-A', price: '9.99' });
  await createProduct({ sku: 'RACE-B', price: '9.99' });
  const file = csvFile([
    ['Artikelnummer', 'Preis (EUR)'],
    ['RACE-A', '10,99'],
    ['RACE-B', '10,99'],
  ]);
  const checked = (await dryRun(file)).json();
  expect(checked.canApply).toBe(true);

  const edited = await catalog().app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${a.id}`,
    headers: await staffIdentity('manager'),
    payload: { version: 0, changes: { stock: 5 } },
  });
  expect(edited.statusCode).toBe(200);

  const result = (await apply(file, checked.sha256)).json();
  expect(result).toMatchObject({
    changed: 1,
    refused: [{ row: 2, sku: 'RACE-A', reason: 'Das Produkt wurde seit dem Probelauf geändert. Bitte prüfen Sie die Datei erneut.' }],
  });
  expect(await stored('RACE-A')).toMatchObject({ priceCents: 999, stock: 5, version: 1 });
  expect(await stored('RACE-B')).toMatchObject({ priceCents: 1099, version: 1 });

  // Another file than the one checked is refused.
  const other = csvFile([
    ['Artikelnummer', 'Preis (EUR)'],
    ['RACE-B', '1,00'],
  ]);
  expect((await apply(other, checked.sha256)).json().code).toBe('CSV_NOT_CHECKED');
});

test('a sale between the dry run and the apply is never overwritten: the row that would reset the stock is refused', async () => {
  await createProduct({ sku: 'SOLD-1', price: '9.99', stock: 40 });
  // A price list made from the export: it carries the stock as it was then.
  const file = csvFile([
    ['Artikelnummer', 'Preis (EUR)', 'Bestand'],
    ['SOLD-1', '10,99', '40'],
  ]);
  const checked = (await dryRun(file)).json();
  expect(checked.rows[0]).toMatchObject({ status: 'changed', changes: [{ column: 'Preis (EUR)', before: '9,99', after: '10,99' }] });
  // An order reserves 5 pieces (a stock reservation moves the stock, not the version).
  await productModel(catalog().app.db).updateOne({ sku: 'SOLD-1' }, { $inc: { stock: -5 } });

  const result = (await apply(file, checked.sha256)).json();
  expect(result).toMatchObject({
    changed: 0,
    refused: [{ sku: 'SOLD-1', reason: expect.stringContaining('seit dem Probelauf geändert') }],
  });
  expect(await stored('SOLD-1')).toMatchObject({ stock: 35, priceCents: 999, version: 0 });
});

test(`one apply writes at most ${PRODUCT_IMPORT_MAX_WRITES} new or changed products: a larger file is checked and refused as a whole`, async () => {
  const products = Array.from({ length: PRODUCT_IMPORT_MAX_WRITES + 1 }, (_, index) =>
    podInput({ sku: `PART-${index}`, flavor: `Teil ${index}` }),
  );
  const checked = (await dryRun(productsCsv(products))).json();
  expect(checked).toMatchObject({ canApply: false, counts: { new: PRODUCT_IMPORT_MAX_WRITES + 1, withErrors: 0 } });
  expect(checked.refusal).toBe(
    `Ein Import speichert höchstens ${PRODUCT_IMPORT_MAX_WRITES} neue oder geänderte Produkte, diese Datei ${PRODUCT_IMPORT_MAX_WRITES + 1}. Bitte teilen Sie sie auf.`,
  );
  expect((await apply(productsCsv(products), checked.sha256)).json().code).toBe('CSV_NOT_CHECKED');
  expect(await productModel(catalog().app.db).countDocuments({ sku: /^PART-/ })).toBe(0);
});

test('50,000 rows are checked in one dry run', async () => {
  const products = Array.from({ length: 50_000 }, (_, index) => podInput({ sku: `BULK-${index}`, flavor: `Sorte ${index}` }));
  const file = productsCsv(products);
  const started = performance.now();
  const response = await dryRun(file);
  const ms = performance.now() - started;
  console.log(`dry run of 50,000 rows (${(file.length / 1e6).toFixed(1)} MB): ${Math.round(ms)} ms`);
  expect(response.statusCode).toBe(200);
  expect(response.json().counts).toEqual({ new: 50_000, changed: 0, unchanged: 0, withErrors: 0 });

  const tooMany = productsCsv([...products, podInput({ sku: 'BULK-X' })]);
  expect((await dryRun(tooMany)).json().code).toBe('CSV_TOO_MANY_ROWS');
}, 180_000);

test("a new dry run replaces the staff member's earlier one: only the file checked last can be applied", async () => {
  await createProduct({ sku: 'TWICE-A', price: '9.99' });
  const first = csvFile([
    ['Artikelnummer', 'Preis (EUR)'],
    ['TWICE-A', '10,99'],
  ]);
  const second = csvFile([
    ['Artikelnummer', 'Preis (EUR)'],
    ['TWICE-A', '11,99'],
  ]);
  const firstSha = (await dryRun(first)).json().sha256;
  const secondSha = (await dryRun(second)).json().sha256;
  expect((await apply(first, firstSha)).json().code).toBe('CSV_NOT_CHECKED');
  expect((await apply(second, secondSha)).json()).toMatchObject({ changed: 1, refused: [] });
  expect(await stored('TWICE-A')).toMatchObject({ priceCents: 1199, version: 1 });
});
