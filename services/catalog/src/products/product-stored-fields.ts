import type { Connection, Types } from 'mongoose';
import type { ProductInput } from '@shop/contracts/admin';
import { flavorSlug, productLawIssues } from '@shop/catalog-rules';
import { decimalToCents } from '@shop/format';
import { ConflictError, FieldError } from '@shop/service-kit';
import { categoryModel } from '../categories/category.model';
import { storedLawCodes } from './admin-product-view';
import { productModel } from './product.model';

export const SKU_TAKEN = 'Diese Artikelnummer (SKU) ist schon vergeben.';
const FLAVOUR_TAKEN = 'Diese Geschmacksrichtung gibt es in der Kategorie schon.';
/** For a unique index refusing a write that raced past ensureUnique (the engine does not name the index). */
export const TAKEN_RACE = 'Artikelnummer oder Geschmacksrichtung wurden gerade von einem anderen Produkt belegt.';

/**
 * The stored fields of a staff input: cents, the category's slug, the flavour and product slugs
 * (spec §2: /produkt/{category}-{flavour}) and the stored law codes as of `today`.
 * @throws FieldError (400) at `flavor` for a flavour without letters or digits, at `categoryId` for an unknown category.
 */
export async function storedProductFields(db: Connection, input: ProductInput, today: string) {
  const fSlug = flavorSlug(input.flavor);
  if (!fSlug) throw new FieldError('flavor', 'Die Geschmacksrichtung braucht Buchstaben oder Ziffern.');
  const category = await categoryModel(db).findById(input.categoryId).lean();
  if (!category) throw new FieldError('categoryId', 'Diese Kategorie gibt es nicht.');
  const { price, salePrice, ...rest } = input;
  return {
    ...rest,
    priceCents: decimalToCents(price),
    salePriceCents: salePrice === null ? null : decimalToCents(salePrice),
    category: category.slug,
    flavorSlug: fSlug,
    slug: `${category.slug}-${fSlug}`,
    lawIssueCodes: storedLawCodes(productLawIssues(input, today)),
  };
}

/**
 * 409 with the taken field's German message when another product has the SKU or the slug
 * already (a race past this check meets the unique indexes: TAKEN_RACE).
 */
export async function ensureUniqueProduct(db: Connection, stored: { sku: string; slug: string }, productId: Types.ObjectId | null) {
  const products = productModel(db);
  const others = productId ? { _id: { $ne: productId } } : {};
  if (await products.exists({ sku: stored.sku, ...others })) throw new ConflictError(SKU_TAKEN);
  if (await products.exists({ slug: stored.slug, ...others })) throw new ConflictError(FLAVOUR_TAKEN);
}
