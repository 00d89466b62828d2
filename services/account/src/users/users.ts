import type { Connection } from 'mongoose';
import type { User, UserRole } from '@shop/contracts';
import type { AuditEntry } from '@shop/contracts/admin';
import { LRUCache } from 'lru-cache';
import { isDuplicateKeyError, StaleVersionError, versionedUpdate } from '@shop/service-kit';
import { userModel, type UserRecord } from './user.model';

/** A user as the API shows it (contract `User`): no hash, no internal fields. */
export function toApiUser(record: UserRecord): User {
  return {
    id: String(record._id),
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    role: record.role as UserRole,
    emailVerified: record.emailVerifiedAt !== null && record.emailVerifiedAt !== undefined,
    address: record.address ? { ...record.address, addressLine2: record.address.addressLine2 ?? '', country: 'DE' } : null,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * How long a user record read for `GET /api/auth/me` may be reused (ms): the same window in which
 * the gateway reuses a resolved session (SESSION_CACHE_MS), so a change made by another instance
 * shows within it. Changes made through this instance drop the entry at once.
 */
export const USER_CACHE_MS = 5000;

/** The users collection. E-mail addresses arrive normalised (contract `Email`). */
export class Users {
  private readonly recent = new LRUCache<string, UserRecord>({ max: 10_000, ttl: USER_CACHE_MS });

  constructor(private readonly db: Connection) {}

  /**
   * A user for showing (`GET /api/auth/me`), possibly up to USER_CACHE_MS old. Checks of
   * passwords and roles use `findById`, which always reads the database.
   */
  async findByIdForDisplay(id: string): Promise<UserRecord | null> {
    const cached = this.recent.get(id);
    if (cached) return cached;
    const user = await this.findById(id);
    if (user) this.recent.set(id, user);
    return user;
  }

  private get model() {
    return userModel(this.db);
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    return this.model.findOne({ email }).lean();
  }

  async findById(id: string): Promise<UserRecord | null> {
    if (!/^[0-9a-f]{24}$/.test(id)) return null;
    return this.model.findById(id).lean();
  }

  /** Inserts a customer. @returns null when the address is taken (also by a parallel registration). */
  async create(fields: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role?: UserRole;
  }): Promise<UserRecord | null> {
    try {
      return (await this.model.create(fields)).toObject();
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  async recordLogin(id: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { lastLoginAt: at } });
  }

  /** Marks the e-mail address confirmed (first confirmation wins). */
  async markEmailVerified(id: string, at: Date): Promise<void> {
    this.recent.delete(id);
    await this.model.updateOne({ _id: id, emailVerifiedAt: null }, { $set: { emailVerifiedAt: at } });
  }

  /** Changes name and saved address. @returns the updated user, or null when it is gone. */
  async updateProfile(
    id: string,
    changes: { firstName?: string; lastName?: string; address?: Record<string, string> | null },
  ): Promise<UserRecord | null> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    this.recent.delete(id);
    return this.model.findByIdAndUpdate(id, { $set: set }, { returnDocument: 'after' }).lean();
  }

  /** Replaces the hash (login with an outdated cost, or a password change). */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    this.recent.delete(id);
    await this.model.updateOne({ _id: id }, { $set: { passwordHash } });
  }

  /** Drops the display cache of one user (after a staff change to the record). */
  forget(id: string): void {
    this.recent.delete(id);
  }

  /** Deletes the user record (account deletion; the caller has erased what refers to it). */
  async delete(id: string): Promise<void> {
    this.recent.delete(id);
    await this.model.deleteOne({ _id: id });
  }

  /**
   * Sets a user's role with its audit entry in the record's outbox (role changes were
   * only logged), delivered by the audit relay. @returns the updated user, or null when there is
   * none with this id.
   */
  async setRole(id: string, role: UserRole, audit: AuditEntry): Promise<UserRecord | null> {
    if (!/^[0-9a-f]{24}$/.test(id)) return null;
    this.recent.delete(id);
    try {
      // Any version: the new role does not depend on what the admin saw, but open edits of the account get their 409.
      return await versionedUpdate(this.model, { filter: { _id: id }, expectedVersion: 'any', update: { $set: { role } }, audit });
    } catch (error) {
      if (error instanceof StaleVersionError) return null; // no such user
      throw error;
    }
  }

  /** How many users have `role`. */
  async countWithRole(role: UserRole): Promise<number> {
    return this.model.countDocuments({ role });
  }
}
