import { z } from 'zod';
import { ProductRating } from './reviews';
import { lazySchema } from './lazy-schema';

/** DHL's limit for one parcel (g): Parcel DE Shipping API v2, `Weight` of a V01PAK shipment. */
export const MAX_PARCEL_WEIGHT_GRAMS = 31_500;

/** Two-decimal EUR amount as the API speaks it ('14.99', spec §3); inside, money is integer cents. */
export const DecimalAmount = lazySchema(() => z.string().regex(/^\d+\.\d{2}$/, 'two-decimal amount, e.g. "14.99"'));

/** What kind of article (German shop data); drives legal limits and texts. */
export const ProductType = lazySchema(() => z.enum(['disposable', 'prefilled-pod', 'refillable-device', 'liquid', 'accessory']));
export type ProductType = z.infer<typeof ProductType>;

/**
 * A product as the API returns it (spec §3 'Product' plus the data a German shop must show).
 * `price` is the regular price, `salePrice` the reduced one or null; both two-decimal EUR strings.
 * `stock` null means stock is not tracked. `slug` is unique ('{category}-{flavorSlug}');
 * the detail link is /kategorien/{category}/{flavorSlug} (spec §2 link rule).
 */
export const Product = lazySchema(() =>
  z
    .object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      flavorSlug: z.string(),
      categoryId: z.string(),
      category: z.string(),
      price: DecimalAmount,
      salePrice: DecimalAmount.nullable(),
      /**
       * The lowest price of the 30 days before the current price took effect, when higher than the
       * current price (§ 11 PAngV); else null. A strike-through, '−x %' or SALE is shown only
       * against it, labelled 'Niedrigster Preis der letzten 30 Tage'.
       */
      referencePrice: DecimalAmount.nullable(),
      images: z.array(z.string()),
      description: z.string(),
      features: z.array(z.string()),
      brand: z.string(),
      flavor: z.string(),
      puffCount: z.number().int().positive(),
      nicotineStrength: z.string(),
      /** mg/ml; above 20 is unlawful (§ 14 TabakerzG) and flagged for staff, so the shape allows it. */
      nicotineMgPerMl: z.number().min(0).max(100),
      nicotineWarning: z.string(),
      stock: z.number().int().nullable(),
      isActive: z.boolean(),
      salesCount: z.number().int().min(0),
      productType: ProductType,
      liquidVolumeMl: z.number().positive().nullable(),
      batteryMah: z.number().int().positive().nullable(),
      coil: z.string().nullable(),
      /**
       * Years of the producer's commercial durability guarantee when longer than the legal two
       * (whole years, 3–30), else null: the product page shows the EU guarantee label for it
       * (Implementing Regulation (EU) 2025/1960; legal-de.md §4.16).
       */
      durabilityGuaranteeYears: z.number().int().min(3).max(30).nullable(),
      /**
       * Weight of one piece as shipped, retail packaging included (grams), for the DHL label's
       * parcel weight; null while staff have not weighed it. At most 31,500 g: DHL's limit for one
       * parcel (Parcel DE Shipping API, `Weight`). Optional in the shape, so a consumer released
       * before a catalog that sends it reads that catalog (absent = null).
       */
      shippingWeightGrams: z.number().int().min(1).max(MAX_PARCEL_WEIGHT_GRAMS).nullable().optional(),
      sku: z.string(),
      gtin: z.string().nullable(),
      /**
       * Average and count of the approved reviews from verified buyers; null when there
       * are none, and always null while the operator has reviews switched off.
       */
      rating: ProductRating.nullable(),
      isDemo: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .strict(),
);
export type Product = z.infer<typeof Product>;

export const PRODUCT_SORTS = ['relevance', 'bestsellers', 'price-asc', 'price-desc', 'name', 'newest'] as const;
/** Most products one list request returns (the category overview asks for 400, spec §9). */
export const PRODUCT_LIST_MAX_LIMIT = 400;
/** Longest accepted search term or slug, in characters. */
export const SEARCH_MAX_LENGTH = 100;

const booleanFlag = lazySchema(() => z.enum(['true', 'false']).transform((value) => value === 'true'));
/** Plain text only: no control characters. Regex or operator characters are treated as text downstream. */
const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !/[\u0000-\u001f]/.test(value), 'darf keine Steuerzeichen enthalten');

/**
 * `GET /api/products` query (spec §7). `limit` 1–400 (default 20), `offset` ≥ 0,
 * `minPrice`/`maxPrice` in EUR as two-decimal or whole numbers, `sort` one of PRODUCT_SORTS
 * ('relevance' needs `search`). An unknown `categoryId` gives an empty list, not an error.
 */
export const ProductListQuery = lazySchema(() =>
  z
    .object({
      categoryId: plainText(64).optional(),
      category: plainText(64).optional(),
      puffCount: z.coerce.number().int().positive().max(1_000_000).optional(),
      featured: booleanFlag.optional(),
      search: plainText(SEARCH_MAX_LENGTH).optional(),
      limit: z.coerce.number().int().min(1).max(PRODUCT_LIST_MAX_LIMIT).default(20),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
      sort: z.enum(PRODUCT_SORTS).optional(),
      minPrice: z
        .string()
        .regex(/^\d{1,5}(\.\d{1,2})?$/, 'Betrag in EUR, z. B. 9.99')
        .optional(),
      maxPrice: z
        .string()
        .regex(/^\d{1,5}(\.\d{1,2})?$/, 'Betrag in EUR, z. B. 19.99')
        .optional(),
      includeInactive: booleanFlag.optional(),
    })
    .strict(),
);
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** Response of `GET /api/products` (spec §3: an object with a products array) plus paging data. */
export const ProductListResponse = lazySchema(() =>
  z
    .object({
      products: z.array(Product),
      total: z.number().int().min(0),
      limit: z.number().int(),
      offset: z.number().int(),
    })
    .strict(),
);
export type ProductListResponse = z.infer<typeof ProductListResponse>;

/** A category (spec §3) with its prices; `discountPercentage` optional (computed by clients when null). */
export const Category = lazySchema(() =>
  z
    .object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      puffCount: z.number().int(),
      description: z.string(),
      originalPrice: DecimalAmount,
      salePrice: DecimalAmount,
      discountPercentage: z.number().int().min(0).max(100).nullable(),
      productCount: z.number().int().min(0),
    })
    .strict(),
);
export type Category = z.infer<typeof Category>;

export const CategoryListResponse = lazySchema(() => z.array(Category));
export type CategoryListResponse = z.infer<typeof CategoryListResponse>;

/** A path segment slug: lower-case letters, digits and hyphens only (anything else is a 400). */
export const SlugParam = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(SEARCH_MAX_LENGTH)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ungültiger Slug'),
);

/** `GET /api/products/{id}/related`: at most 4 products by the rule of spec §9. */
export const RelatedProductsResponse = lazySchema(() => z.object({ products: z.array(Product) }).strict());
export type RelatedProductsResponse = z.infer<typeof RelatedProductsResponse>;
