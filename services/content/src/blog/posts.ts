import type { Connection } from 'mongoose';
import { BLOG_PAGE_SIZE, cacheTag, type BlogListResponse, type BlogPost, type BlogPostSummary } from '@shop/contracts';
import { postModel, type PostRecord } from './post.model';
import { readingMinutes, renderPostBody } from '../markdown';
import type { ChangeSignal, EdgePurger } from '@shop/service-kit';
import { Snapshot } from '../snapshot';

/** How many related posts a post shows. */
const RELATED_POSTS = 3;
/**
 * How long the published posts are served from memory before they are read again (ms). A post
 * published, changed or withdrawn shows at once on the instance that wrote it and within about a
 * second on the others (`changed()`, change signal topic 'posts'); this is the bound when that
 * signal is lost.
 */
export const POSTS_SNAPSHOT_MS = 10_000;

/** A published post with its body rendered once per snapshot (Markdown and sanitising are the costly part of a read). */
interface Entry {
  record: PostRecord;
  publishedAt: number;
  html: string;
  summary: BlogPostSummary;
}

function entryOf(record: PostRecord): Entry {
  const html = renderPostBody(record.body, record.bodyFormat as 'markdown' | 'html');
  return {
    record,
    publishedAt: record.publishedAt!.getTime(),
    html,
    summary: {
      id: String(record._id),
      slug: record.slug,
      title: record.title,
      excerpt: record.excerpt,
      coverImage: record.coverImage ?? null,
      categorySlug: record.categorySlug ?? null,
      author: record.author,
      publishedAt: record.publishedAt!.toISOString(),
      readingMinutes: readingMinutes(html),
      isDemo: record.isDemo ?? false,
    },
  };
}

/**
 * Blog posts as shoppers see them: published only and only once `publishedAt` has
 * come, newest first, bodies sanitised. Reads come from an in-memory snapshot of every
 * published post, read again after POSTS_SNAPSHOT_MS (by the service's clock) with one query
 * (docs/performance.md 'Content reads').
 */
export class Posts {
  private readonly snapshot: Snapshot<Entry[]>;

  constructor(
    db: Connection,
    private readonly now: () => Date,
    changes: Pick<ChangeSignal, 'announce' | 'subscribe'>,
    edge?: Pick<EdgePurger, 'purge'>,
  ) {
    this.snapshot = new Snapshot(
      async () =>
        (
          await postModel(db)
            .find({ status: 'published', publishedAt: { $ne: null } })
            .sort({ publishedAt: -1, _id: -1 })
            .lean<PostRecord[]>()
        ).map(entryOf),
      POSTS_SNAPSHOT_MS,
      now,
      { changes, topic: 'posts', edge: edge && { purger: edge, tags: [cacheTag.posts] } },
    );
  }

  /** After a write of posts: every instance reads them afresh (this one at once). */
  changed(): Promise<void> {
    return this.snapshot.changed();
  }

  /** Published posts whose time has come, newest first. */
  private async visible(): Promise<Entry[]> {
    const now = this.now().getTime();
    return (await this.snapshot.get()).filter((entry) => entry.publishedAt <= now);
  }

  /** One page of published posts, optionally of one category; an empty page past the end. */
  async list(page: number, categorySlug?: string): Promise<BlogListResponse> {
    const matching = (await this.visible()).filter((entry) => !categorySlug || entry.record.categorySlug === categorySlug);
    return {
      posts: matching.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE).map((entry) => entry.summary),
      page,
      pageSize: BLOG_PAGE_SIZE,
      total: matching.length,
      totalPages: Math.ceil(matching.length / BLOG_PAGE_SIZE),
    };
  }

  /** A published post with its HTML and related posts (same category first, then the newest), or null. */
  async bySlug(slug: string): Promise<BlogPost | null> {
    const visible = await this.visible();
    const entry = visible.find((candidate) => candidate.record.slug === slug);
    if (!entry) return null;
    const others = visible.filter((candidate) => candidate !== entry);
    const sameCategory = entry.record.categorySlug
      ? others.filter((candidate) => candidate.record.categorySlug === entry.record.categorySlug)
      : [];
    const related = [...new Set([...sameCategory, ...others])].slice(0, RELATED_POSTS);
    return {
      ...entry.summary,
      html: entry.html,
      updatedAt: entry.record.updatedAt.toISOString(),
      seoTitle: entry.record.seoTitle ?? entry.record.title,
      seoDescription: entry.record.seoDescription ?? entry.record.excerpt,
      related: related.map((candidate) => candidate.summary),
    };
  }

  /** Slug and last change of every published post (sitemap). */
  async sitemap(): Promise<Array<{ slug: string; updatedAt: Date }>> {
    return (await this.visible()).map((entry) => ({ slug: entry.record.slug, updatedAt: entry.record.updatedAt }));
  }
}
