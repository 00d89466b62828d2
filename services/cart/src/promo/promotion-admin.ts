import { Types, type Connection } from 'mongoose';
import { PromotionInput, type AdminPromotion, type PromotionChange } from '@shop/contracts/admin';
import { addDaysToIsoDate, centsToDecimal, decimalToCents, isoDateInBerlin, startOfBerlinDay } from '@shop/format';
import {
  auditEntry,
  changedFields,
  checkVersion,
  ConflictError,
  creationEntry,
  FieldError,
  NotFoundError,
  versionedCreate,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { promoCodeModel, type PromoCodeRecord } from './promo-code.model';

const FIELDS = [
  'code',
  'type',
  'percent',
  'amount',
  'validFrom',
  'validUntil',
  'usageLimit',
  'perCustomerLimit',
  'minOrderValue',
  'description',
  'isActive',
] as const;
const CODE_TAKEN = 'Diesen Gutscheincode gibt es schon.';
const NOT_FOUND = 'Der Gutscheincode wurde nicht gefunden.';

type StoredPromo = PromoCodeRecord & { _id: Types.ObjectId; version?: number | null };

/** The last instant of a German calendar day (validity is inclusive). */
const endOfBerlinDay = (isoDate: string) => new Date(startOfBerlinDay(addDaysToIsoDate(isoDate, 1)).getTime() - 1);

/** A stored code as staff edit it (EUR strings, German days). */
function toInput(record: StoredPromo): PromotionInput {
  return {
    code: record.code,
    type: record.type as PromotionInput['type'],
    percent: record.type === 'percentage' ? record.value : null,
    amount: record.type === 'fixed' ? centsToDecimal(record.value) : null,
    validFrom: record.validFrom ? isoDateInBerlin(record.validFrom) : null,
    validUntil: record.validUntil ? isoDateInBerlin(record.validUntil) : null,
    usageLimit: record.usageLimit ?? null,
    perCustomerLimit: record.perCustomerLimit ?? null,
    minOrderValue: record.minOrderCents == null ? null : centsToDecimal(record.minOrderCents),
    description: record.description ?? '',
    isActive: Boolean(record.isActive),
  };
}

/** Input → stored fields (value in percent or cents, validity as instants, cents). */
function toStored(input: PromotionInput) {
  return {
    code: input.code,
    type: input.type,
    value: input.type === 'percentage' ? input.percent! : decimalToCents(input.amount!),
    validFrom: input.validFrom ? startOfBerlinDay(input.validFrom) : null,
    validUntil: input.validUntil ? endOfBerlinDay(input.validUntil) : null,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    minOrderCents: input.minOrderValue === null ? null : decimalToCents(input.minOrderValue),
    description: input.description,
    isActive: input.isActive,
  };
}

/**
 * Staff administration of promo codes: list with usage and state, create, change on
 * a version (409 otherwise), each write audited through the code's outbox. Redemption itself
 * stays in PromoCodes (conditional counts): a staff change never touches `usageCount`. A code
 * already redeemed keeps its name (orders and carts refer to it).
 */
export class PromotionAdmin {
  constructor(private readonly deps: { db: Connection; relay: AuditRelay; now: () => Date }) {}

  private get codes() {
    return promoCodeModel(this.deps.db);
  }

  private stateOf(record: StoredPromo): AdminPromotion['state'] {
    const now = this.deps.now();
    if (!record.isActive) return 'inactive';
    if (record.validFrom && now < record.validFrom) return 'scheduled';
    if (record.validUntil && now > record.validUntil) return 'expired';
    if (record.usageLimit != null && record.usageCount >= record.usageLimit) return 'used-up';
    return 'active';
  }

  private toAdmin(record: StoredPromo): AdminPromotion {
    return {
      ...toInput(record),
      id: String(record._id),
      version: record.version ?? 0,
      usageCount: record.usageCount,
      state: this.stateOf(record),
    };
  }

  /** Every code, newest first. */
  async list(): Promise<AdminPromotion[]> {
    const records = await this.codes.find({}).sort({ createdAt: -1 }).lean<StoredPromo[]>();
    return records.map((record) => this.toAdmin(record));
  }

  /** @throws ConflictError (409) when the code exists. */
  async create(staff: ShopIdentity, input: PromotionInput): Promise<AdminPromotion> {
    const _id = new Types.ObjectId();
    const entry = creationEntry(
      staff,
      { service: 'cart', entity: 'promotion', entityId: String(_id), label: input.code },
      input,
      FIELDS,
      this.deps.now(),
    );
    const created = await versionedCreate(this.codes, {
      record: { _id, ...toStored(input), usageCount: 0 },
      audit: entry,
      takenMessage: CODE_TAKEN,
      relay: this.deps.relay,
    });
    return this.toAdmin(created as StoredPromo);
  }

  /**
   * Changes a code made on `change.version`.
   * @throws NotFoundError; StaleVersionError (409); ConflictError (409) for renaming a redeemed code
   *   or taking an existing name; FieldError (400) when the merged code is inconsistent.
   */
  async change(staff: ShopIdentity, id: string, change: PromotionChange): Promise<AdminPromotion> {
    const record = /^[0-9a-f]{24}$/.test(id) ? await this.codes.findById(id).lean<StoredPromo>() : null;
    if (!record) throw new NotFoundError(NOT_FOUND);
    checkVersion(record, change.version);
    const before = toInput(record);
    const parsed = PromotionInput.safeParse({ ...before, ...change.changes });
    if (!parsed.success)
      throw new FieldError(`changes/${String(parsed.error.issues[0]!.path[0] ?? 'code')}`, parsed.error.issues[0]!.message);
    const next = parsed.data;
    if (next.code !== before.code && record.usageCount > 0)
      throw new ConflictError('Ein bereits eingelöster Gutscheincode kann nicht umbenannt werden. Legen Sie einen neuen an.');
    const changes = changedFields(before, next, FIELDS);
    if (!changes.length) return this.toAdmin(record);
    const entry = auditEntry(
      staff,
      { service: 'cart', entity: 'promotion', entityId: id, label: next.code, action: 'update', changes },
      this.deps.now(),
    );
    const updated = await versionedUpdate(this.codes, {
      // A rename holds only while no order has redeemed the code meanwhile.
      filter: next.code === before.code ? { _id: record._id } : { _id: record._id, usageCount: 0 },
      expectedVersion: change.version,
      update: { $set: toStored(next) },
      audit: entry,
      takenMessage: CODE_TAKEN,
      relay: this.deps.relay,
    });
    return this.toAdmin(updated as StoredPromo);
  }
}
