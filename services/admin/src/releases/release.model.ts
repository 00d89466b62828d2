import { Schema, type InferSchemaType } from 'mongoose';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/**
 * A published release of a slice's remote (`release.json` of its folder in the remote store):
 * `_id` is '<slice>@<version>', so publishing the same build twice is one record.
 */
const releaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    slice: { type: String, required: true },
    version: { type: String, required: true },
    commit: { type: String, required: true },
    createdAt: { type: Date, required: true },
    createdBy: { type: String, required: true },
    shared: { type: Schema.Types.Mixed, required: true },
    contractsVersion: { type: String, required: true },
    events: { type: Schema.Types.Mixed, required: true },
    exposes: { type: [String], required: true },
    pages: { type: Schema.Types.Mixed, default: undefined },
    props: { type: Schema.Types.Mixed, default: undefined },
  },
  { versionKey: false },
);
releaseSchema.index({ slice: 1, createdAt: -1 });

export type ReleaseDocument = InferSchemaType<typeof releaseSchema>;
export const releaseModel = defineModel('Release', releaseSchema);

/** A canary beside the live release: `percent` % of visitors get `version` (docs/releases.md 'Canary'). */
const canarySchema = new Schema(
  {
    version: { type: String, required: true },
    percent: { type: Number, required: true },
    changedAt: { type: Date, required: true },
    changedBy: { type: String, required: true },
  },
  { _id: false, versionKey: false },
);

/**
 * What is live of one slice (`_id` = the slice): its live release, the one live before it
 * (where a rollback without a version goes) and the canary beside it, if one runs. `version` is the record's own version (optimistic
 * concurrency: of two promotes at once, one wins and the other is refused); the change's audit
 * entry travels in the record's outbox like every staff write's.
 */
const releaseChannelSchema = new Schema(
  {
    _id: { type: String, required: true },
    liveVersion: { type: String, required: true },
    previousVersion: { type: String, default: null },
    changedAt: { type: Date, required: true },
    changedBy: { type: String, required: true },
    canary: { type: canarySchema, default: null },
    /**
     * Versions removed by the retention rule (their records and files go): never made live or
     * canary again. Kept here, in the record every change of what is live is checked against,
     * so a promote and a removal at the same time cannot both succeed.
     */
    retired: { type: [String], default: [] },
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { versionKey: false },
);

export const releaseChannelModel = defineModel('ReleaseChannel', releaseChannelSchema);

/** One change of a slice's live release, kept for the history (newest first by `at`). */
const releaseChangeSchema = new Schema(
  {
    slice: { type: String, required: true },
    action: { type: String, enum: ['promote', 'rollback', 'canary', 'canary-stop'], required: true },
    version: { type: String, required: true },
    previousVersion: { type: String, default: null },
    percent: { type: Number, default: undefined },
    at: { type: Date, required: true },
    by: { type: String, required: true },
  },
  { versionKey: false },
);
releaseChangeSchema.index({ slice: 1, at: -1 });

export const releaseChangeModel = defineModel('ReleaseChange', releaseChangeSchema);
