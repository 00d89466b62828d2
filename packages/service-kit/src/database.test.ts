/**
 * Proof that the mongoose features the shop relies on work on the local engine (FerretDB v1,
 * SQLite) as on MongoDB, through the connection every service uses (openDatabase): unique and
 * compound indexes, conditional atomic updates under concurrency, $group aggregation (one $sum or
 * $count per stage: FerretDB v1 lacks $max, $min, $avg, $first, $push and expression operators
 * such as $multiply, and computes only a stage's first accumulator), sorting and paging, and
 * lookups by `_id` through the `_id` index.
 * Runs against MONGODB_URI (npm test, or jest's global setup).
 */
import { Schema, type Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { isFerretDb, openDatabase } from './database';

let connection: Connection;

const productSchema = new Schema({
  slug: { type: String, required: true, unique: true },
  categoryId: { type: String, required: true },
  puffCount: { type: Number, required: true },
  priceCents: { type: Number, required: true },
  stock: { type: Number, default: null },
  salesCount: { type: Number, default: 0 },
});
productSchema.index({ categoryId: 1, salesCount: -1 });

beforeAll(async () => {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set (run through npm test or jest with its global setup)');
  connection = await openDatabase(uri, `test_features_${randomUUID().slice(0, 8)}`);
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

function model() {
  return connection.models.Product ?? connection.model('Product', productSchema);
}

describe('mongoose on the local engine', () => {
  test('unique index rejects a duplicate slug with E11000', async () => {
    const Product = model();
    await Product.init();
    await Product.create({ slug: 'tornado-9000-mango', categoryId: 'cat-tornado-9000', puffCount: 9000, priceCents: 1499 });
    await expect(
      Product.create({ slug: 'tornado-9000-mango', categoryId: 'cat-tornado-9000', puffCount: 9000, priceCents: 1499 }),
    ).rejects.toMatchObject({ code: 11000 });
  });

  test('compound index is created as declared', async () => {
    const Product = model();
    await Product.init();
    const indexes = await Product.collection.indexes();
    expect(indexes.map((index) => index.key)).toEqual(expect.arrayContaining([{ slug: 1 }, { categoryId: 1, salesCount: -1 }]));
  });

  test('conditional atomic decrement never takes stock below zero, also under concurrency', async () => {
    const Product = model();
    const product = await Product.create({ slug: `stock-${randomUUID()}`, categoryId: 'c', puffCount: 7000, priceCents: 999, stock: 5 });
    const reserve = () =>
      Product.findOneAndUpdate(
        { _id: product._id, stock: { $gte: 1 } },
        { $inc: { stock: -1, salesCount: 1 } },
        { returnDocument: 'after' },
      ).lean();
    const results = await Promise.all(Array.from({ length: 12 }, reserve));
    expect(results.filter(Boolean)).toHaveLength(5);
    const after = await Product.findById(product._id).lean();
    expect(after).toMatchObject({ stock: 0, salesCount: 5 });
    await expect(reserve()).resolves.toBeNull();
  });

  test('guarded updates from several processes (one connection each) never oversell or lose an increment', async () => {
    // Two or more instances of a service share one database. Unpatched FerretDB v1
    // let 8 guarded reservations on stock 5 from different connections all "succeed"; the local
    // engine is built with serialised writes (packages/local-mongo/go/serialize_writes.go).
    const product = await model().create({ slug: `stock-${randomUUID()}`, categoryId: 'c', puffCount: 7000, priceCents: 999, stock: 5 });
    const instances = await Promise.all(Array.from({ length: 4 }, () => openDatabase(process.env.MONGODB_URI!, connection.name)));
    try {
      const reserve = (db: Connection) =>
        (db.models.Product ?? db.model('Product', productSchema))
          .findOneAndUpdate({ _id: product._id, stock: { $gte: 1 } }, { $inc: { stock: -1, salesCount: 1 } }, { returnDocument: 'after' })
          .lean();
      const count = (db: Connection) =>
        (db.models.Product ?? db.model('Product', productSchema)).updateOne({ _id: product._id }, { $inc: { puffCount: 1 } });
      const results = await Promise.all(instances.flatMap((db) => [reserve(db), reserve(db), reserve(db), count(db), count(db)]));
      expect(results.filter((result) => result && 'stock' in result)).toHaveLength(5);
      expect(await model().findById(product._id).lean()).toMatchObject({ stock: 0, salesCount: 5, puffCount: 7008 });
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });
  test('$group aggregation: one accumulator per stage, per category', async () => {
    // FerretDB 1.24 computes only the first accumulator of a $group (the others read 0), so
    // the shop runs one accumulator per pipeline (docs/decisions/local-engine.md).
    const Product = model();
    const categoryA = `agg-a-${randomUUID()}`;
    const categoryB = `agg-b-${randomUUID()}`;
    await Product.insertMany([
      { slug: `${categoryA}-1`, categoryId: categoryA, puffCount: 9000, priceCents: 1000, salesCount: 3 },
      { slug: `${categoryA}-2`, categoryId: categoryA, puffCount: 9000, priceCents: 1500, salesCount: 4 },
      { slug: `${categoryB}-1`, categoryId: categoryB, puffCount: 12000, priceCents: 2000, salesCount: 10 },
    ]);
    const match = { $match: { categoryId: { $in: [categoryA, categoryB] } } };
    const sold = await Product.aggregate<{ _id: string; sold: number }>([
      match,
      { $group: { _id: '$categoryId', sold: { $sum: '$salesCount' } } },
      { $sort: { _id: 1 } },
    ]);
    const counts = await Product.aggregate<{ _id: string; products: number }>([
      match,
      { $group: { _id: '$categoryId', products: { $count: {} } } },
      { $sort: { _id: 1 } },
    ]);
    expect(sold).toEqual([
      { _id: categoryA, sold: 7 },
      { _id: categoryB, sold: 10 },
    ]);
    expect(counts).toEqual([
      { _id: categoryA, products: 2 },
      { _id: categoryB, products: 1 },
    ]);
  });

  test('sorting and paging with skip/limit and a count', async () => {
    const Product = model();
    const categoryId = `page-${randomUUID()}`;
    await Product.insertMany(
      Array.from({ length: 25 }, (_, i) => ({
        slug: `${categoryId}-${i}`,
        categoryId,
        puffCount: 7000,
        priceCents: 1000 + i,
        salesCount: i,
      })),
    );
    const page2 = await Product.find({ categoryId }).sort({ priceCents: -1, slug: 1 }).skip(10).limit(10).lean();
    expect(page2.map((p) => p.priceCents)).toEqual([1014, 1013, 1012, 1011, 1010, 1009, 1008, 1007, 1006, 1005]);
    await expect(Product.countDocuments({ categoryId })).resolves.toBe(25);
  });

  test('a lookup by _id reads the _id index, also with more fields beside it, and still applies them', async () => {
    const Product = model();
    const categoryId = `lookup-${randomUUID()}`;
    const [target] = await Product.insertMany(
      Array.from({ length: 50 }, (_, i) => ({ slug: `${categoryId}-${i}`, categoryId, puffCount: 7000, priceCents: 1000, stock: 1 })),
    );
    const id = target!._id;
    const ferret = await isFerretDb(connection);
    for (const filter of [{ _id: id }, { _id: id, stock: { $gte: 1 } }]) {
      const explained = (await Product.collection.find(filter).explain()) as { queryPlanner: { Plan?: string[]; winningPlan?: unknown } };
      // The engine's SQLite plan (FerretDB v1): 'SEARCH … USING INDEX …', not 'SCAN …' (@shop/local-mongo's
      // SOURCE_CHANGES: without them every such read went through the whole collection).
      if (ferret) expect(explained.queryPlanner.Plan?.join('\n')).toMatch(/SEARCH \S+ USING INDEX/);
      else expect(JSON.stringify(explained.queryPlanner.winningPlan)).toMatch(/IDHACK|EXPRESS_IXSCAN|IXSCAN/);
    }
    await expect(Product.findById(id).lean()).resolves.toMatchObject({ slug: `${categoryId}-0` });
    // The other fields still decide: no match, no write.
    await expect(Product.findOne({ _id: id, slug: 'another' }).lean()).resolves.toBeNull();
    expect((await Product.updateOne({ _id: id, stock: { $gte: 2 } }, { $inc: { stock: -2 } })).modifiedCount).toBe(0);
    expect((await Product.updateOne({ _id: id, stock: { $gte: 1 } }, { $inc: { stock: -1 } })).modifiedCount).toBe(1);
    expect((await Product.deleteOne({ _id: id, stock: 1 })).deletedCount).toBe(0);
    await expect(Product.findById(id).lean()).resolves.toMatchObject({ stock: 0 });
  });
});
