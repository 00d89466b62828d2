import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FOOTER_NEWSLETTER,
  HEADER_SEARCH,
  HEADER_WIDGETS,
  matchRoute,
  mountsWithPage,
  PAGES_EXPOSE,
  redirectFor,
  type RouteMatch,
  type RouteRemote,
} from '@shop/routes';
import {
  CANARY_BUCKET_HEADER,
  CAUTIOUS_STOREFRONT_SETTINGS,
  PAGE_CONTEXT_HEADER,
  type EntryState,
  type RemotesManifest,
  type ShopConfig,
  type StorefrontSettings,
} from '@shop/contracts';
import { injectEarlyForms, injectHead, injectStartup, type HeadData } from './html';
import { entryForms } from './entry-forms';
import { cspNonceOf } from '../security';
import { pageStream, PageRenderer, sessionFetch } from './server-render';
import { RemotePreloads } from './remote-preloads';
import { startRemoteBuildsServer } from '../releases/remote-builds';
import { prepareRemoteStore, type RemoteStore } from '../releases/remote-store';
import type { ServiceName } from '../proxy/routing-table';
import { lookupPageHead } from './service-head';
import { NO_CACHE, staticFiles } from './static-files';
import { canaryVisitor } from '../releases/canary-visitors';
import { CLIENT_RENDERED_HEADER, releasePreview } from '../releases/release-preview';
import type { LiveRemoteVersions } from '../releases/live-remotes';
import { seoFiles } from './seo-files';
import { ssrClientFallbacks, ssrRenderDuration, ssrRenders } from './ssr-metrics';
import { pageVisitorOf, type PageVisitor } from '../edge/page-context';
import { withPageTags } from '../edge/page-tags';
import { inlineScriptHashes, pageTags, policyWithScriptHashes, sharedCacheControl, type SharedCacheTimes } from '../edge/shared-page';

export interface StorefrontOptions {
  /** Where the shell's and remotes' builds and the remotes' published releases lie (remote-store.ts). */
  store: RemoteStore;
  /** The remotes in force now: each slice's live release, else its configured entry (live-remotes.ts). */
  remotes: LiveRemoteVersions;
  /** The shop config from the environment; `presentationMode` and `reviewsEnabled` come per page from `storefrontSettings`. */
  shopConfig: Omit<ShopConfig, 'presentationMode' | 'reviewsEnabled' | 'renderedAt'>;
  /**
   * The storefront settings staff keep in the back office (content service, at most 2 s old);
   * null when the content service never answered: the factual presentation then (§ 19 TabakerzG,
   * the lawful side when nothing says otherwise).
   */
  storefrontSettings: () => Promise<StorefrontSettings | null>;
  /** Base URL per service: page heads and sitemap entries come from the owning service. */
  services: Record<ServiceName, string>;
  /** Shared secret of the services' /internal/* endpoints. */
  internalSecret: string;
  /** Server rendering: null sends the static shell. */
  ssr: { budgetMs: number; sessionBudgetMs: number; remoteCheckMs: number; remotesOrigin: string | null } | null;
  /** Whether `*.map` files are served (SOURCE_MAPS=on); server builds never are. */
  sourceMaps: boolean;
  /**
   * How long the shared cache in front of the gateway keeps an anonymous page (EDGE_MAX_AGE_S);
   * null: pages are never marked for a shared cache.
   */
  sharedCache: SharedCacheTimes | null;
}

const PERSONAL = 'private, no-store';

/** JSON with every character beyond ASCII escaped (`\u00fc`): a header value carries no other. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** One page's answer: its status, its title (or the owning service's head) and the remote of its page. */
interface PageAnswer {
  status: 200 | 404;
  title: string;
  serverHead?: HeadData | null;
  pageRemote?: RouteRemote | null;
  /** The owning service did not say what the page's head is (it did not answer): a generic head, and not for the shared cache. */
  headUnknown?: boolean;
}

/**
 * Serves the storefront: its files (static-files.ts), robots.txt and the sitemap (seo-files.ts),
 * the age gate's and cookie banner's forms (entry-forms.ts), and its pages:
 * - `/shop-config.json`: the gateway's configuration with the storefront settings in force now;
 * - for routes marked `serverHead`, the owning service's head (description, Open Graph,
 *   JSON-LD) in the first HTML, and HTTP 404 when the service says the resource is missing;
 * - every route of @shop/routes answered with the shell (200), redirects of @shop/routes
 *   with 301, everything else with the shell's not-found page and HTTP 404;
 * - in every page's first HTML: the shell's boot data (remotes and shop config, inlined) and
 *   preloads for the header widgets' and the route's remote modules (remote-preloads.ts).
 */
