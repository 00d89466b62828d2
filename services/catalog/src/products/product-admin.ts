import { Types, type Connection, type UpdateQuery } from 'mongoose';
import { permissionsOf } from '@shop/contracts';
import {
  ProductFields,
  ProductInput,
  STALE_EDIT_MESSAGE,
  type AdminProduct,
  type AdminProductDetail,
  LOW_STOCK_THRESHOLD,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type ProductBulkAction,
  type ProductBulkResult,
  type ProductChange,
} from '@shop/contracts/admin';
import { flavorSlug, productLawIssues, type ProductLawIssue } from '@shop/catalog-rules';
import { centsToDecimal, decimalToCents, isoDateInBerlin } from '@shop/format';
import {
  auditEntry,
  creationEntry,
  changedFields,
  ConflictError,
  FieldError,
  ForbiddenError,
  isDuplicateKeyError,
  NotFoundError,
  StaleVersionError,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { categoryModel } from '../categories/category.model';
import { sanitizeRichText } from '@shop/rich-text';
import { toApiProduct } from '../catalog/to-api';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { productModel, type ProductDoc } from './product.model';
import { chargedCents } from './price-history';
import { PublishBlockedError } from './publish-blocked-error';

const PRODUCT_NOT_FOUND = 'Das Produkt wurde nicht gefunden.';
const AUDITED_FIELDS = Object.keys(ProductFields.shape) as Array<keyof ProductInput>;
/** Sort keys of the staff table; untracked stock sorts after every number. */
const SORT_KEYS: Record<AdminProductListQuery['sort'], (doc: ProductDoc) => string | number> = {
  name: (doc) => doc.name,
  price: (doc) => doc.priceCents,
  stock: (doc) => doc.stock ?? Number.MAX_SAFE_INTEGER,
  sales: (doc) => doc.salesCount ?? 0,
  updated: (doc) => new Date(doc.updatedAt).getTime(),
};
const compareKeys = (a: string | number, b: string | number) =>
  typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b, 'de') : Number(a) - Number(b);

/**
 * The input with its description reduced to the shop's rich-text allowlist (issue #21: it was
 * stored as raw HTML, so a manager account could add styles, forms and frames to the shop's pages).
 */
function withSafeDescription(input: ProductInput): ProductInput {
  return { ...input, description: sanitizeRichText(input.description) };
}

/** The staff-editable fields of a stored product, in the API's units (EUR strings). */
export function toProductInput(doc: ProductDoc): ProductInput {
  return {
    name: doc.name,
    categoryId: doc.categoryId,
    flavor: doc.flavor,
    price: centsToDecimal(doc.priceCents),
    salePrice: doc.salePriceCents == null ? null : centsToDecimal(doc.salePriceCents),
    stock: doc.stock ?? null,
    isActive: Boolean(doc.isActive),
    isFeatured: Boolean(doc.isFeatured),
    images: [...(doc.images ?? [])],
    description: doc.description,
    features: [...(doc.features ?? [])],
    brand: doc.brand,
    puffCount: doc.puffCount,
    nicotineStrength: doc.nicotineStrength,
    nicotineMgPerMl: doc.nicotineMgPerMl,
    nicotineWarning: doc.nicotineWarning,
    productType: doc.productType,
    liquidVolumeMl: doc.liquidVolumeMl ?? null,
    batteryMah: doc.batteryMah ?? null,
    coil: doc.coil ?? null,
    sku: doc.sku,
    gtin: doc.gtin ?? null,
    sellableUntil: doc.sellableUntil ?? null,
  };
}

/** Stored codes of the date-independent law objections (for the 'flagged' filter); 'sale-ended' is queried by date. */
export const storedLawCodes = (issues: ProductLawIssue[]) =>
  issues.filter((issue) => issue.code !== 'sale-ended').map((issue) => issue.code);

/** A stored product as staff see it: the shop's Product plus version, law objections and override. */
export function toAdminProduct(doc: ProductDoc, today: string): AdminProduct {
  const override = doc.complianceOverride;
  return {
    ...toApiProduct(doc),
    isFeatured: Boolean(doc.isFeatured),
    version: doc.version ?? 0,
    sellableUntil: doc.sellableUntil ?? null,
    lawIssues: productLawIssues(toProductInput(doc), today),
    complianceOverride: override?.reason
      ? {
          reason: override.reason,
          byUserId: override.byUserId ?? '',
          at: new Date(override.at ?? 0).toISOString(),
          issueCodes: [...(override.issueCodes ?? [])],
        }
      : null,
  };
}

