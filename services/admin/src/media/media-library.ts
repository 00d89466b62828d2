import { Types, type Connection } from 'mongoose';
import { mediaUrl } from '@shop/contracts';
import { type AdminMediaAsset, type AdminMediaListQuery, type AdminMediaListResponse, type MediaAltChange } from '@shop/contracts/admin';
import {
  auditEntry,
  changedFields,
  checkVersion,
  ConflictError,
  containsText,
  creationEntry,
  NotFoundError,
  versionedCreate,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
  defineApiError,
} from '@shop/service-kit';
import { processImage, type AcceptedType } from './image-processing';
import { mediaAssetModel, mediaFileModel, type MediaAssetRecord } from './media-asset.model';
import type { MediaUsage, MediaUse } from './media-usage';

/** 503 when the catalog or the content service cannot say whether an image is still used: nothing is deleted then. */
export const UsageUnknownError = defineApiError<'USAGE_UNKNOWN', []>(
  'USAGE_UNKNOWN',
  503,
  'Ob das Bild noch verwendet wird, lässt sich gerade nicht prüfen; es wurde nicht gelöscht. Bitte versuchen Sie es gleich erneut.',
);

const NOT_FOUND = 'Das Bild wurde nicht gefunden.';
const USE_LABELS: Record<MediaUse['kind'], string> = { product: 'Produkt', post: 'Blogbeitrag', page: 'Seite' };

type StoredAsset = MediaAssetRecord;

/** What an upload brings: the bytes, the type the browser declared, the file's name and the alt text. */
export interface Upload {
  bytes: Buffer;
  declaredType: string;
  fileName: string;
  alt: string;
}

/**
 * The media library (admin service): upload (checked and re-encoded by
 * `processImage`), list, alt text, and deletion only while no product, post or page uses the
 * image. Staff writes are audited through the asset's outbox (delivered into this service's own
 * log). A deletion first marks the asset deleted with its audit entry (one version-checked
 * update), delivers the entry, then removes the files; `purgeDeleted` finishes a deletion that
 * was interrupted.
 */
export class MediaLibrary {
  constructor(private readonly deps: { db: Connection; relay: AuditRelay; usage: MediaUsage; now: () => Date }) {}

  private get assets() {
    return mediaAssetModel(this.deps.db);
  }

  private get files() {
    return mediaFileModel(this.deps.db);
  }

  private toAdmin(record: StoredAsset): AdminMediaAsset {
    const id = String(record._id);
    const largest = Math.max(...record.widths);
    return {
      id,
      url: mediaUrl(id, largest),
      widths: [...record.widths],
      alt: record.alt,
      fileName: record.fileName,
      width: record.width,
      height: record.height,
      uploadedBytes: record.uploadedBytes,
      storedBytes: record.storedBytes,
      sourceType: record.sourceType as AcceptedType,
      createdAt: record.createdAt.toISOString(),
      version: record.version ?? 0,
    };
  }

  /**
   * Stores an upload: the WebP files first, then the asset with its audit entry (files of a
   * failed insert are removed again). @throws UnsupportedImageError (415) for what the bytes are.
   */
  async upload(staff: ShopIdentity, upload: Upload): Promise<AdminMediaAsset> {
    const image = await processImage(upload.bytes, upload.declaredType);
    const _id = new Types.ObjectId();
    const id = String(_id);
    const fileName = upload.fileName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || 'bild';
    const record = {
      alt: upload.alt,
      fileName,
      sourceType: image.sourceType,
      width: image.width,
      height: image.height,
      widths: image.variants.map((variant) => variant.width),
      uploadedBytes: upload.bytes.length,
      storedBytes: image.variants.reduce((sum, variant) => sum + variant.data.length, 0),
      uploadedBy: staff.userId,
    };
    const entry = creationEntry(
      staff,
      { service: 'admin', entity: 'media', entityId: id, label: upload.alt },
      { alt: record.alt, fileName, width: record.width, height: record.height },
      ['alt', 'fileName', 'width', 'height'],
      this.deps.now(),
    );
    await this.files.insertMany(image.variants.map((variant) => ({ _id: `${id}-${variant.width}.webp`, assetId: id, data: variant.data })));
    try {
      return this.toAdmin(await versionedCreate(this.assets, { record: { _id, ...record }, audit: entry, relay: this.deps.relay }));
    } catch (error) {
      await this.files.deleteMany({ assetId: id });
      throw error;
    }
  }

