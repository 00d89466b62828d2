import type { Connection } from 'mongoose';
import { BLOG_PAGE_SIZE, type BlogListResponse, type BlogPost, type BlogPostSummary } from '@shop/contracts';
import { postModel, type PostRecord } from './post.model';
import { readingMinutes, renderPostBody } from './render';

/** How many related posts a post shows. */
const RELATED_POSTS = 3;

/** The public (published, not in the future) posts; `now` from the caller's clock. */
const published = (now: Date) => ({ status: 'published' as const, publishedAt: { $ne: null, $lte: now } });

function summary(record: PostRecord, html = renderPostBody(record.body, record.bodyFormat as 'markdown' | 'html')): BlogPostSummary {
  return {
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
  };
}

/** Blog posts as shoppers see them (issue #12): published only, newest first, bodies sanitised. */
export class Posts {
  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
  ) {}

  private get model() {
    return postModel(this.db);
  }

  /** One page of published posts, optionally of one category; an empty page past the end. */
  async list(page: number, categorySlug?: string): Promise<BlogListResponse> {
    const filter = { ...published(this.now()), ...(categorySlug ? { categorySlug } : {}) };
    const [records, total] = await Promise.all([
      this.model
        .find(filter)
        .sort({ publishedAt: -1, _id: -1 })
        .skip((page - 1) * BLOG_PAGE_SIZE)
        .limit(BLOG_PAGE_SIZE)
        .lean<PostRecord[]>(),
      this.model.countDocuments(filter),
    ]);
    return {
      posts: records.map((record) => summary(record)),
      page,
      pageSize: BLOG_PAGE_SIZE,
      total,
      totalPages: Math.ceil(total / BLOG_PAGE_SIZE),
    };
  }

  /** A published post with its HTML and related posts (same category first, then the newest), or null. */
  async bySlug(slug: string): Promise<BlogPost | null> {
    const record = await this.model.findOne({ slug, ...published(this.now()) }).lean<PostRecord>();
    if (!record) return null;
    const html = renderPostBody(record.body, record.bodyFormat as 'markdown' | 'html');
    return {
      ...summary(record, html),
      html,
      updatedAt: record.updatedAt.toISOString(),
      seoTitle: record.seoTitle ?? record.title,
      seoDescription: record.seoDescription ?? record.excerpt,
      related: await this.related(record),
    };
  }

  private async related(record: PostRecord): Promise<BlogPostSummary[]> {
    const others = { ...published(this.now()), _id: { $ne: record._id } };
    const sameCategory = record.categorySlug
      ? await this.model
          .find({ ...others, categorySlug: record.categorySlug })
          .sort({ publishedAt: -1 })
          .limit(RELATED_POSTS)
          .lean<PostRecord[]>()
      : [];
    const newest = await this.model
      .find(others)
      .sort({ publishedAt: -1 })
      .limit(RELATED_POSTS + sameCategory.length)
      .lean<PostRecord[]>();
    const seen = new Set<string>();
    return [...sameCategory, ...newest]
      .filter((post) => !seen.has(String(post._id)) && seen.add(String(post._id)))
      .slice(0, RELATED_POSTS)
      .map((post) => summary(post));
  }

  /** Slug and last change of every published post (sitemap). */
  async sitemap(): Promise<Array<{ slug: string; updatedAt: Date }>> {
    return this.model.find(published(this.now()), { slug: 1, updatedAt: 1 }).sort({ publishedAt: -1 }).lean();
  }
}
