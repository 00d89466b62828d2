import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { auditOutboxPath, defineModel } from '@shop/service-kit';

/**
 * A blog post or guide. `body` is Markdown (or HTML from an import, `bodyFormat`) and
 * is rendered and sanitised on every output. Only `status: 'published'` posts with a
 * `publishedAt` in the past are public. `categorySlug` links a guide to a catalogue category.
 * Staff write posts in the back office (blog/post-admin.ts), each write audited through the
 * record's own outbox.
 */
const postSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    title: { type: String, required: true },
    excerpt: { type: String, required: true },
    body: { type: String, required: true },
    bodyFormat: { type: String, enum: ['markdown', 'html'], default: 'markdown' },
    coverImage: { type: String, default: null },
    categorySlug: { type: String, default: null, index: true },
    author: { type: String, required: true },
    status: { type: String, enum: ['draft', 'published'], required: true, default: 'draft' },
    publishedAt: { type: Date, default: null, index: true },
    seoTitle: { type: String, default: null },
    seoDescription: { type: String, default: null },
    isDemo: { type: Boolean, default: false },
    /** Optimistic concurrency of staff edits: every staff write raises it. */
    version: { type: Number, default: 0 },
    ...auditOutboxPath,
  },
  { timestamps: true, versionKey: false },
);

// The staff list: newest change first.
postSchema.index({ updatedAt: -1 });

export type PostRecord = InferSchemaType<typeof postSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

export const postModel = defineModel('Post', postSchema);
