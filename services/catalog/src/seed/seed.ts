import type { Connection } from 'mongoose';
import { categoryModel } from '../categories/category.model';
import { productModel } from '../products/product.model';
import { productImageModel } from '../media/product-image.model';
import { buildCatalogue } from './build-catalogue';
import { renderProductImage } from './product-image';
import { productLawIssues } from '@shop/catalog-rules';
import { isoDateInBerlin } from '@shop/format';
import { storedLawCodes } from '../products/admin-product-view';

export interface SeedResult {
  categoriesInserted: number;
  productsInserted: number;
}

const DAY_MS = 86_400_000;

/**
 * An honest price history for a demo product (§ 11 PAngV): listed at the regular
 * price 60 days ago and, when it has a sale price, reduced 14 days ago. The reduction the shop
 * then shows is against a price really charged for the 30 days before it.
 */
export function demoPriceHistory(product: { priceCents: number; salePriceCents: number | null }, now: number) {
  const listed = { priceCents: product.priceCents, salePriceCents: null, at: new Date(now - 60 * DAY_MS) };
  if (product.salePriceCents === null) return [listed];
  return [listed, { priceCents: product.priceCents, salePriceCents: product.salePriceCents, at: new Date(now - 14 * DAY_MS) }];
}

/**
 * Seeds the demo catalogue idempotently: categories and products are inserted only when their
 * id or slug is missing (existing ones, possibly edited by staff, are left alone), each new
 * product with its generated WebP image. Running it twice changes nothing.
 */
export async function seedCatalogue(db: Connection, log: (message: string) => void = () => {}): Promise<SeedResult> {
  const Category = categoryModel(db);
  const Product = productModel(db);
  const ProductImage = productImageModel(db);
  await Promise.all([Category.init(), Product.init(), ProductImage.init()]);
  const { categories, products } = buildCatalogue();

  const existingCategories = new Set((await Category.find({}, { _id: 1 }).lean()).map((c) => String(c._id)));
  const newCategories = categories.filter((c) => !existingCategories.has(c._id));
  if (newCategories.length) await Category.insertMany(newCategories);

  const now = Date.now();
  const today = isoDateInBerlin(new Date(now));
  const existingSlugs = new Set((await Product.find({}, { slug: 1 }).lean()).map((p) => p.slug as string));
  const newProducts = products.filter((p) => !existingSlugs.has(p.slug));
  for (const product of newProducts) {
    const image = await renderProductImage(product.slug, product.name, product.flavor);
    await ProductImage.updateOne({ _id: image._id }, { $setOnInsert: image }, { upsert: true });
    await Product.create({
      ...product,
      images: [`/api/images/${image._id}`],
      priceHistory: demoPriceHistory(product, now),
      lawIssueCodes: storedLawCodes(productLawIssues({ ...product, sellableUntil: null }, today)),
    });
  }
  if (newCategories.length || newProducts.length)
    log(`catalog: inserted ${newCategories.length} categories, ${newProducts.length} products`);
  return { categoriesInserted: newCategories.length, productsInserted: newProducts.length };
}
