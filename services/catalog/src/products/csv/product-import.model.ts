import { Schema, type InferSchemaType } from 'mongoose';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/**
 * A CSV import of products: written by an error-free dry run (`checked`) with the version each
 * row's product had then (NO_PRODUCT: no product had the SKU), claimed by its apply (`applying`) and
 * closed with the import's one audit entry (`applied`, counts). The apply refuses a row whose
 * product's version, or what the row would change (a sale moved the stock), differs from the dry
 * run's, and writes no row the dry run showed as unchanged.
 */
const productImportSchema = new Schema(
  {
    sha256: { type: String, required: true },
    fileName: { type: String, required: true },
    mode: { type: String, required: true },
    byUserId: { type: String, required: true },
    status: { type: String, required: true, enum: ['checked', 'applying', 'applied'] },
    /** Each row's SKU and, at the same index, its product's version at the dry run (NO_PRODUCT: none had the SKU). */
    skus: { type: [String], default: [] },
    versions: { type: [Number], default: [] },
    /** At the same index, what the dry run showed for the row (planSignature): its status and changed cells. */
    plans: { type: [String], default: [] },
    created: { type: Number, default: 0 },
    changed: { type: Number, default: 0 },
    refused: { type: Number, default: 0 },
    version: { type: Number, default: 0, min: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);
productImportSchema.index({ sha256: 1, byUserId: 1, status: 1 });

/** The recorded version of a row whose SKU no product had at the dry run (a new product). */
export const NO_PRODUCT = -1;

export type ProductImportDoc = InferSchemaType<typeof productImportSchema> & { _id: import('mongoose').Types.ObjectId };

export const productImportModel = defineModel('ProductImport', productImportSchema);
