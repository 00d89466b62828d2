import { z } from 'zod';
import { DecimalAmount, MAX_PARCEL_WEIGHT_GRAMS, Product, ProductType, SEARCH_MAX_LENGTH } from '../catalog';
import { IsoDate } from '../orders';
import { lazySchema } from '../lazy-schema';

/** A product-law objection (catalog-rules productLawIssues): stable code and German text for staff. */
export const ProductLawIssue = lazySchema(() =>
  z
    .object({
      code: z.enum(['nicotine-limit', 'liquid-limit', 'liquid-missing', 'puff-claim', 'warning-missing', 'sale-ended']),
      message: z.string(),
    })
    .strict(),
);

/** An admin's recorded decision to publish a product despite its law objections. */
export const ComplianceOverride = lazySchema(() =>
  z.object({ reason: z.string(), byUserId: z.string(), at: z.string(), issueCodes: z.array(z.string()) }).strict(),
);

/** One price a product had from `from` (ISO time) on; two-decimal EUR strings like Product. */
export const PriceHistoryEntry = lazySchema(() =>
  z.object({ price: DecimalAmount, salePrice: DecimalAmount.nullable(), from: z.string() }).strict(),
);

/**
 * A product as staff see it (`/api/admin/products`): the shop's Product plus `version` (send it
 * back with every change: optimistic concurrency, 409 when outdated), `sellableUntil`, the
 * current product-law objections and any override.
 */
export const AdminProduct = lazySchema(() =>
  Product.extend({
    isFeatured: z.boolean(),
    version: z.number().int().min(0),
    sellableUntil: IsoDate.nullable(),
    lawIssues: z.array(ProductLawIssue),
    complianceOverride: ComplianceOverride.nullable(),
  }).strict(),
);
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductDetail = lazySchema(() => AdminProduct.extend({ priceHistory: z.array(PriceHistoryEntry) }).strict());
export type AdminProductDetail = z.infer<typeof AdminProductDetail>;

export const ADMIN_PRODUCT_STATUSES = ['all', 'active', 'inactive', 'flagged', 'sold-out', 'low-stock'] as const;
export const ADMIN_PRODUCT_SORTS = ['name', 'price', 'stock', 'sales', 'updated'] as const;
/** Stock at or below this many pieces counts as low (dashboard and the 'low-stock' filter). */
export const LOW_STOCK_THRESHOLD = 10;

