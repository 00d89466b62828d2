import type { Connection } from 'mongoose';
import { cacheTag, type PresentationMode, type StorefrontSettings } from '@shop/contracts';
import type { AdminStorefrontSettings, StorefrontSettingsChange } from '@shop/contracts/admin';
import { auditEntry, changedFields, versionedUpdate, type AuditRelay, type EdgePurger, type ShopIdentity } from '@shop/service-kit';
import { STOREFRONT_SETTINGS_ID, storefrontSettingsModel } from './storefront-settings.model';

/** How long after a change every gateway renders with it (ms): its copy is at most 2 s old. */
const SETTINGS_SETTLE_MS = 2500;

/**
 * The storefront settings an admin keeps in the back office: the presentation mode
 * (§ 19 TabakerzG, ShopConfig `presentationMode`) and whether reviews from verified buyers are
 * shown and invited (§ 5b UWG, `reviewsEnabled`, off until switched on). One record; until an
 * admin first saves it, the deployment's PRESENTATION_MODE_DEFAULT and no reviews apply (version 0). Every change is made on
 * the version the admin saw (409 otherwise) and audited through the record's outbox. The gateway
 * reads them through `GET /internal/storefront-settings` (reused for at most 2 s per gateway).
 */
export class StorefrontSettingsStore {
  /** @param deps.edge purges every page of the shared cache after a change (they are all rendered with the settings). */
  constructor(
    private readonly deps: { db: Connection; defaultMode: PresentationMode; relay: AuditRelay; edge?: Pick<EdgePurger, 'purge'> },
  ) {}

  private get records() {
    return storefrontSettingsModel(this.deps.db);
  }

  /** The settings as the admin screen shows them. */
  async admin(): Promise<AdminStorefrontSettings> {
    const record = await this.records.findById(STOREFRONT_SETTINGS_ID).lean();
    return {
      presentationMode: (record?.presentationMode as PresentationMode | undefined) ?? this.deps.defaultMode,
      reviewsEnabled: record?.reviewsEnabled ?? false,
      version: record?.version ?? 0,
      updatedAt: record?.updatedAt ? new Date(record.updatedAt).toISOString() : null,
    };
  }

  /** The settings the storefront applies. */
  async current(): Promise<StorefrontSettings> {
    const { presentationMode, reviewsEnabled } = await this.admin();
    return { presentationMode, reviewsEnabled };
  }

  /**
   * Saves `change` made on `change.version`; the first save creates the record (version 0).
   * @throws StaleVersionError (409) when someone else saved in between.
   */
  async update(staff: ShopIdentity, change: StorefrontSettingsChange): Promise<AdminStorefrontSettings> {
    const before = await this.admin();
    const after = { presentationMode: change.presentationMode, reviewsEnabled: change.reviewsEnabled };
    const audit = auditEntry(staff, {
      service: 'content',
      entity: 'settings',
      entityId: STOREFRONT_SETTINGS_ID,
      label: 'Shop-Einstellungen: Darstellung und Bewertungen',
      action: 'update',
      changes: changedFields(before, after, ['presentationMode', 'reviewsEnabled']),
    });
    await versionedUpdate(this.records, {
      filter: { _id: STOREFRONT_SETTINGS_ID },
      expectedVersion: change.version,
      update: { $set: after },
      audit,
      upsert: change.version === 0,
      relay: this.deps.relay,
    });
    // Once the gateway's copy of the settings (kept at most 2 s) has the change; hard: a page in
    // the presentation before (§ 19 TabakerzG) is never handed out again, not even stale.
    await this.deps.edge?.purge([cacheTag.settings], SETTINGS_SETTLE_MS, 'hard');
    return this.admin();
  }
}
