import type { Connection } from 'mongoose';
import type { DhlAgeCheckService, ShippingSettingsChange } from '@shop/contracts/admin';
import { DHL_COD_MAX_CENTS } from '@shop/contracts';
import { decimalToCents } from '@shop/format';
import { auditEntry, changedFields, FieldError, versionedUpdate, type AuditRelay, type ShopIdentity } from '@shop/service-kit';
import type { DhlPrintFormat } from '../dhl/dhl-client';
import { SHIPPING_SETTINGS_ID, shippingSettingsModel } from './shipping-settings.model';

/**
 * How the shop books DHL labels, as stored (contracts ShippingSettings without the read-only
 * `shipper` and `dhl`). Weights in whole grams.
 */
export interface StoredShippingSettings {
  /** DHL's age check at the door (§ 10 JuSchG); identCheck until staff choose otherwise. */
  ageCheck: DhlAgeCheckService;
  /** Packaging added to every parcel, g. */
  packagingGrams: number;
  /** Weight of one piece whose line and category have none, g; null: such an order needs a weight typed in. */
  defaultItemGrams: number | null;
  /** Weight of one piece per category slug, g (each category once). */
  categoryItemGrams: { category: string; grams: number }[];
  /** DHL's `printFormat`; null: the DHL account's own setting. */
  printFormat: DhlPrintFormat | null;
  /** Cash on delivery as offered (contracts CashOnDeliverySettings); amounts in cents. */
  cashOnDelivery: StoredCashOnDelivery;
  /** 0 until first saved; every save raises it. */
  version: number;
  /** Last save; null until first saved. */
  updatedAt: Date | null;
}

/**
 * Cash on delivery as stored: `feeCents` DHL's Nachnahme surcharge the buyer pays (§ 312a Abs. 4
 * Nr. 2 BGB), `maxTotalCents` the highest order total it is offered for (≤ DHL_COD_MAX_CENTS),
 * `accountReference` DHL's bank account reference ('' = the shop's configured account).
 */
export interface StoredCashOnDelivery {
  enabled: boolean;
  feeCents: number;
  maxTotalCents: number;
  accountReference: string;
}

/** Cash on delivery until staff switch it on: off, no fee, DHL's limit. */
export const DEFAULT_CASH_ON_DELIVERY: StoredCashOnDelivery = {
  enabled: false,
  feeCents: 0,
  maxTotalCents: DHL_COD_MAX_CENTS,
  accountReference: '',
};

/** The settings that apply until staff first save them. */
export const DEFAULT_SHIPPING_SETTINGS: StoredShippingSettings = {
  ageCheck: 'identCheck',
  packagingGrams: 0,
  defaultItemGrams: null,
  categoryItemGrams: [],
  printFormat: null,
  cashOnDelivery: DEFAULT_CASH_ON_DELIVERY,
  version: 0,
  updatedAt: null,
};

/** The fields a change writes (and the audit entry compares). */
const CHANGED_FIELDS = ['ageCheck', 'packagingGrams', 'defaultItemGrams', 'categoryItemGrams', 'printFormat', 'cashOnDelivery'] as const;

/**
 * The shipping settings staff keep in the back office (services/cart/README.md 'Shipping with
 * DHL'): one record in the cart database, absent until first saved (then the defaults apply,
 * version 0). Every change is made on the version staff saw (409 STALE_VERSION otherwise) and
 * audited through the record's outbox (service 'cart', entity 'settings', id 'shipping').
 */
export class ShippingSettingsStore {
  constructor(private readonly deps: { db: Connection; relay: AuditRelay }) {}

  private get records() {
    return shippingSettingsModel(this.deps.db);
  }

  /** The settings in force (the defaults while never saved). */
  async read(): Promise<StoredShippingSettings> {
    const record = await this.records.findById(SHIPPING_SETTINGS_ID).lean();
    if (!record) return { ...DEFAULT_SHIPPING_SETTINGS, categoryItemGrams: [] };
    return {
      ageCheck: record.ageCheck as DhlAgeCheckService,
      packagingGrams: record.packagingGrams,
      defaultItemGrams: record.defaultItemGrams ?? null,
      categoryItemGrams: record.categoryItemGrams.map(({ category, grams }) => ({ category, grams })),
      printFormat: (record.printFormat as DhlPrintFormat | null | undefined) ?? null,
      cashOnDelivery: record.cashOnDelivery
        ? {
            enabled: record.cashOnDelivery.enabled,
            feeCents: record.cashOnDelivery.feeCents,
            maxTotalCents: record.cashOnDelivery.maxTotalCents,
            accountReference: record.cashOnDelivery.accountReference ?? '',
          }
        : DEFAULT_CASH_ON_DELIVERY,
      version: record.version ?? 0,
      updatedAt: record.updatedAt ? new Date(record.updatedAt) : null,
    };
  }

  /**
   * Saves `change` made on `change.version`; the first save creates the record (version 0).
   * @returns the settings afterwards.
   * @throws FieldError (400 VALIDATION_ERROR at `categoryItemGrams/<index>/category`) for a
   *   category listed twice, at `cashOnDelivery/maxTotal` for a limit below the fee; StaleVersionError (409) when someone else saved in between.
   */
  async change(staff: ShopIdentity, change: ShippingSettingsChange): Promise<StoredShippingSettings> {
    const seen = new Set<string>();
    change.categoryItemGrams.forEach(({ category }, index) => {
      const key = category.toLowerCase();
      if (seen.has(key))
        throw new FieldError(`categoryItemGrams/${index}/category`, `Die Kategorie „${category}“ steht schon in der Liste.`);
      seen.add(key);
    });
    if (decimalToCents(change.cashOnDelivery.maxTotal) <= decimalToCents(change.cashOnDelivery.fee))
      throw new FieldError('cashOnDelivery/maxTotal', 'Der Höchstbetrag muss über der Nachnahmegebühr liegen.');
    const before = await this.read();
    const after = {
      ageCheck: change.ageCheck,
      packagingGrams: change.packagingGrams,
      defaultItemGrams: change.defaultItemGrams,
      categoryItemGrams: change.categoryItemGrams.map(({ category, grams }) => ({ category, grams })),
      printFormat: change.printFormat,
      cashOnDelivery: {
        enabled: change.cashOnDelivery.enabled,
        feeCents: decimalToCents(change.cashOnDelivery.fee),
        maxTotalCents: decimalToCents(change.cashOnDelivery.maxTotal),
        accountReference: change.cashOnDelivery.accountReference,
      },
    };
    const audit = auditEntry(staff, {
      service: 'cart',
      entity: 'settings',
      entityId: SHIPPING_SETTINGS_ID,
      label: 'Versand',
      action: 'update',
      changes: changedFields({ ...before }, after, CHANGED_FIELDS),
    });
    await versionedUpdate(this.records, {
      filter: { _id: SHIPPING_SETTINGS_ID },
      expectedVersion: change.version,
      update: { $set: after },
      audit,
      upsert: change.version === 0,
      relay: this.deps.relay,
    });
    return this.read();
  }
}