/** `GET /api/admin/products` query: search (name, flavour, SKU), category, status, sorting, paging (at most 200). */
export const AdminProductListQuery = lazySchema(() =>
  z
    .object({
      search: z.string().max(SEARCH_MAX_LENGTH).optional(),
      categoryId: z.string().max(64).optional(),
      status: z.enum(ADMIN_PRODUCT_STATUSES).default('all'),
      sort: z.enum(ADMIN_PRODUCT_SORTS).default('name'),
      direction: z.enum(['asc', 'desc']).default('asc'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    })
    .strict(),
);
export type AdminProductListQuery = z.infer<typeof AdminProductListQuery>;

export const AdminProductListResponse = lazySchema(() =>
  z.object({ products: z.array(AdminProduct), total: z.number().int().min(0), limit: z.number().int(), offset: z.number().int() }).strict(),
);
export type AdminProductListResponse = z.infer<typeof AdminProductListResponse>;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} fehlt.`)
    .max(max, `${label} ist zu lang (höchstens ${max} Zeichen).`)
    .refine((value) => !/[\u0000-\u0008\u000b-\u001f]/.test(value), `${label} enthält Steuerzeichen.`);
const euro = (label: string) => DecimalAmount.refine((value) => Number(value) < 100_000, `${label} ist unplausibel hoch.`);

/**
 * Every field staff edit (create: all required; change: any subset plus `version`). Prices in
 * EUR as two-decimal strings ('12.99'); `salePrice` must be lower than `price`; `stock` null means
 * not tracked; `images` are the catalogue's own images ('/api/images/{key}') or media library
 * images ('/api/media/{id}-{width}.webp', MEDIA_URL_PATTERN).
 */
export const ProductFields = lazySchema(() =>
  z
    .object({
      name: text('Der Name', 160),
      categoryId: text('Die Kategorie', 64),
      flavor: text('Die Geschmacksrichtung', 80),
      price: euro('Der Preis'),
      salePrice: euro('Der Aktionspreis').nullable(),
      stock: z
        .number()
        .int('Der Bestand muss eine ganze Zahl sein.')
        .min(0, 'Der Bestand kann nicht negativ sein.')
        .max(1_000_000)
        .nullable(),
      isActive: z.boolean(),
      isFeatured: z.boolean(),
      images: z
        .array(z.string().regex(/^\/api\/(images|media)\/[A-Za-z0-9._-]+$/, 'Bilder kommen aus der Mediathek.'))
        .max(12, 'Höchstens 12 Bilder.'),
      description: text('Die Beschreibung', 20_000),
      features: z.array(text('Ein Merkmal', 200)).max(20),
      brand: text('Die Marke', 80),
      puffCount: z.number().int().positive('Die Zugzahl muss positiv sein.').max(1_000_000),
      nicotineStrength: text('Die Nikotinstärke', 20),
      nicotineMgPerMl: z.number().min(0, 'Der Nikotingehalt kann nicht negativ sein.').max(100),
      nicotineWarning: z.string().trim().max(300),
      productType: ProductType,
      liquidVolumeMl: z.number().positive().max(1000).nullable(),
      batteryMah: z.number().int().positive().max(100_000).nullable(),
      coil: z.string().trim().max(80).nullable(),
      durabilityGuaranteeYears: z
        .number()
        .int('Die Haltbarkeitsgarantie wird in ganzen Jahren angegeben.')
        .min(3, 'Eine Haltbarkeitsgarantie bis 2 Jahre deckt schon die gesetzliche Gewährleistung: leer lassen.')
        .max(30, 'Höchstens 30 Jahre.')
        .nullable(),
      shippingWeightGrams: z
        .number()
        .int('Das Versandgewicht wird in ganzen Gramm angegeben.')
        .min(1, 'Das Versandgewicht muss über 0 g liegen.')
        .max(MAX_PARCEL_WEIGHT_GRAMS, 'Höchstens 31.500 g: mehr trägt ein DHL-Paket nicht.')
        .nullable()
        // An editor released before this field creates products without it (stored as null).
        .optional(),
      sku: text('Die Artikelnummer', 64).regex(
        /^[A-Za-z0-9._-]+$/,
        'Die Artikelnummer darf nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich enthalten.',
      ),
      gtin: z
        .string()
        .regex(/^\d{8}(\d{4,6})?$/, 'Die GTIN hat 8, 12, 13 oder 14 Ziffern.')
        .nullable(),
      sellableUntil: IsoDate.nullable(),
    })
    .strict(),
);

/** A new product: every field, with the sale price below the price. */
export const ProductInput = lazySchema(() =>
  ProductFields.refine((input) => input.salePrice === null || Number(input.salePrice) < Number(input.price), {
    message: 'Der Aktionspreis muss unter dem regulären Preis liegen.',
    path: ['salePrice'],
  }),
);
export type ProductInput = z.infer<typeof ProductInput>;

/**
 * `PATCH /api/admin/products/{id}`: changed fields, the `version` they were made on, and an
 * admin's override reason. The merged product is checked again (e.g. sale price below price).
 */
export const ProductChange = lazySchema(() =>
  z
    .object({
      version: z.number().int().min(0),
      changes: ProductFields.partial().strict(),
      complianceOverrideReason: z.string().trim().min(10, 'Bitte begründen Sie die Freigabe (mindestens 10 Zeichen).').max(500).optional(),
    })
    .strict(),
);
export type ProductChange = z.infer<typeof ProductChange>;

/** `POST /api/admin/products/bulk`: (de)activate products, or set one price for a whole category. */
export const ProductBulkAction = lazySchema(() =>
  z.discriminatedUnion('action', [
    z
      .object({
        action: z.enum(['activate', 'deactivate']),
        productIds: z
          .array(z.string().regex(/^[0-9a-f]{24}$/))
          .min(1)
          .max(500),
      })
      .strict(),
    z
      .object({
        action: z.literal('set-price'),
        categoryId: z.string().max(64),
        price: euro('Der Preis'),
        salePrice: euro('Der Aktionspreis').nullable(),
      })
      .strict(),
  ]),
);
export type ProductBulkAction = z.infer<typeof ProductBulkAction>;

/** Result of a bulk action: products changed, and those refused with the reason (e.g. law objections when activating). */
export const ProductBulkResult = lazySchema(() =>
  z
    .object({
      changed: z.number().int(),
      refused: z.array(z.object({ productId: z.string(), name: z.string(), reason: z.string() }).strict()),
    })
    .strict(),
);
export type ProductBulkResult = z.infer<typeof ProductBulkResult>;
