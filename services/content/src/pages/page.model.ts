import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/** One published text of a page: what shoppers saw from `publishedAt` on, under `textVersion`. */
const publishedTextSchema = new Schema(
  {
    textVersion: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    /** Markdown with `{{OPERATOR_…}}` placeholders, filled from the operator settings when shown. */
    body: { type: String, required: true },
    /** Null for the code's template, kept as the first entry once staff publish a text. */
    publishedAt: { type: Date, default: null },
    publishedBy: { type: String, default: null },
    changeNote: { type: String, required: true },
    /** The version of the code's template when this text was published (to tell when the template moved on). */
    templateVersion: { type: String, required: true },
  },
  { _id: false },
);

/**
 * Staff edits of an information or legal page (versioned legal texts; legal-de 4.6,
 * 4.7), and pages staff make themselves. A fixed page without a record shows the template in the
 * code (`page-texts.ts`). `texts` keeps
 * every published text, oldest first, never changed afterwards: an order refers to the
 * `textVersion` it was placed under. `draft` is what staff are working on; shoppers never see it.
 */
const pageSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    /** A page staff made themselves (shown at /seite/{slug}); the others are the fixed pages of `page-texts.ts`. */
    custom: { type: Boolean, default: false },
    /** A staff-made page taken offline (fixed pages are always online). */
    offline: { type: Boolean, default: false },
    texts: { type: [publishedTextSchema], default: [] },
    draft: {
      type: new Schema({ title: String, description: String, body: String, savedAt: Date, savedBy: String }, { _id: false }),
      default: null,
    },
    /** Optimistic concurrency of staff edits: every write raises it. */
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);

export type PageRecord = InferSchemaType<typeof pageSchema> & { _id: Types.ObjectId };

export const pageModel = defineModel('Page', pageSchema);
