import { Types, type Connection } from 'mongoose';
import {
  ProductInput,
  type AdminProductDetail,
  type ProductBulkAction,
  type ProductBulkResult,
  type ProductChange,
} from '@shop/contracts/admin';
import { sanitizeRichText } from '@shop/rich-text';
import { isoDateInBerlin } from '@shop/format';
import { nicotineFieldIssues } from '@shop/catalog-rules';
import {
  auditEntry,
  changedFields,
  checkVersion,
  creationEntry,
  FieldError,
  versionedCreate,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot';
import { AUDITED_FIELDS, toAdminProductDetail, toProductInput } from './admin-product-view';
import { loadProduct } from './admin-product-queries';
import { chargedCents } from './price-history';
import { publishingOverride } from './product-compliance';
import { productModel, type ProductDoc } from './product.model';
import { ensureUniqueProduct, storedProductFields, TAKEN_RACE } from './product-stored-fields';

/**
 * The input with its description reduced to the shop's rich-text allowlist (it was
 * stored as raw HTML, so a manager account could add styles, forms and frames to the shop's pages).
 */
function withSafeDescription(input: ProductInput): ProductInput {
  return { ...input, description: sanitizeRichText(input.description) };
}

/**
 * Refuses nicotine fields that disagree (catalog-rules nicotineFieldIssues): the displayed
 * strength must name the mg/ml, a nicotine-free product carries no nicotine warning.
 * @throws FieldError (400) at the first field to correct.
 */
function checkNicotineFields(input: ProductInput): void {
  const [issue] = nicotineFieldIssues(input);
  if (issue) throw new FieldError(issue.field, issue.message);
}

interface ApplyOptions {
  action: string;
  /** An admin's reason to publish despite the law objections (needs compliance:override). */
  overrideReason?: string;
}

/**
 * Staff changes of products: create, change, bulk actions (reads: AdminProductQueries).
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

  private gateContext() {
    return { production: this.deps.production, today: this.today(), now: this.now() };
  }

  /**
   * Creates a product (all fields; spec §3 plus the German shop data) and records its first price.
   * @throws FieldError (400) for an unknown category, a flavour without letters or nicotine fields that disagree; ConflictError
   *   (409) when the flavour already exists in the category or the SKU is taken; PublishBlockedError (422).
   */
  async create(staff: ShopIdentity, rawInput: ProductInput): Promise<AdminProductDetail> {
    const input = withSafeDescription(rawInput);
    checkNicotineFields(input);
    publishingOverride(staff, input, null, undefined, this.gateContext());
    const stored = await storedProductFields(this.deps.db, input, this.today());
    await ensureUniqueProduct(this.deps.db, stored, null);
    const at = this.now();
    const _id = new Types.ObjectId();
    const entry = creationEntry(
      staff,
      { service: 'catalog', entity: 'product', entityId: String(_id), label: input.name },
      input,
      AUDITED_FIELDS,
      at,
    );
    const created = await versionedCreate(this.products, {
      record: {
        _id,
        ...stored,
        salesCount: 0,
        isDemo: false,
        priceHistory: [{ priceCents: stored.priceCents, salePriceCents: stored.salePriceCents, at }],
      },
      audit: entry,
      takenMessage: TAKEN_RACE,
    });
    await this.afterWrite([created]);
    return toAdminProductDetail(created, this.today());
  }

  /**
   * Changes some fields of a product made on `change.version`.
   * @throws NotFoundError; StaleVersionError (409) when someone changed it since; FieldError (400)
   *   for a sale price not below the price, an unknown category, nicotine fields that disagree; ForbiddenError (403) for an override
   *   without compliance:override; PublishBlockedError (422); ConflictError (409) for a taken slug or SKU.
   */
  async change(staff: ShopIdentity, id: string, change: ProductChange): Promise<AdminProductDetail> {
    const doc = await loadProduct(this.deps.db, id);
    checkVersion(doc, change.version);
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
    return toAdminProductDetail(updated, this.today());
  }

  /**
   * Bulk actions: activate or deactivate products, or set one price and sale price for
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
    checkNicotineFields(next);
    const override = publishingOverride(staff, next, doc, options.overrideReason, this.gateContext());
    const changes = changedFields(toProductInput(doc), next, AUDITED_FIELDS);
    if (!changes.length && !override) return doc;
    const stored = await storedProductFields(this.deps.db, next, this.today());
    await ensureUniqueProduct(this.deps.db, stored, doc._id);
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
    return versionedUpdate(this.products, {
      filter: { _id: doc._id },
      expectedVersion: doc.version ?? 0,
      update: {
        $set: { ...stored, ...(override ? { complianceOverride: override } : {}) },
        ...(priceChanged ? { $push: { priceHistory: { priceCents: stored.priceCents, salePriceCents: stored.salePriceCents, at } } } : {}),
      },
      audit: entry,
      takenMessage: TAKEN_RACE,
    });
  }

  /** The written records into the shopper snapshot (prices, search, categories) and the audit entries on their way. */
  private async afterWrite(docs: ProductDoc[]) {
    await this.deps.catalog.applyProducts(docs);
    this.deps.relay.kick();
  }
}
