import type { Connection } from 'mongoose';
import { containsText, mediaUsageRoute } from '@shop/service-kit';
import { postModel } from '../blog/post.model';
import { pageModel } from '../pages/page.model';

/**
 * `GET /internal/media-usage?assetId=` (service-kit `mediaUsageRoute`): the posts (cover image or
 * text, any state) and pages (any published text or the draft) that show a width of a media
 * library image. An old page version still refers to it, so it stays.
 */
export const mediaUsageRoutes = (db: Connection) =>
  mediaUsageRoute(async (prefix) => {
    const mention = containsText(prefix);
    const [posts, pages] = await Promise.all([
      postModel(db)
        .find({ $or: [{ coverImage: mention }, { body: mention }] }, { title: 1 })
        .lean(),
      pageModel(db)
        .find({ $or: [{ 'texts.body': mention }, { 'draft.body': mention }] }, { slug: 1 })
        .lean(),
    ]);
    return [
      ...posts.map((post) => ({ kind: 'post' as const, id: String(post._id), label: post.title })),
      ...pages.map((page) => ({ kind: 'page' as const, id: page.slug, label: page.slug })),
    ];
  });
