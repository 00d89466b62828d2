import { centsToDecimal } from '@shop/format';
import type { Category, Product } from '@shop/contracts';
import type { ProductDoc } from '../products/product.model';
import type { CategoryDoc } from '../categories/category.model';

/** Product document → API shape (spec §3): cents become two-decimal strings, ids strings, dates ISO. */
export function toApiProduct(doc: ProductDoc): Product {
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    flavorSlug: doc.flavorSlug,
    categoryId: doc.categoryId,
    category: doc.category,
    price: centsToDecimal(doc.priceCents),
    salePrice: doc.salePriceCents == null ? null : centsToDecimal(doc.salePriceCents),
    images: doc.images ?? [],
    description: doc.description,
    features: doc.features ?? [],
    brand: doc.brand,
    flavor: doc.flavor,
    puffCount: doc.puffCount,
    nicotineStrength: doc.nicotineStrength,
    nicotineMgPerMl: doc.nicotineMgPerMl,
    nicotineWarning: doc.nicotineWarning,
    stock: doc.stock ?? null,
    isActive: Boolean(doc.isActive),
    salesCount: doc.salesCount ?? 0,
    productType: doc.productType,
    liquidVolumeMl: doc.liquidVolumeMl ?? null,
    batteryMah: doc.batteryMah ?? null,
    coil: doc.coil ?? null,
    sku: doc.sku,
    gtin: doc.gtin ?? null,
    isDemo: Boolean(doc.isDemo),
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}

/** Category document → API shape; `productCount` counts its active products. */
export function toApiCategory(doc: CategoryDoc, productCount: number): Category {
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    puffCount: doc.puffCount,
    description: doc.description,
    originalPrice: centsToDecimal(doc.originalPriceCents),
    salePrice: centsToDecimal(doc.salePriceCents),
    discountPercentage: doc.discountPercentage ?? null,
    productCount,
  };
}
