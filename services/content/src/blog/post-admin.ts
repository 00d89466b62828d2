import { Types, type Connection } from 'mongoose';
import {
  PostInput,
  type AdminPost,
  type AdminPostListQuery,
  type AdminPostListResponse,
  type AdminPostSummary,
  type PostChange,
  type PostState,
} from '@shop/contracts/admin';
import {
  auditEntry,
  auditText,
  changedFields,
  checkVersion,
  containsText,
  FieldError,
  NotFoundError,
  versionedCreate,
  versionedUpdate,
  type AuditRelay,
  type ShopIdentity,
} from '@shop/service-kit';
import { postModel, type PostRecord } from './post.model';
import type { Posts } from './posts';

const FIELDS = [
  'title',
  'slug',
  'excerpt',
  'body',
  'categorySlug',
  'coverImage',
  'author',
  'seoTitle',
  'seoDescription',
  'status',
  'publishedAt',
] as const;
const SLUG_TAKEN = 'Diese Adresse hat schon ein anderer Beitrag. Bitte wählen Sie eine andere.';
const NOT_FOUND = 'Der Beitrag wurde nicht gefunden.';

type StoredPost = PostRecord & { _id: Types.ObjectId; version?: number | null };

/** A stored post as staff edit it (ISO times, nulls for empty SEO fields). */
function toInput(record: StoredPost): PostInput {
  return {
    title: record.title,
    slug: record.slug,
    excerpt: record.excerpt,
    body: record.body,
    categorySlug: record.categorySlug ?? null,
    coverImage: record.coverImage ?? null,
    author: record.author,
    seoTitle: record.seoTitle ?? null,
    seoDescription: record.seoDescription ?? null,
    status: record.status as PostInput['status'],
    publishedAt: record.publishedAt ? record.publishedAt.toISOString() : null,
  };
}

/** The fields as the audit log keeps them: a long body abbreviated. */
const auditView = (input: PostInput): Record<string, unknown> => ({ ...input, body: auditText(input.body) });

/**
 * Staff administration of blog posts (/admin/content): list with state, read, create,
 * change on a version (409 otherwise), each write audited through the post's outbox. Publishing
 * is a change of `status` (and `publishedAt` for a scheduled post): `published` without a time
 * publishes now. The shop's snapshot (`Posts`) is refreshed after every write of this instance.
 */
export class PostAdmin {
  constructor(private readonly deps: { db: Connection; posts: Posts; relay: AuditRelay; now: () => Date }) {}

  private get records() {
    return postModel(this.deps.db);
  }

  private stateOf(record: StoredPost): PostState {
    if (record.status !== 'published' || !record.publishedAt) return 'draft';
    return record.publishedAt > this.deps.now() ? 'scheduled' : 'published';
  }

  private toAdmin(record: StoredPost): AdminPost {
    return {
      ...toInput(record),
      id: String(record._id),
      version: record.version ?? 0,
      state: this.stateOf(record),
      isDemo: record.isDemo ?? false,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    };
  }

  /** Input → stored fields; a post published without a time is published now. */
  private toStored(input: PostInput) {
    const publishedAt = input.publishedAt ? new Date(input.publishedAt) : input.status === 'published' ? this.deps.now() : null;
    return { ...input, bodyFormat: 'markdown' as const, publishedAt };
  }

  /** Posts matching the query (search in title and slug, state), newest change first. */
  async list(query: AdminPostListQuery): Promise<AdminPostListResponse> {
    const now = this.deps.now();
    const filter: Record<string, unknown> = {};
    if (query.search?.trim()) filter.$or = [{ title: containsText(query.search.trim()) }, { slug: containsText(query.search.trim()) }];
    if (query.state === 'draft') filter.$and = [{ $or: [{ status: 'draft' }, { publishedAt: null }] }];
    if (query.state === 'scheduled') Object.assign(filter, { status: 'published', publishedAt: { $gt: now } });
    if (query.state === 'published') Object.assign(filter, { status: 'published', publishedAt: { $ne: null, $lte: now } });
    const [records, total] = await Promise.all([
      this.records
        .find(filter, { body: 0, excerpt: 0, auditOutbox: 0 })
        .sort({ updatedAt: -1, _id: -1 })
        .skip(query.offset)
        .limit(query.limit)
        .lean<StoredPost[]>(),
      this.records.countDocuments(filter),
    ]);
    const posts = records.map((record): AdminPostSummary => ({
      id: String(record._id),
      version: record.version ?? 0,
      title: record.title,
      slug: record.slug,
      categorySlug: record.categorySlug ?? null,
      author: record.author,
      status: record.status as AdminPostSummary['status'],
      publishedAt: record.publishedAt ? record.publishedAt.toISOString() : null,
      state: this.stateOf(record),
      isDemo: record.isDemo ?? false,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    }));
    return { posts, total, limit: query.limit, offset: query.offset };
  }

  /** @throws NotFoundError (404). */
  async get(id: string): Promise<AdminPost> {
    return this.toAdmin(await this.find(id));
  }

  private async find(id: string): Promise<StoredPost> {
    const record = Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/.test(id) ? await this.records.findById(id).lean<StoredPost>() : null;
    if (!record) throw new NotFoundError(NOT_FOUND);
    return record;
  }

  /** @throws ConflictError (409) when another post has the slug. */
  async create(staff: ShopIdentity, input: PostInput): Promise<AdminPost> {
    const _id = new Types.ObjectId();
    const entry = auditEntry(
      staff,
      {
        service: 'content',
        entity: 'post',
        entityId: String(_id),
        label: input.title,
        action: 'create',
        changes: changedFields(null, auditView(input), FIELDS),
      },
      this.deps.now(),
    );
    const created = await versionedCreate(this.records, {
      record: { _id, ...this.toStored(input) },
      audit: entry,
      takenMessage: SLUG_TAKEN,
    });
    await this.afterWrite();
    return this.toAdmin(created as StoredPost);
  }

  /**
   * Changes a post made on `change.version`.
   * @throws NotFoundError; StaleVersionError (409); ConflictError (409) for a taken slug;
   *   FieldError (400) when the merged post is inconsistent.
   */
  async change(staff: ShopIdentity, id: string, change: PostChange): Promise<AdminPost> {
    const record = await this.find(id);
    checkVersion(record, change.version);
    const before = toInput(record);
    const parsed = PostInput.safeParse({ ...before, ...change.changes });
    if (!parsed.success)
      throw new FieldError(`changes/${String(parsed.error.issues[0]!.path[0] ?? 'title')}`, parsed.error.issues[0]!.message);
    const stored = this.toStored(parsed.data);
    const next = { ...parsed.data, publishedAt: stored.publishedAt ? stored.publishedAt.toISOString() : null };
    const changes = changedFields(auditView(before), auditView(next), FIELDS);
    if (!changes.length) return this.toAdmin(record);
    const wasLive = this.stateOf(record) === 'published';
    const action = next.status === 'published' && !wasLive ? 'publish' : next.status === 'draft' && wasLive ? 'unpublish' : 'update';
    const entry = auditEntry(
      staff,
      { service: 'content', entity: 'post', entityId: id, label: next.title, action, changes },
      this.deps.now(),
    );
    const updated = await versionedUpdate(this.records, {
      filter: { _id: record._id },
      expectedVersion: change.version,
      update: { $set: stored },
      audit: entry,
      takenMessage: SLUG_TAKEN,
    });
    await this.afterWrite();
    return this.toAdmin(updated as StoredPost);
  }

  private async afterWrite(): Promise<void> {
    await this.deps.posts.changed();
    this.deps.relay.kick();
  }
}
