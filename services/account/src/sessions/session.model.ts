import { Schema, type InferSchemaType } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * A login session, server-side so it survives restarts and can be ended. `_id` is the
 * SHA-256 of the cookie's random value: the database never holds a usable session id.
 * `expiresAt` is the absolute end; `lastSeenAt` moves with use (idle expiry).
 */
const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type SessionRecord = InferSchemaType<typeof sessionSchema>;

export const sessionModel = defineModel('Session', sessionSchema);
