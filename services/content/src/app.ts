import { AttemptLimiter, createDomainService, createMailer, type Mailer } from '@shop/service-kit';
import type { ContentConfig } from './config';
import { Posts } from './blog/posts';
import { blogRoutes } from './blog/blog.routes';
import { Newsletter } from './newsletter/newsletter';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { contactMessagesPerIp, subscriptionsPerIp } from './rate-windows';
import { ContactMessages } from './contact/contact';
import { contactRoutes } from './contact/contact.routes';
import { internalRoutes } from './seo/internal.routes';
import { InformationPages } from './pages/information-pages';
import { pagesRoutes } from './pages/pages.routes';

/** How often old rate-limit attempts are deleted (ms). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Builds the content service (issue #12): blog posts and guides, information and legal pages
 * from the operator settings, contact messages, newsletter subscriptions with double opt-in, on its own database (shop_content); page heads and sitemap entries for the
 * gateway. `deps` lets tests move the clock (scheduled posts, link expiry) and keep e-mails.
 */
export async function buildApp(config: ContentConfig, deps: { now?: () => Date; mailer?: Mailer } = {}) {
  const app = await createDomainService(config, {
    service: 'content',
    description: 'Blog posts, static pages, newsletter subscriptions and contact messages.',
  });
  const now = deps.now ?? (() => new Date());
  const mailer = deps.mailer ?? createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, log: app.log });
  const shop = { name: config.SHOP_NAME, origin: config.PUBLIC_ORIGIN };
  const posts = new Posts(app.db, now);
  await app.register(blogRoutes, { posts });
  await app.register(internalRoutes, { posts, publicOrigin: config.PUBLIC_ORIGIN });
  await app.register(pagesRoutes, { pages: new InformationPages(config) });

  const perIp = new AttemptLimiter(app.db, now, subscriptionsPerIp(config.NEWSLETTER_LIMIT_PER_IP));
  await app.register(newsletterRoutes, { newsletter: new Newsletter(app.db, { mailer, shop, log: app.log, now }), perIp });

  const contactPerIp = new AttemptLimiter(app.db, now, contactMessagesPerIp(config.CONTACT_LIMIT_PER_IP));
  // In development without operator details the messages go to the demo service address.
  const shopAddress = config.OPERATOR_EMAIL ?? 'service@randm-shop.example';
  await app.register(contactRoutes, {
    messages: new ContactMessages(app.db, { mailer, shop, shopAddress, log: app.log, now }),
    perIp: contactPerIp,
  });

  const sweeper = setInterval(() => {
    for (const limiter of [perIp, contactPerIp])
      limiter.prune().catch((error: unknown) => app.log.error({ err: error }, 'attempt prune failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  return app;
}