  /** Images newest first, searched in alt text and file name. */
  async list(query: AdminMediaListQuery): Promise<AdminMediaListResponse> {
    const filter: Record<string, unknown> = { deletedAt: null };
    const search = query.search?.trim();
    if (search) filter.$or = [{ alt: containsText(search) }, { fileName: containsText(search) }];
    const [records, total] = await Promise.all([
      this.assets
        .find(filter, { auditOutbox: 0 })
        .sort({ createdAt: -1, _id: -1 })
        .skip(query.offset)
        .limit(query.limit)
        .lean<StoredAsset[]>(),
      this.assets.countDocuments(filter),
    ]);
    return { assets: records.map((record) => this.toAdmin(record)), total, limit: query.limit, offset: query.offset };
  }

  private async find(id: string): Promise<StoredAsset> {
    const record = /^[0-9a-f]{24}$/.test(id) ? await this.assets.findOne({ _id: id, deletedAt: null }).lean<StoredAsset>() : null;
    if (!record) throw new NotFoundError(NOT_FOUND);
    return record;
  }

  /** A new alt text on `version`. @throws NotFoundError; StaleVersionError (409). */
  async changeAlt(staff: ShopIdentity, id: string, change: MediaAltChange): Promise<AdminMediaAsset> {
    const record = await this.find(id);
    const changes = changedFields({ alt: record.alt }, { alt: change.alt }, ['alt']);
    checkVersion(record, change.version);
    if (!changes.length) return this.toAdmin(record);
    const entry = auditEntry(
      staff,
      { service: 'admin', entity: 'media', entityId: id, label: change.alt, action: 'update', changes },
      this.deps.now(),
    );
    const updated = await versionedUpdate(this.assets, {
      filter: { _id: record._id, deletedAt: null },
      expectedVersion: change.version,
      update: { $set: { alt: change.alt } },
      audit: entry,
      relay: this.deps.relay,
    });
    return this.toAdmin(updated);
  }

  /**
   * Deletes an image that nothing uses any more.
   * @throws NotFoundError; ConflictError (409) naming where it is used; UsageUnknownError (503)
   *   when a service cannot tell; StaleVersionError (409).
   */
  async remove(staff: ShopIdentity, id: string, version: number): Promise<void> {
    const record = await this.find(id);
    checkVersion(record, version);
    const uses = await this.deps.usage.of(id);
    if (uses === null) throw new UsageUnknownError();
    if (uses.length) {
      const where = uses
        .slice(0, 5)
        .map((use) => `${USE_LABELS[use.kind]} „${use.label}“`)
        .join(', ');
      throw new ConflictError(`Das Bild wird noch verwendet (${where}${uses.length > 5 ? ' …' : ''}). Entfernen Sie es dort zuerst.`);
    }
    const entry = auditEntry(
      staff,
      {
        service: 'admin',
        entity: 'media',
        entityId: id,
        label: record.alt,
        action: 'delete',
        changes: changedFields({ alt: record.alt, fileName: record.fileName }, { alt: null, fileName: null }, ['alt', 'fileName']),
      },
      this.deps.now(),
    );
    await versionedUpdate(this.assets, {
      filter: { _id: record._id, deletedAt: null },
      expectedVersion: version,
      update: { $set: { deletedAt: this.deps.now() } },
      audit: entry,
    });
    await this.deps.relay.flush();
    await this.purgeDeleted();
  }

  /** Removes the files and records of deleted images whose audit entries are delivered. */
  async purgeDeleted(): Promise<void> {
    const done = await this.assets.find({ deletedAt: { $ne: null }, 'auditOutbox.0': { $exists: false } }, { _id: 1 }).lean();
    for (const { _id } of done) {
      await this.files.deleteMany({ assetId: String(_id) });
      await this.assets.deleteOne({ _id });
    }
  }

  /** The bytes of one stored width ('{id}-{width}.webp'), or null. */
  async file(name: string): Promise<Buffer | null> {
    const file = await this.files.findById(name).lean();
    if (!file) return null;
    // lean() returns BSON Binary; its .buffer holds the bytes.
    const data = file.data as unknown;
    return Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer);
  }
}
