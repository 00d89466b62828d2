import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/**
 * An image of the media library. The WebP widths themselves are `media_files`
 * documents ('{id}-{width}.webp'), written before this record, so a listed image always has its
 * files. Staff writes carry `version` (optimistic concurrency) and their audit entry in the
 * record's own outbox, like every other staff write.
 */
const mediaAssetSchema = new Schema(
  {
    alt: { type: String, required: true },
    fileName: { type: String, required: true },
    sourceType: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    widths: { type: [Number], required: true },
    uploadedBytes: { type: Number, required: true },
    storedBytes: { type: Number, required: true },
    uploadedBy: { type: String, required: true },
    /** Set when staff delete the image: hidden at once, files removed once the audit entry is stored. */
    deletedAt: { type: Date, default: null },
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);
mediaAssetSchema.index({ createdAt: -1 });

export type MediaAssetRecord = InferSchemaType<typeof mediaAssetSchema> & { _id: Types.ObjectId; createdAt: Date };

export const mediaAssetModel = defineModel('MediaAsset', mediaAssetSchema);

/** One stored width of an image: WebP bytes under '{assetId}-{width}.webp' (the public file name). */
const mediaFileSchema = new Schema(
  {
    _id: { type: String, required: true },
    assetId: { type: String, required: true, index: true },
    data: { type: Buffer, required: true },
  },
  { versionKey: false },
);

export const mediaFileModel = defineModel('MediaFile', mediaFileSchema);
