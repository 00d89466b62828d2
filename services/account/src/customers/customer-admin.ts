import type { Connection, QueryFilter } from 'mongoose';
import {
  type AdminCustomerDetail,
  type AdminCustomerList,
  type AdminCustomerListQuery,
  type AdminCustomerSummary,
  type CustomerAction,
} from '@shop/contracts/admin';
import {
  auditEntry,
  checkVersion,
  ConflictError,
  NotFoundError,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
  containsText,
  defineApiError,
} from '@shop/service-kit';
import { userModel, type UserRecord } from '../users/user.model';
import type { AuthService } from '../auth/auth-service';
import type { AccountPrivacy } from '../privacy/account-privacy';
import type { Wishlists } from '../wishlist/wishlist';

/** 503 when the audit log cannot record an erasure: nothing is erased then. */
export const AuditUnavailableError = defineApiError<'AUDIT_UNAVAILABLE', [options?: { cause: unknown }]>(
  'AUDIT_UNAVAILABLE',
  503,
  'Das Änderungsprotokoll ist gerade nicht erreichbar; es wurde nichts gelöscht. Bitte versuchen Sie es gleich erneut.',
);

const NOT_FOUND = 'Kundenkonto nicht gefunden.';
const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

type StoredUser = UserRecord & { version?: number | null; blockedAt?: Date | null; blockedReason?: string | null };

function toSummary(user: StoredUser): AdminCustomerSummary {
  return {
    id: String(user._id),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as AdminCustomerSummary['role'],
    emailVerified: Boolean(user.emailVerifiedAt),
    blocked: Boolean(user.blockedAt),
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: iso(user.lastLoginAt),
  };
}

/**
 * Staff administration of accounts: search and detail (customers:read); block,
 * unblock and erasure on request (customers:write). Blocking ends every session and refuses
 * logins (AuthService). Block and unblock are version-checked updates carrying their audit entry
 * in the account's outbox; an erasure leaves no record to carry it, so its entry is delivered to
 * the admin service first and nothing is erased when that fails. Nobody blocks or erases
 * themselves or an admin (an admin is demoted first).
 */
export class CustomerAdmin {
  constructor(
    private readonly deps: {
      db: Connection;
      auth: AuthService;
      privacy: AccountPrivacy;
      wishlists: Wishlists;
      relay: AuditRelay;
      now: () => Date;
    },
  ) {}

  private get users() {
    return userModel(this.deps.db);
  }

  async list(query: AdminCustomerListQuery): Promise<AdminCustomerList> {
    const filter: QueryFilter<StoredUser> = {};
    if (query.kind === 'customers') filter.role = 'customer';
    if (query.kind === 'staff') filter.role = { $ne: 'customer' };
    if (query.state === 'blocked') filter.blockedAt = { $ne: null };
    if (query.state === 'unverified') filter.emailVerifiedAt = null;
    const search = query.search?.trim();
    if (search) {
      const pattern = containsText(search);
      filter.$or = [{ email: pattern }, { lastName: pattern }, { firstName: pattern }];
    }
    const [users, total] = await Promise.all([
      this.users.find(filter).sort({ createdAt: -1, _id: 1 }).skip(query.offset).limit(query.limit).lean<StoredUser[]>(),
      this.users.countDocuments(filter),
    ]);
    return { customers: users.map(toSummary), total, limit: query.limit, offset: query.offset };
  }

  private async load(id: string): Promise<StoredUser> {
    const user = /^[0-9a-f]{24}$/.test(id) ? await this.users.findById(id).lean<StoredUser>() : null;
    if (!user) throw new NotFoundError(NOT_FOUND);
    return user;
  }

  async detail(id: string): Promise<AdminCustomerDetail> {
    const user = await this.load(id);
    const [sessions, wishlist] = await Promise.all([this.deps.auth.sessions.listOf(id), this.deps.wishlists.records(id)]);
    return {
      ...toSummary(user),
      version: user.version ?? 0,
      address: user.address ? { ...user.address, addressLine2: user.address.addressLine2 ?? '', country: 'DE' } : null,
      blockedAt: iso(user.blockedAt),
      blockedReason: user.blockedReason ?? null,
      activeSessions: sessions.length,
      wishlistItems: wishlist.length,
    };
  }

  /**
   * Block, unblock or erase. @returns the account afterwards, null once erased.
   * @throws NotFoundError; StaleVersionError (409); ConflictError (409) for oneself or an admin;
   *   AuditUnavailableError (503) when an erasure cannot be logged; CartUnavailableError (503).
   */
  async act(staff: ShopIdentity, id: string, action: CustomerAction): Promise<AdminCustomerDetail | null> {
    const user = await this.load(id);
    checkVersion(user, action.version);
    if (action.action !== 'unblock') {
      if (id === staff.userId) throw new ConflictError('Ihr eigenes Konto können Sie hier nicht sperren oder löschen.');
      if (user.role === 'admin') throw new ConflictError('Ein Administratorkonto muss zuerst zu einer anderen Rolle wechseln.');
    }
    const label = `${user.firstName} ${user.lastName} (${user.email})`;
    const now = this.deps.now();
    if (action.action === 'erase') {
      const entry = auditEntry(
        staff,
        { service: 'account', entity: 'customer', entityId: id, label, action: 'erase', changes: [], reason: action.reason },
        now,
      );
      try {
        await this.deps.relay.deliverNow([entry]);
      } catch (error) {
        throw new AuditUnavailableError({ cause: error });
      }
      await this.deps.privacy.erase(id, user.email, user.firstName);
      return null;
    }
    const blocking = action.action === 'block';
    const next = blocking ? { blockedAt: now, blockedReason: action.reason } : { blockedAt: null, blockedReason: null };
    const entry = auditEntry(
      staff,
      {
        service: 'account',
        entity: 'customer',
        entityId: id,
        label,
        action: action.action,
        changes: [{ field: 'blocked', before: Boolean(user.blockedAt), after: blocking }],
        reason: blocking ? action.reason : null,
      },
      now,
    );
    await versionedUpdate(this.users, { filter: { _id: user._id }, expectedVersion: action.version, update: { $set: next }, audit: entry });
    if (blocking) await this.deps.auth.sessions.endAllOf(id);
    this.deps.auth.users.forget(id);
    this.deps.relay.kick();
    return this.detail(id);
  }
}
