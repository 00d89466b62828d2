import { Schema, type InferSchemaType } from 'mongoose';
import { auditOutboxPath, defineModel } from '@shop/service-kit';
import { ProductType } from '@shop/contracts';

/**
 * A product. Money is integer cents (`priceCents` regular, `salePriceCents` reduced or null).
 * `slug` ('{category}-{flavorSlug}') is unique, and so is { category, flavorSlug } (the
 * detail link /kategorien/{category}/{flavorSlug}, spec §2). Staff changes go through
 * products/product-admin.ts (version check, price history, audit entry in the same update).
 */
const productSchema = new Schema(
  {
    name: { type: String, required: true },
    slug: { type: String, required: true, unique: true },
    flavorSlug: { type: String, required: true },
    categoryId: { type: String, required: true },
    category: { type: String, required: true },
    priceCents: { type: Number, required: true, min: 0 },
    salePriceCents: { type: Number, default: null, min: 0 },
    images: { type: [String], default: [] },
    description: { type: String, required: true },
    features: { type: [String], default: [] },
    brand: { type: String, required: true },
    flavor: { type: String, required: true },
    puffCount: { type: Number, required: true },
    nicotineStrength: { type: String, required: true },
    nicotineMgPerMl: { type: Number, required: true, min: 0 },
    nicotineWarning: { type: String, default: '' },
    stock: { type: Number, default: null },
    isActive: { type: Boolean, default: true },
    isFeatured: { type: Boolean, default: false },
    salesCount: { type: Number, default: 0, min: 0 },
    productType: { type: String, enum: ProductType.options, required: true },
    liquidVolumeMl: { type: Number, default: null },
    batteryMah: { type: Number, default: null },
    coil: { type: String, default: null },
    /** Producer's durability guarantee in whole years (> 2), or null (Product.durabilityGuaranteeYears). */
    durabilityGuaranteeYears: { type: Number, default: null },
    /** Weight of one piece as shipped, in grams, or null while not recorded (Product.shippingWeightGrams). */
    shippingWeightGrams: { type: Number, default: null },
    sku: { type: String, required: true, unique: true },
    gtin: { type: String, default: null },
    isDemo: { type: Boolean, default: false },
    /** Last day of sale ('YYYY-MM-DD'), e.g. for the battery rule of 18.02.2027 (legal-de 2.10); null when open. */
    sellableUntil: { type: String, default: null },
    /** An admin's recorded decision to publish despite product-law objections, or null. */
    complianceOverride: {
      type: new Schema({ reason: String, byUserId: String, at: Date, issueCodes: [String] }, { _id: false }),
      default: null,
    },
    /**
     * Every price the product had, oldest first; the last entry is the current price
     * (§ 11 PAngV). Pushed in the same update that changes the price, so it cannot miss one.
     */
    priceHistory: {
      type: [new Schema({ priceCents: Number, salePriceCents: Number, at: Date }, { _id: false })],
      default: [],
    },
    /** Codes of the date-independent product-law objections at the last save (the staff table's 'flagged' filter). */
    lawIssueCodes: { type: [String], default: undefined },
    /**
     * Count and star sum of the approved reviews, kept by reviews/review-summaries.ts
     * after every moderation; not a staff field, so it does not raise `version`.
     */
    reviewSummary: { type: new Schema({ count: Number, ratingSum: Number }, { _id: false }), default: null },
    /** Optimistic concurrency: every staff change names the version it was made on and raises it. */
    version: { type: Number, default: 0, min: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);
productSchema.index({ category: 1, flavorSlug: 1 }, { unique: true });
productSchema.index({ categoryId: 1, isActive: 1, salesCount: -1 });
productSchema.index({ puffCount: 1, isActive: 1 });
productSchema.index({ isFeatured: 1, isActive: 1, salesCount: -1 });
productSchema.index({ isActive: 1, salesCount: -1 });
productSchema.index({ updatedAt: -1 });

export type ProductDoc = InferSchemaType<typeof productSchema> & {
  _id: import('mongoose').Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

export const productModel = defineModel('Product', productSchema);
