import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { seedCatalogue } from '../seed/seed';
import { productModel } from '../products/product.model';
import { CatalogSnapshot, FULL_REFRESH_MS } from './catalog-snapshot';

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

afterEach(() => jest.restoreAllMocks());

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

test("another instance's product changes are put in without reading the whole catalogue; what it cannot place rebuilds it", async () => {
  const reader = new CatalogSnapshot(db, silentChanges);
  await reader.refresh();
  const Product = productModel(db);
  const refresh = jest.spyOn(reader, 'refresh');
  const find = jest.spyOn(Product, 'find');
  const [target, other] = await Product.find({ isActive: true, stock: { $gte: 5 } })
    .limit(2)
    .lean();
  find.mockClear();
  const id = String(target!._id);
  const { flavor, name } = target!;
  try {
    // A stock reservation through another instance: the product in place, nothing else rebuilt.
    await Product.updateOne({ _id: target!._id }, { $inc: { stock: -2 } });
    await reader.sync();
    expect(reader.productById(id)?.api.stock).toBe(target!.stock! - 2);

    // A new name and flavour: the search index follows, still without reading everything.
    await Product.updateOne({ _id: target!._id }, { $set: { flavor: 'Zyklon Frost', name: 'RandM Tornado Zyklon Frost' } });
    await reader.sync();
    expect(reader.search('zyklon')).toEqual([id]);
    expect(refresh).not.toHaveBeenCalled();
    // Each sync read only the changed products (a filter on updatedAt), never the whole collection.
    expect(find.mock.calls.map(([filter]) => Object.keys(filter ?? {}))).toEqual([['updatedAt'], ['updatedAt']]);

    // Nothing changed since: the sync reads no product and keeps the snapshot.
    const before = reader.productById(id);
    await reader.sync();
    expect(reader.productById(id)).toBe(before);
    expect(find).toHaveBeenCalledTimes(2);

    // This instance's own newer record (written while a read was on its way) is not replaced by an older one read back.
    const own = { ...(await Product.findById(target!._id).lean())!, salePriceCents: 1234, updatedAt: new Date(Date.now() + 60_000) };
    await reader.applyProducts([own]);
    await Product.updateOne({ _id: other!._id }, { $inc: { stock: -1 } });
    await reader.sync();
    expect(reader.productById(id)?.api.salePrice).toBe('12.34');
    expect(reader.productById(String(other!._id))?.api.stock).toBe(other!.stock! - 1);
    expect(refresh).not.toHaveBeenCalled();

    // A product removed and another added meanwhile (the count stays): a rebuild, which has the new one and not the old.
    const { _id: _, createdAt: __, updatedAt: ___, ...copy } = other!;
    await Product.deleteOne({ _id: other!._id });
    const added = await Product.create({
      ...copy,
      sku: `${other!.sku}-neu`,
      slug: `${other!.slug}-neu`,
      flavorSlug: `${other!.flavorSlug}-neu`,
    });
    await reader.sync();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(reader.productById(String(added._id))).toBeDefined();
    expect(reader.productById(String(other!._id))).toBeUndefined();
    await Product.deleteOne({ _id: added._id });
    await Product.create(other!);
  } finally {
    await Product.updateOne({ _id: target!._id }, { $set: { flavor, name }, $inc: { stock: 2 } });
  }
});

test('a newest product change older than the last one seen, or a long time since the last rebuild, rebuilds the whole snapshot', async () => {
  const reader = new CatalogSnapshot(db, silentChanges);
  const Product = productModel(db);
  const [target] = await Product.find({ isActive: true }).limit(1).lean();
  // The newest record stamped ahead (a writer whose clock runs ahead), then written again by one behind.
  await Product.updateOne({ _id: target!._id }, { $set: { updatedAt: new Date(Date.now() + 120_000) } }, { timestamps: false });
  await reader.refresh();
  const refresh = jest.spyOn(reader, 'refresh');
  await Product.updateOne({ _id: target!._id }, { $set: { stock: 7 } });
  await reader.sync();
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(reader.productById(String(target!._id))?.api.stock).toBe(7);

  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + FULL_REFRESH_MS);
  await reader.sync();
  expect(refresh).toHaveBeenCalledTimes(2);
});

test("the shared cache is purged for what this instance's writes change on the pages: soft, hard for a product taken offline, nothing for an order's stock", async () => {
  const purges: Array<{ tags: string[]; mode: string }> = [];
  const edge = { purge: async (tags: readonly string[], _settleMs?: number, mode = 'soft') => void purges.push({ tags: [...tags], mode }) };
  const snapshot = new CatalogSnapshot(db, silentChanges, edge);
  await snapshot.refresh();
  const Product = productModel(db);
  const stored = (await Product.findOne({ isActive: true, stock: { $gte: 5 } }).lean())!;
  const id = String(stored._id);
  const later = (ms: number) => new Date(new Date(stored.updatedAt as Date).getTime() + ms);
  const tagsOf = (mode: string) => purges.filter((purge) => purge.mode === mode).flatMap((purge) => purge.tags);

  // An order's reservation: the stock and sales count change, the product is not sold out.
  await snapshot.applyProducts([{ ...stored, stock: (stored.stock as number) - 1, salesCount: 99, updatedAt: later(1000) }]);
  expect(tagsOf('soft').concat(tagsOf('hard'))).toEqual([]);

  // A new price: the product's pages and cards, and the lists (their order by price) and category figures.
  const newPrice = { priceCents: (stored.priceCents as number) + 100, salePriceCents: null };
  await snapshot.applyProducts([{ ...stored, ...newPrice, updatedAt: later(2000) }]);
  expect(tagsOf('soft').sort()).toEqual([`p-${id}`, 'categories', 'products'].sort());
  expect(tagsOf('hard')).toEqual([]);

  // Taken offline: its pages dropped with their stale copies.
  purges.length = 0;
  await snapshot.applyProducts([{ ...stored, ...newPrice, isActive: false, updatedAt: later(3000) }]);
  expect(tagsOf('hard')).toEqual([`p-${id}`]);
  expect(tagsOf('soft').sort()).toEqual(['categories', 'products']);
});
