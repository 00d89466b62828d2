import type { Connection } from 'mongoose';
import { categoryModel } from '../categories/category.model';
import { productModel } from '../products/product.model';
import { productImageModel } from '../media/product-image.model';
import { buildCatalogue } from './build-catalogue';
import { renderProductImage } from './product-image';

export interface SeedResult {
  categoriesInserted: number;
  productsInserted: number;
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

  const existingSlugs = new Set((await Product.find({}, { slug: 1 }).lean()).map((p) => p.slug as string));
  const newProducts = products.filter((p) => !existingSlugs.has(p.slug));
  for (const product of newProducts) {
    const image = await renderProductImage(product.slug, product.name, product.flavor);
    await ProductImage.updateOne({ _id: image._id }, { $setOnInsert: image }, { upsert: true });
    await Product.create({ ...product, images: [`/api/images/${image._id}`] });
  }
  if (newCategories.length || newProducts.length)
    log(`catalog: inserted ${newCategories.length} categories, ${newProducts.length} products`);
  return { categoriesInserted: newCategories.length, productsInserted: newProducts.length };
}
