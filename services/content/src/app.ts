import { createDomainService } from '@shop/service-kit';
import type { ContentConfig } from './config';
import { Posts } from './blog/posts';
import { blogRoutes } from './blog/blog.routes';
import { internalRoutes } from './seo/internal.routes';

/**
 * Builds the content service (issue #12): blog posts and guides on its own database
 * (shop_content), their page heads and sitemap entries for the gateway. `deps.now` lets tests
 * move the clock (scheduled posts).
 */
export async function buildApp(config: ContentConfig, deps: { now?: () => Date } = {}) {
  const app = await createDomainService(config, {
    service: 'content',
    description: 'Blog posts, static pages, newsletter subscriptions and contact messages.',
  });
  const posts = new Posts(app.db, deps.now ?? (() => new Date()));
  await app.register(blogRoutes, { posts });
  await app.register(internalRoutes, { posts, publicOrigin: config.PUBLIC_ORIGIN });
  return app;
}
