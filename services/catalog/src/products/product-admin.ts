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
 * The input checked against ProductInput (a merged change, an imported row: the route checked
 * only the part it received), with its description made safe.
 * @throws FieldError (400) at the first field to correct.
 */
function validInput(input: ProductInput): ProductInput {
  const parsed = ProductInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new FieldError(String(issue.path[0] ?? 'changes'), issue.message);
  }
  return withSafeDescription(parsed.data);
}

/** An expected refusal of a write (an API error below 500, with its German message). */
const isRefusal = (error: unknown): error is Error & { statusCode: number } => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return error instanceof Error && typeof status === 'number' && status < 500;
};

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
  /** Kept as the audit entry's reason when there is no override (e.g. which CSV import wrote it). */
  note?: string;
}

/** One product of an import: the stored record it updates (null: a new product) and its complete next state. */
export interface ImportedProduct {
  current: ProductDoc | null;
  next: ProductInput;
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
    const created = await this.insert(staff, rawInput, { action: 'create' });
    await this.afterWrite([created]);
    return toAdminProductDetail(created, this.today());
  }

  /**
   * Writes the products of a CSV import, each on its own through the same checks, version and
   * audit as the editor's writes (`create` / `change`), its audit entry naming the import in
   * `note`. A product refused (changed meanwhile: StaleVersionError; any other check) is
   * returned with the German reason; the others stay written.
   * @returns per product (in the order given) the written record, or the reason it was refused.
   */
  async importProducts(
    staff: ShopIdentity,
    products: readonly ImportedProduct[],
    note: string,
  ): Promise<Array<{ written: ProductDoc } | { refused: string }>> {
    const results: Array<{ written: ProductDoc } | { refused: string }> = [];
    const written: ProductDoc[] = [];
    for (const { current, next } of products) {
      try {
        const doc = current
          ? await this.apply(staff, current, next, { action: 'csv-import', note })
          : await this.insert(staff, next, { action: 'csv-import', note });
        results.push({ written: doc });
        written.push(doc);
      } catch (error) {
        // An expected refusal (4xx: changed meanwhile, a check) is the row's German reason; a
        // failure (database gone) ends the apply, its writes so far stand with their own entries.
        if (!isRefusal(error)) throw error;
        results.push({ refused: error.message });
      }
    }
    await this.afterWrite(written);
    return results;
  }

  /** The checked, audited insert of a new product (create's write, without the snapshot update). */
  private async insert(staff: ShopIdentity, rawInput: ProductInput, options: ApplyOptions): Promise<ProductDoc> {
    const input = validInput(rawInput);
    checkNicotineFields(input);
    publishingOverride(staff, input, null, undefined, this.gateContext());
    const stored = await storedProductFields(this.deps.db, input, this.today());
    await ensureUniqueProduct(this.deps.db, stored, null);
    const at = this.now();
    const _id = new Types.ObjectId();
    const entry = {
      ...creationEntry(
        staff,
        { service: 'catalog', entity: 'product', entityId: String(_id), label: input.name },
        input,
        AUDITED_FIELDS,
        at,
      ),
      action: options.action,
      reason: options.note ?? null,
    };
    return versionedCreate(this.products, {
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
    const next = validInput(nextInput);
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
        reason: override?.reason ?? options.note ?? null,
      },
      at,
    );
    const priceChanged =
      stored.priceCents !== doc.priceCents ||
      chargedCents(stored) !== chargedCents({ priceCents: doc.priceCents, salePriceCents: doc.salePriceCents });
    // Sales move the stock without a new version (stock reservations): it is written only when staff
    // change it, and then only over the stock they saw (compare-and-set), so no sale is overwritten.
    const { stock, ...unlessStock } = stored;
    const stockChanged = (stock ?? null) !== (doc.stock ?? null);
    return versionedUpdate(this.products, {
      filter: stockChanged ? { _id: doc._id, stock: doc.stock ?? null } : { _id: doc._id },
      expectedVersion: doc.version ?? 0,
      update: {
        $set: { ...unlessStock, ...(stockChanged ? { stock } : {}), ...(override ? { complianceOverride: override } : {}) },
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