interface ApplyOptions {
  action: string;
  /** An admin's reason to publish despite the law objections (needs compliance:override). */
  overrideReason?: string;
}

/**
 * Staff administration of products (issue #13): list, detail, create, change, bulk actions.
 * Every write is one single-document update that checks the version the staff member saw
 * (409 StaleVersionError otherwise), raises it, appends the price to `priceHistory` when it
 * changed (§ 11 PAngV) and puts the audit entry into the record's outbox; the AuditRelay then
 * delivers it to the admin service. With `production` set, a product with product-law
 * objections cannot be active unless an admin recorded an override with a reason that covers
 * exactly those objections (422 PublishBlockedError otherwise).
 */
export class ProductAdmin {
  constructor(
    private readonly deps: {
      db: Connection;
      catalog: CatalogSnapshot;
      relay: AuditRelay;
      production: boolean;
      now?: () => Date;
    },
  ) {}

  private get products() {
    return productModel(this.deps.db);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private today(): string {
    return isoDateInBerlin(this.now());
  }

  /**
   * Products for the staff table: search in name, flavour and SKU (case-insensitive, plain text);
   * filters; sorting; paging. Read from the catalogue snapshot, which holds every product with
   * its record: the local engine sorts and counts 2,000 records in seconds, memory in
   * microseconds (docs/performance.md 'Back office'). Another instance's changes show within
   * SEARCH_SYNC_INTERVAL_MS; the editor always loads the record itself (`detail`).
   */
  list(query: AdminProductListQuery): AdminProductListResponse {
    const today = this.today();
    const search = query.search?.trim().toLowerCase();
    const matches = (doc: ProductDoc) => {
      if (search && ![doc.name, doc.flavor, doc.sku].some((text) => text.toLowerCase().includes(search))) return false;
      if (query.categoryId && doc.categoryId !== query.categoryId) return false;
      switch (query.status) {
        case 'active':
          return Boolean(doc.isActive);
        case 'inactive':
          return !doc.isActive;
        case 'sold-out':
          return doc.stock != null && doc.stock <= 0;
        case 'low-stock':
          return doc.stock != null && doc.stock > 0 && doc.stock <= LOW_STOCK_THRESHOLD;
        case 'flagged':
          return (doc.lawIssueCodes?.length ?? 0) > 0 || (doc.sellableUntil != null && doc.sellableUntil < today);
        default:
          return true;
      }
    };
    const direction = query.direction === 'asc' ? 1 : -1;
    const key = SORT_KEYS[query.sort];
    const docs = this.deps.catalog.products
      .map((product) => product.doc)
      .filter(matches)
      .sort((a, b) => direction * compareKeys(key(a), key(b)) || String(a._id).localeCompare(String(b._id)));
    return {
      products: docs.slice(query.offset, query.offset + query.limit).map((doc) => toAdminProduct(doc, today)),
      total: docs.length,
      limit: query.limit,
      offset: query.offset,
    };
  }

  private async load(id: string): Promise<ProductDoc> {
    const doc = /^[0-9a-f]{24}$/.test(id) ? await this.products.findById(id).lean() : null;
    if (!doc) throw new NotFoundError(PRODUCT_NOT_FOUND);
    return doc;
  }

  /** One product with its recorded prices (newest first). @throws NotFoundError */
  async detail(id: string): Promise<AdminProductDetail> {
    return this.toDetail(await this.load(id));
  }

  private toDetail(doc: ProductDoc): AdminProductDetail {
    const history = [...(doc.priceHistory ?? [])].reverse().map((record) => ({
      price: centsToDecimal(record.priceCents ?? 0),
      salePrice: record.salePriceCents == null ? null : centsToDecimal(record.salePriceCents),
      from: new Date(record.at ?? 0).toISOString(),
    }));
    return { ...toAdminProduct(doc, this.today()), priceHistory: history };
  }

  /** The category's slug; a 400 at `categoryId` when it does not exist. */
  private async categorySlug(categoryId: string): Promise<string> {
    const category = await categoryModel(this.deps.db).findById(categoryId).lean();
    if (!category) throw new FieldError('categoryId', 'Diese Kategorie gibt es nicht.');
    return category.slug;
  }

  /** Stored fields for an input: cents, slugs and the law codes. */
  private async storedFields(input: ProductInput) {
    const fSlug = flavorSlug(input.flavor);
    if (!fSlug) throw new FieldError('flavor', 'Die Geschmacksrichtung braucht Buchstaben oder Ziffern.');
    const category = await this.categorySlug(input.categoryId);
    const { price, salePrice, ...rest } = input;
    return {
      ...rest,
      priceCents: decimalToCents(price),
      salePriceCents: salePrice === null ? null : decimalToCents(salePrice),
      category,
      flavorSlug: fSlug,
      slug: `${category}-${fSlug}`,
      lawIssueCodes: storedLawCodes(productLawIssues(input, this.today())),
    };
  }

  /**
   * The publishing gate (issue #13): in production an active product with objections needs an
   * override covering exactly those objections. Returns the override to store when `reason` is
   * given (by someone with compliance:override), else undefined.
   */
  private checkPublishing(staff: ShopIdentity, input: ProductInput, current: ProductDoc | null, reason: string | undefined) {
    const issues = productLawIssues(input, this.today());
    const codes = issues.map((issue) => issue.code);
    let override: { reason: string; byUserId: string; at: Date; issueCodes: string[] } | undefined;
    if (reason !== undefined) {
      if (!permissionsOf(staff.role).includes('compliance:override'))
        throw new ForbiddenError('Nur ein Admin kann ein Produkt trotz rechtlicher Bedenken freigeben.');
      if (!codes.length) throw new FieldError('complianceOverrideReason', 'Für dieses Produkt gibt es keine Bedenken freizugeben.');
      override = { reason, byUserId: staff.userId, at: this.now(), issueCodes: codes };
    }
    if (!this.deps.production || !input.isActive || !issues.length) return override;
    const covered = new Set(override?.issueCodes ?? current?.complianceOverride?.issueCodes ?? []);
    if (codes.every((code) => covered.has(code))) return override;
    throw new PublishBlockedError(issues);
  }

  /**
   * Creates a product (all fields; spec §3 plus the German shop data) and records its first price.
   * @throws FieldError (400) for an unknown category or a flavour without letters; ConflictError
   *   (409) when the flavour already exists in the category or the SKU is taken; PublishBlockedError (422).
   */
  async create(staff: ShopIdentity, rawInput: ProductInput): Promise<AdminProductDetail> {
    const input = withSafeDescription(rawInput);
    this.checkPublishing(staff, input, null, undefined);
    const stored = await this.storedFields(input);
    await this.ensureUnique(stored, null);
    const at = this.now();
    const _id = new Types.ObjectId();
    const entry = creationEntry(
      staff,
      { service: 'catalog', entity: 'product', entityId: String(_id), label: input.name },
      input,
      AUDITED_FIELDS,
      at,
    );
    try {
      const created = await this.products.create({
        _id,
        ...stored,
        salesCount: 0,
        isDemo: false,
        version: 0,
        priceHistory: [{ priceCents: stored.priceCents, salePriceCents: stored.salePriceCents, at }],
        auditOutbox: [entry],
      });
      const record = await this.load(String(created._id));
      await this.afterWrite([record]);
      return this.toDetail(record);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictError(TAKEN_RACE);
      throw error;
    }
  }

  /**
   * Changes some fields of a product made on `change.version`.
   * @throws NotFoundError; StaleVersionError (409) when someone changed it since; FieldError (400)
   *   for a sale price not below the price, an unknown category; ForbiddenError (403) for an override
   *   without compliance:override; PublishBlockedError (422); ConflictError (409) for a taken slug or SKU.
   */
  async change(staff: ShopIdentity, id: string, change: ProductChange): Promise<AdminProductDetail> {
    const doc = await this.load(id);
    if ((doc.version ?? 0) !== change.version) throw new StaleVersionError(STALE_EDIT_MESSAGE);
    const updated = await this.apply(
      staff,
      doc,
      { ...toProductInput(doc), ...change.changes },
      {
        action: 'update',
        overrideReason: change.complianceOverrideReason,
      },
    );
    await this.afterWrite([updated]);
    return this.toDetail(updated);
  }

  /**
   * Bulk actions (issue #13): activate or deactivate products, or set one price and sale price for
   * a whole category. Each product is changed on its own (version-checked, audited); products that
   * may not be changed (law objections in production, changed meanwhile) are listed with the reason.
   */
  async bulk(staff: ShopIdentity, action: ProductBulkAction): Promise<ProductBulkResult> {
    const docs =
      action.action === 'set-price'
        ? await this.products.find({ categoryId: action.categoryId }).lean()
        : await this.products.find({ _id: { $in: action.productIds } }).lean();
    if (action.action === 'set-price' && !docs.length) throw new FieldError('categoryId', 'In dieser Kategorie gibt es keine Produkte.');
    const refused: ProductBulkResult['refused'] = [];
    const written: ProductDoc[] = [];
    for (const doc of docs) {
      const next: ProductInput =
        action.action === 'set-price'
          ? { ...toProductInput(doc), price: action.price, salePrice: action.salePrice }
          : { ...toProductInput(doc), isActive: action.action === 'activate' };
      try {
        const updated = await this.apply(staff, doc, next, { action: action.action });
        if ((updated.version ?? 0) !== (doc.version ?? 0)) written.push(updated);
      } catch (error) {
        refused.push({ productId: String(doc._id), name: doc.name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    await this.afterWrite(written);
    return { changed: written.length, refused };
  }

  /** One version-checked, audited update of `doc` to `next`; returns the stored result (unchanged when nothing differs). */
  private async apply(staff: ShopIdentity, doc: ProductDoc, nextInput: ProductInput, options: ApplyOptions): Promise<ProductDoc> {
    const parsed = ProductInput.safeParse(nextInput);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new FieldError(String(issue.path[0] ?? 'changes'), issue.message);
    }
    const next = withSafeDescription(parsed.data);
    const override = this.checkPublishing(staff, next, doc, options.overrideReason);
    const changes = changedFields(toProductInput(doc), next, AUDITED_FIELDS);
    if (!changes.length && !override) return doc;
    const stored = await this.storedFields(next);
    await this.ensureUnique(stored, doc._id);
    const at = this.now();
    const entry = auditEntry(
      staff,
      {
        service: 'catalog',
        entity: 'product',
        entityId: String(doc._id),
        label: next.name,
        action: override ? 'compliance-override' : options.action,
        changes,
        reason: override?.reason ?? null,
      },
      at,
    );
    const priceChanged =
      stored.priceCents !== doc.priceCents ||
      chargedCents(stored) !== chargedCents({ priceCents: doc.priceCents, salePriceCents: doc.salePriceCents });
    const update: UpdateQuery<ProductDoc> = {
      $set: { ...stored, ...(override ? { complianceOverride: override } : {}) },
      $inc: { version: 1 },
      $push: {
        auditOutbox: entry,
        ...(priceChanged ? { priceHistory: { priceCents: stored.priceCents, salePriceCents: stored.salePriceCents, at } } : {}),
      },
    };
    try {
      const updated = await this.products
        .findOneAndUpdate({ _id: doc._id, version: doc.version ?? 0 }, update, { returnDocument: 'after' })
        .lean();
      if (!updated) throw new StaleVersionError(STALE_EDIT_MESSAGE);
      return updated;
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictError(TAKEN_RACE);
      throw error;
    }
  }

  /** 409 with the taken field's German message when another product has the SKU or the slug already. */
  private async ensureUnique(stored: { sku: string; slug: string }, productId: Types.ObjectId | null) {
    const others = productId ? { _id: { $ne: productId } } : {};
    if (await this.products.exists({ sku: stored.sku, ...others })) throw new ConflictError(SKU_TAKEN);
    if (await this.products.exists({ slug: stored.slug, ...others })) throw new ConflictError(FLAVOUR_TAKEN);
  }

  /** The written records into the shopper snapshot (prices, search, categories) and the audit entries on their way. */
  private async afterWrite(docs: ProductDoc[]) {
    await this.deps.catalog.applyProducts(docs);
    this.deps.relay.kick();
  }

  /**
   * Fills `version` and the stored law codes of products written before issue #13 (seeded or
   * older data), so the 'flagged' filter and optimistic concurrency work for every product.
   */
  async backfill(): Promise<number> {
    const docs = await this.products.find({ lawIssueCodes: { $exists: false } }).lean();
    const today = this.today();
    for (const doc of docs)
      await this.products.updateOne(
        { _id: doc._id, lawIssueCodes: { $exists: false } },
        { $set: { lawIssueCodes: storedLawCodes(productLawIssues(toProductInput(doc), today)), version: doc.version ?? 0 } },
      );
    return docs.length;
  }
}

const SKU_TAKEN = 'Diese Artikelnummer (SKU) ist schon vergeben.';
const FLAVOUR_TAKEN = 'Diese Geschmacksrichtung gibt es in der Kategorie schon.';
/** For a unique index refusing a write that raced past the checks of ensureUnique (the engine does not name the index). */
const TAKEN_RACE = 'Artikelnummer oder Geschmacksrichtung wurden gerade von einem anderen Produkt belegt.';
