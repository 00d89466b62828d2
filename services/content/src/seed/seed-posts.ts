import type { Connection } from 'mongoose';
import { postModel } from '../blog/post.model';
import { CATEGORY_GUIDES } from './category-guides';
import { GENERAL_GUIDES } from './general-guides';

/** Who the seeded guides are by. */
const AUTHOR = 'Redaktion RandM Tornado Shop';
/** The first guide's publication date; each further one a day later, newest the general guides. */
const FIRST_PUBLISHED = Date.UTC(2026, 9, 1, 8, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Inserts the demo guides (one per category, plus the general ones) that are not there
 * yet, by slug: idempotent, and posts edited by staff are left alone. Marked `isDemo` like the demo
 * products. @returns how many were inserted.
 */
export async function seedPosts(db: Connection): Promise<number> {
  const Posts = postModel(db);
  await Posts.init();
  const all = [...CATEGORY_GUIDES, ...GENERAL_GUIDES];
  const existing = new Set((await Posts.find({}, { slug: 1 }).lean()).map((post) => post.slug));
  const missing = all
    .map((post, index) => ({ post, publishedAt: new Date(FIRST_PUBLISHED + index * DAY_MS) }))
    .filter(({ post }) => !existing.has(post.slug));
  if (!missing.length) return 0;
  await Posts.insertMany(
    missing.map(({ post, publishedAt }) => ({
      ...post,
      bodyFormat: 'markdown',
      author: AUTHOR,
      status: 'published',
      publishedAt,
      isDemo: true,
    })),
  );
  return missing.length;
}
