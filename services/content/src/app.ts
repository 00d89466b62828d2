import cookie from '@fastify/cookie';
import { AttemptLimiter, AuditRelay, backfillVersions, createDomainService, createMailer, type Mailer } from '@shop/service-kit';
import type { ContentConfig } from './config';
import { Posts } from './blog/posts';
import { blogRoutes } from './blog/blog.routes';
import { Newsletter } from './newsletter/newsletter';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { newsletterFormRoutes } from './newsletter/newsletter-forms.routes';
import { CONTACT_MESSAGES_PER_SENDER, contactMessagesPerIp, subscriptionsPerIp } from './rate-windows';
import { ContactMessages } from './contact/contact';
import { contactRoutes } from './contact/contact.routes';
import { internalRoutes } from './seo/internal.routes';
import { InformationPages } from './pages/information-pages';
import { pagesRoutes } from './pages/pages.routes';
import { operatorDetails } from './pages/operator-settings';
import { postModel } from './blog/post.model';
import { PostAdmin } from './blog/post-admin';
import { adminPostRoutes } from './blog/admin-posts.routes';
import { pageModel } from './pages/page.model';
import { PageAdmin } from './pages/page-admin';
import { AdminPageQueries } from './pages/admin-page-queries';
import { adminPageRoutes } from './pages/admin-pages.routes';
import { previewRoutes } from './editor/preview.routes';
import { mediaUsageRoutes } from './editor/media-usage.routes';
import { storefrontSettingsModel } from './settings/storefront-settings.model';
import { StorefrontSettingsStore } from './settings/storefront-settings';
import { storefrontSettingsRoutes } from './settings/storefront-settings.routes';

/** How often old rate-limit attempts are deleted (ms). */
const SWEEP_INTERVAL_MS = 60_000;

/** What tests may replace: the clock (scheduled posts, link expiry) and the mailer. */
export interface ContentDeps {
  now?: () => Date;
  mailer?: Mailer;
}

/**
 * Builds the content service: blog posts and guides, information and legal pages
 * from the operator settings, contact messages, newsletter subscriptions with double opt-in, on
 * its own database (shop_content); page heads and sitemap entries for the gateway; the staff
 * editor of posts and pages with versioned legal texts; the storefront settings
 * (presentation mode). Returns it with the domain objects tests drive directly (the audit relay
 * flushed now instead of on its next tick).
 */
export async function buildContentService(config: ContentConfig, deps: ContentDeps = {}) {
  const app = await createDomainService(config, {
    service: 'content',
    description: 'Blog posts, static pages, newsletter subscriptions and contact messages.',
  });
  const now = deps.now ?? (() => new Date());
  // Signs the contact form's outcome cookie (FormOutcome).
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  const mailer = deps.mailer ?? createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, log: app.log });
  const shop = { name: config.SHOP_NAME, origin: config.PUBLIC_ORIGIN };
  const posts = new Posts(app.db, now, app.changes, app.edge);
  await app.register(blogRoutes, { posts });
  const pages = new InformationPages(app.db, config, now, app.changes, app.edge);
  await app.register(internalRoutes, { posts, pages, publicOrigin: config.PUBLIC_ORIGIN });

  // Staff editing: posts and pages, each write audited through the record's outbox.
  const relay = new AuditRelay({
    adminServiceUrl: config.ADMIN_SERVICE_URL,
    internalSecret: app.internalApiSecret,
    models: [() => postModel(app.db), () => pageModel(app.db), () => storefrontSettingsModel(app.db)],
    log: app.log,
  });
  const postAdmin = new PostAdmin({ db: app.db, posts, relay, now });
  app.jobs.migration('post-versions', () => backfillVersions(postModel(app.db)));
  await app.register(adminPostRoutes, { postAdmin });
  const pageQueries = new AdminPageQueries({ db: app.db, pages });
  await app.register(adminPageRoutes, {
    pageAdmin: new PageAdmin({ db: app.db, pages, queries: pageQueries, relay, now }),
    queries: pageQueries,
  });
  const settings = new StorefrontSettingsStore({ db: app.db, defaultMode: config.PRESENTATION_MODE_DEFAULT, relay, edge: app.edge });
  await app.register(storefrontSettingsRoutes, { settings });
  await app.register(pagesRoutes, { pages, operator: operatorDetails(config), settings });
  await app.register(previewRoutes, { pages });
  await app.register(mediaUsageRoutes(app.db));

  const limiters = {
    subscriptionsPerIp: new AttemptLimiter(app.db, now, subscriptionsPerIp(config.NEWSLETTER_LIMIT_PER_IP)),
    contactPerSender: new AttemptLimiter(app.db, now, CONTACT_MESSAGES_PER_SENDER),
    contactPerIp: new AttemptLimiter(app.db, now, contactMessagesPerIp(config.CONTACT_LIMIT_PER_IP)),
  };
  const newsletter = new Newsletter(app.db, { mailer, shop, log: app.log, now });
  await app.register(newsletterRoutes, { newsletter, perIp: limiters.subscriptionsPerIp });
  await app.register(newsletterFormRoutes, { newsletter, perIp: limiters.subscriptionsPerIp, secureCookies: config.COOKIE_SECURE });

  // In development without operator details the messages go to the demo service address.
  const shopAddress = config.OPERATOR_EMAIL ?? 'service@randm-shop.example';
  await app.register(contactRoutes, {
    messages: new ContactMessages(app.db, { mailer, shop, shopAddress, log: app.log, now }),
    limits: { perSender: limiters.contactPerSender, perIp: limiters.contactPerIp },
    secureCookies: config.COOKIE_SECURE,
    now,
  });

  app.jobs.every('audit-relay', { intervalMs: SWEEP_INTERVAL_MS }, () => relay.flush());
  app.jobs.every('attempt-prune', { intervalMs: SWEEP_INTERVAL_MS }, () =>
    Promise.all(Object.values(limiters).map((limiter) => limiter.prune())),
  );
  return { app, domain: { auditRelay: relay } };
}

/** The content service as `server.ts` runs it. */
export async function buildApp(config: ContentConfig, deps: ContentDeps = {}) {
  return (await buildContentService(config, deps)).app;
}
