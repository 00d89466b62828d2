import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { UserRole } from '@shop/contracts';
import { auditOutboxPath, defineModel, storedAddressSchema } from '@shop/service-kit';

/**
 * A customer or staff member (spec §3 'User'). `email` is stored trimmed and in lower
 * case and is unique. `passwordHash` is argon2id (PasswordHasher); it never leaves the service.
 */
const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    role: { type: String, enum: UserRole.options, required: true, default: 'customer' },
    emailVerifiedAt: { type: Date, default: null },
    lastLoginAt: { type: Date, default: null },
    /** Saved delivery address (the checkout's German address rules), or null. */
    address: { type: storedAddressSchema, default: null },
    /** Blocked by staff: no login, every session ended; with the reason. */
    blockedAt: { type: Date, default: null },
    blockedReason: { type: String, default: null },
    /** Optimistic concurrency for staff changes. */
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);

export type UserRecord = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

export const userModel = defineModel('User', userSchema);