export async function storefront(app: FastifyInstance, opts: StorefrontOptions) {
  const shellDist = path.join(opts.store.staticRoot, 'shell', 'dist');
  const development = opts.shopConfig.environment === 'development';
  // Plain http on localhost in development; everywhere else cookies only travel over https.
  const secureCookies = !development;
  await app.register(entryForms, { secureCookies });
  prepareRemoteStore(opts.store, app.log);
  await staticFiles(app, { ...opts, secureCookies });
  await seoFiles(app, {
    development,
    publicOrigin: opts.shopConfig.publicOrigin,
    services: opts.services,
    internalSecret: opts.internalSecret,
  });
  const preloads = new RemotePreloads(opts.store, app.log);
  /** The shop config of one page or answer: the environment's, with the storefront settings in force now and the time it was made. */
  const currentShopConfig = async (): Promise<ShopConfig> => {
    const { presentationMode, reviewsEnabled } = (await opts.storefrontSettings()) ?? CAUTIOUS_STOREFRONT_SETTINGS;
    return { ...opts.shopConfig, presentationMode, reviewsEnabled, renderedAt: new Date().toISOString() };
  };
  const { ssr } = opts;
  // Remote server builds come from SSR_REMOTES_ORIGIN, or from the gateway's own internal listener.
  const remoteBuilds = ssr && !ssr.remotesOrigin ? await startRemoteBuildsServer(opts.store, app.log) : null;
  if (remoteBuilds) app.addHook('onClose', remoteBuilds.close);
  const renderer = ssr
    ? new PageRenderer({
        shellServerFile: path.join(shellDist, 'server', 'main.js'),
        services: opts.services,
        budgetMs: ssr.budgetMs,
        sessionBudgetMs: ssr.sessionBudgetMs,
        remoteCheckMs: ssr.remoteCheckMs,
        remotesOrigin: () => ssr.remotesOrigin ?? remoteBuilds!.origin,
        log: app.log,
      })
    : null;
  // The versions the release registry puts in force (at the start, at a promote, a rollback or a
  // canary) have their server modules loaded first, so the first page naming them renders on the
  // server. Without the shell's server build there is nothing to load (pages render in the browser).
  if (renderer && existsSync(path.join(shellDist, 'server', 'main.js'))) opts.remotes.prepareWith((manifests) => renderer.warm(manifests));

  app.get('/shop-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return currentShopConfig();
  });
  /**
   * Marks `reply` as a page the shared cache keeps for everyone with the request's context: its
   * times, the tags of what it shows (`xkey`), what it varies by, and a content security policy
   * allowing its inline scripts by their hashes instead of this response's nonce.
   */
  function sharePage(reply: FastifyReply, html: string, readTags: Set<string>, remotes: RemotesManifest, canaryRunning: boolean) {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string') return;
    reply
      .header('content-security-policy', policyWithScriptHashes(policy, inlineScriptHashes(html)))
      .header('Cache-Control', sharedCacheControl(opts.sharedCache!))
      .header('Vary', canaryRunning ? `${PAGE_CONTEXT_HEADER}, ${CANARY_BUCKET_HEADER}` : PAGE_CONTEXT_HEADER)
      .header('xkey', pageTags(readTags, remotes));
  }

  /** The page's route of @shop/routes (none for a 404) and its head: the owning service's, else the route's title. */
  function headOf(
    request: FastifyRequest,
    { status, title, serverHead = null }: PageAnswer,
  ): { route: RouteMatch['route'] | undefined; head: HeadData } {
    const pathname = request.url.split('?')[0] ?? '/';
    const route = status === 200 ? matchRoute(pathname)?.route : undefined;
    // Counted under the page's route of @shop/routes (`/produkt/:slug`), not the catch-all.
    request.metricsRoute = route?.path ?? 'not_found';
    const robots = development || status === 404 || route?.private ? 'noindex, nofollow' : serverHead?.robots || 'index, follow';
    const canonical = route ? `${opts.shopConfig.publicOrigin}${route.canonicalPath ?? pathname}` : null;
    const head: HeadData = serverHead
      ? { ...serverHead, title: `${serverHead.title} | ${opts.shopConfig.shopName}`, robots }
      : { title: `${title} | ${opts.shopConfig.shopName}`, robots, canonical };
    return { route, head };
  }

  /** The remote modules whose scripts or styles go with the page (preloads). */
  function modulesOf(entry: EntryState, pageRemote: RouteRemote | null, shopConfig: ShopConfig) {
    return [
      // A personal widget the page leaves as a link until needed is not fetched with it.
      ...HEADER_WIDGETS.filter((widget) => mountsWithPage(widget, entry.visitor, pageRemote)),
      ...(pageRemote ? [{ remote: pageRemote, exposed: PAGES_EXPOSE }] : []),
      // Rendered into the header's HTML, its script loaded on the shopper's first intent to search
      // (the shell's HeaderSearch): only its stylesheet goes with the page.
      { ...HEADER_SEARCH, stylesOnly: true },
      // Rendered into the footer's HTML, its script loaded when the footer comes near (the shell's
      // FooterNewsletter); not shown in the factual presentation.
      ...(shopConfig.presentationMode === 'marketing' ? [{ ...FOOTER_NEWSLETTER, stylesOnly: true }] : []),
    ];
  }

  /**
   * The remote versions of the page: those live now for this visitor (a canary's share gets its
   * version, canary-visitors.ts; a new bucket's cookie goes into `setCookies`), or a release not
   * live yet that the release command's smoke check asks for (release-preview.ts).
   */
  function versionsOf(request: FastifyRequest, visitor: PageVisitor) {
    const canaryRunning = opts.remotes.canaryRunning();
    const canary = canaryVisitor(request, canaryRunning, secureCookies, visitor.bucketHeader);
    if (canary.setCookie) visitor.setCookies.push(canary.setCookie);
    const live = opts.remotes.manifest(canary.bucket);
    const preview = releasePreview(request, opts.store, opts.internalSecret, live);
    return { canaryRunning, preview, remotes: preview.kind === 'preview' ? preview.manifest : live };
  }

  /**
   * Who may keep the page: `personal` (rendered from the visitor's session, carrying the answer to
   * their form, or a preview: no cache), or `shareable` by the shared cache for everyone with the
   * same context (docs/decisions/shared-cache.md): not personal, not a private route (a link with
   * a token, the back office), its head known, a 200 to a GET, and made from the edge's context.
   */
  function cachePolicy(
    request: FastifyRequest,
    page: {
      route: RouteMatch['route'] | undefined;
      status: PageAnswer['status'];
      headUnknown: boolean;
      preview: boolean;
      visitor: PageVisitor;
    },
  ) {
    const personal = Boolean(page.route?.sessionRendered) || page.visitor.entry.flash !== null || page.preview;
    const shareable =
      page.visitor.context !== null &&
      !personal &&
      !page.route?.private &&
      !page.headUnknown &&
      page.status === 200 &&
      request.method === 'GET' &&
      opts.sharedCache !== null;
    return { personal, shareable };
  }

  /**
   * The fetch a page rendered from the visitor's session reads with (their cookies and identity;
   * cookies the service sets go into `setCookies`), or null for a public page (read anonymously).
   */
  async function visitorFetch(
    request: FastifyRequest,
    route: RouteMatch['route'] | undefined,
    setCookies: string[],
  ): Promise<typeof fetch | null> {
    if (!route?.sessionRendered) return null;
    await app.identifyVisitor(request);
    const visitor = { cookie: request.headers.cookie, identity: request.shopIdentity, ip: request.ip, requestId: String(request.id) };
    return sessionFetch(opts.services, route.remote, visitor, (values) => setCookies.push(...values), ssr!.sessionBudgetMs);
  }

  /** Sends a page: the shell with its head, boot data and preloads, server rendered when it can be. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) {
    const { status, pageRemote = null, headUnknown = false } = answer;
    let html: string;
    try {
      html = await readFile(path.join(shellDist, 'index.html'), 'utf8');
    } catch (error) {
      request.log.error({ err: error }, 'shell build missing (run npm run build)');
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Der Shop wird gerade aktualisiert. Bitte versuchen Sie es gleich erneut.');
    }
    const { route, head } = headOf(request, answer);
    const nonce = cspNonceOf(reply.raw);
    const shopConfig = await currentShopConfig();
    // The age gate, cookie banner and flash notice depend on the visitor's cookies, or behind the
    // shared cache on its context header (edge/page-context.ts); the one-page cookies this page
    // shows are deleted with it (entry-forms.ts).
    const visitor = pageVisitorOf(request, secureCookies);
    const { entry, setCookies } = visitor;
    const { canaryRunning, preview, remotes } = versionsOf(request, visitor);
    if (preview.kind === 'refused') return reply.code(preview.status).send({ message: preview.message, code: 'PREVIEW_REFUSED' });
    const boot = { remotes, shopConfig, entry };
    const preloaded = await preloads.for(remotes, modulesOf(entry, pageRemote, shopConfig));
    const page = injectEarlyForms(injectStartup(injectHead(html, head), boot, preloaded), nonce, secureCookies);
    const { personal, shareable } = cachePolicy(request, { route, status, headUnknown, preview: preview.kind === 'preview', visitor });
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', personal ? PERSONAL : NO_CACHE)
      .header('Vary', visitor.context ? PAGE_CONTEXT_HEADER : 'Cookie');
    if (!renderer || request.method !== 'GET') return sendWithCookies(reply, setCookies, page);

    const renderStarted = performance.now();
    const ownerRemote = route?.remote ?? pageRemote ?? 'shell';
    const fetchAsVisitor = await visitorFetch(request, route, setCookies);
    const { result: rendered, tags } = await withPageTags(() =>
      renderer.render({ url: request.url, entry, nonce, sessionFetch: fetchAsVisitor, shopConfig, remotes }).catch((error: unknown) => {
        request.log.error({ err: error }, 'server render failed: the page renders in the browser');
        return null;
      }),
    );
    if (!rendered) return sendWithCookies(reply, setCookies, page);
    // With the cookies the service set while the page was read (a read that misses the budget
    // keeps its own: the browser's next read of the cart sets them then).
    if (setCookies.length) reply.header('set-cookie', setCookies);
    let renderedInBrowser: Array<{ remote: string; reason: string }> = [];
    const stream = pageStream(page, rendered, (error, clientRendered) => {
      ssrRenders.inc({ remote: ownerRemote });
      ssrRenderDuration.observe({ remote: ownerRemote }, (performance.now() - renderStarted) / 1000);
      for (const part of clientRendered) ssrClientFallbacks.inc({ remote: part.remote });
      if (error) request.log.error({ err: error }, 'server render stream broke off');
      for (const part of clientRendered) request.log.warn(part, `remote '${part.remote}' rendered in the browser: ${part.reason}`);
      renderedInBrowser = clientRendered.map(({ remote, reason }) => ({ remote, reason }));
    });
    if (preview.kind !== 'preview' && !shareable) return reply.send(stream);
    // A preview and a page for the shared cache are read whole: a preview's answer names the parts
    // that did not render on the server; a shared page gets its scripts' hashes.
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const body = Buffer.concat(chunks);
    if (preview.kind === 'preview') return reply.header(CLIENT_RENDERED_HEADER, asciiJson(renderedInBrowser)).send(body);
    // A page missing a part or data the server could not render in time is not kept: the next visitor's may be whole.
    if (!renderedInBrowser.length && rendered.dataComplete() && !setCookies.length)
      sharePage(reply, body.toString('utf8'), tags, remotes, canaryRunning);
    return reply.send(body);
  }

  /** Sends `page` as it is (no server render), with the answer's cookies. */
  function sendWithCookies(reply: FastifyReply, setCookies: string[], page: string) {
    if (setCookies.length) reply.header('set-cookie', setCookies);
    return reply.send(page);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && !pathname.startsWith('/remotes/');
    if (!isPage) {
      return reply.code(404).send({ message: `Nicht gefunden: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    }
    const redirect = redirectFor(pathname);
    if (redirect) return reply.redirect(redirect, 301);
    const match = matchRoute(pathname);
    if (!match) return sendPage(request, reply, { status: 404, title: 'Seite nicht gefunden' });
    if (match.route.serverHead) {
      const lookup = await lookupPageHead(opts.services[match.route.remote], request.url, opts.internalSecret, request.log);
      // 404, with the route's page rendered: it says what is missing ('Produkt nicht gefunden') in the first HTML.
      if (lookup.kind === 'missing')
        return sendPage(request, reply, { status: 404, title: 'Seite nicht gefunden', pageRemote: match.route.remote });
      if (lookup.kind === 'head') {
        const { head } = lookup;
        const origin = opts.shopConfig.publicOrigin;
        return sendPage(request, reply, {
          status: 200,
          title: head.title,
          serverHead: {
            title: head.title,
            robots: head.robots ?? '',
            canonical: `${origin}${head.canonicalPath}`,
            description: head.description,
            ogType: head.ogType,
            ogImage: head.ogImage,
            structuredData: head.structuredData,
          },
          pageRemote: match.route.remote,
        });
      }
    }
    return sendPage(request, reply, {
      status: 200,
      title: match.route.title,
      pageRemote: match.route.remote,
      headUnknown: Boolean(match.route.serverHead),
    });
  });
}
