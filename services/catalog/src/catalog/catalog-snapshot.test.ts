import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { seedCatalogue } from '../seed/seed';
import { productModel } from '../products/product.model';
import { CatalogSnapshot } from './catalog-snapshot';

/**
 * The in-memory catalogue against the real database: a product this service writes while a
 * rebuild is reading the database keeps its new state (the rebuild's older record must not
 * replace it, or a server-rendered page shows the old price after a staff change).
 */
jest.setTimeout(60_000);
let db: Connection;

beforeAll(async () => {
  db = await mongoose
    .createConnection(process.env.MONGODB_URI!, { dbName: `test_catalog_snapshot_${randomUUID().slice(0, 8)}` })
    .asPromise();
  await seedCatalogue(db);
});
/** No other instance listens in these tests. */
const silentChanges = { announce: async () => undefined, subscribe: () => () => undefined };

afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

test('a write applied during a rebuild survives the rebuild; a rebuild alone reads the database', async () => {
  const snapshot = new CatalogSnapshot(db, silentChanges);
  await snapshot.refresh();
  const product = snapshot.products.find((candidate) => candidate.api.salePrice)!;
  const id = product.api.id;
  const stored = (await productModel(db).findById(id).lean())!;

  // The rebuild starts reading; meanwhile this service applies a newer record of the product.
  const rebuild = snapshot.refresh();
  const newer = { ...stored, salePriceCents: 1111, updatedAt: new Date(Date.now() + 60_000) };
  await snapshot.applyProducts([newer]);
  await rebuild;
  expect(snapshot.productById(id)?.api.salePrice).toBe('11.11');

  // Without a write in between, the rebuild is the database's state again.
  await snapshot.refresh();
  expect(snapshot.productById(id)?.api.salePrice).toBe(product.api.salePrice);
});
