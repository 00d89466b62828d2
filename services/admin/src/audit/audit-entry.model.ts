import { Schema } from 'mongoose';
import { defineModel } from '@shop/service-kit';

/**
 * One audit log entry (contract AuditEntry). `_id` is the entry's UUID from the
 * writing service, so an entry delivered twice is stored once. Append-only: nothing updates or
 * deletes entries.
 */
const auditEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
    actorId: { type: String, required: true },
    actorRole: { type: String, required: true },
    service: { type: String, required: true },
    entity: { type: String, required: true },
    entityId: { type: String, required: true },
    label: { type: String, required: true },
    action: { type: String, required: true },
    changes: { type: [Schema.Types.Mixed], default: [] },
    reason: { type: String, default: null },
  },
  { versionKey: false },
);
auditEntrySchema.index({ at: -1 });
auditEntrySchema.index({ entity: 1, entityId: 1, at: -1 });
auditEntrySchema.index({ actorId: 1, at: -1 });

export const auditEntryModel = defineModel('AuditEntry', auditEntrySchema);
