import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  FOOTER_NEWSLETTER,
  HEADER_WIDGETS,
  matchRoute,
  PAGES_EXPOSE,
  privatePathPrefixes,
  redirectFor,
  ROUTES,
  type RouteDefinition,
  type RouteRemote,
} from '@shop/routes';
import type { RemotesManifest, ShopConfig, StorefrontSettings } from '@shop/contracts';
import { injectEarlyForms, injectHead, injectStartup, type HeadData } from '../html';
import { entryForms, entryOf } from './entry-forms';
import { cspNonceOf } from './security';
import { pageStream, PageRenderer, sessionFetch } from '../server-render';
import { RemotePreloads } from '../remote-preloads';
import { publicBuildFile, startRemoteBuildsServer } from '../remote-builds';
import type { ServiceName } from '../routing-table';
import { fetchSitemapEntries, lookupPageHead } from './service-head';

export interface StorefrontOptions {
  staticRoot: string;
  remotesManifest: RemotesManifest;
  /** The shop config from the environment; `presentationMode` and `reviewsEnabled` come per page from `storefrontSettings`. */
  shopConfig: Omit<ShopConfig, 'presentationMode' | 'reviewsEnabled'>;
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
  ssr: { budgetMs: number; remoteCheckMs: number; remotesOrigin: string | null; onWarm: () => void } | null;
  /** Whether `*.map` files are served (SOURCE_MAPS=on); server builds never are. */
  sourceMaps: boolean;
}

/** A file name carrying a content hash (`main.3f9a1c2b.js`) never changes: cache it for a year. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|webp|svg)$/;
const PRECOMPRESSED = /\.br$/;
const NO_CACHE = 'no-cache';
const PERSONAL = 'private, no-store';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
  // The build's precompressed copy (`x.js.br`) is cached as the file it stands for.
  res.setHeader('Cache-Control', HASHED_FILE.test(path.basename(filePath).replace(PRECOMPRESSED, '')) ? IMMUTABLE : NO_CACHE);
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the storefront:
 * - the built shell at `/` and each remote at `/remotes/<slice>/` (hashed files cached
 *   immutably; entry files, manifests and index.html revalidated on every load);
 * - `/remotes.json` (where the shell finds the remotes) and `/shop-config.json`, both from
 *   the gateway's configuration, so remotes are swapped without rebuilding the shell;
 * - `/robots.txt` (development: nothing indexed, spec §2 'Other') and `/sitemap.xml` (the
 *   public pages of the route table plus every service's entries: categories and products);
 * - for routes marked `serverHead`, the owning service's head (description, Open Graph,
 *   JSON-LD) in the first HTML, and HTTP 404 when the service says the resource is missing;
 * - every route of @shop/routes answered with the shell (200), redirects of @shop/routes
 *   with 301, everything else with the shell's not-found page and HTTP 404;
 * - in every page's first HTML: the shell's boot data (remotes and shop config, inlined) and
 *   preloads for the header widgets' and the route's remote modules (remote-preloads.ts).
 */
export async function storefront(app: FastifyInstance, opts: StorefrontOptions) {
  const shellDist = path.join(opts.staticRoot, 'shell', 'dist');
  const development = opts.shopConfig.environment === 'development';
  // Plain http on localhost in development; everywhere else cookies only travel over https.
  const secureCookies = !development;
  await app.register(entryForms, { secureCookies });
  const preloads = new RemotePreloads(opts.staticRoot, opts.remotesManifest, app.log);
  /** The shop config of one page or answer: the environment's, with the storefront settings in force now. */
  const currentShopConfig = async (): Promise<ShopConfig> => {
    // Unknown settings: the cautious choice of each (factual presentation, no reviews).
    const settings = await opts.storefrontSettings();
    return {
      ...opts.shopConfig,
      presentationMode: settings?.presentationMode ?? 'factual',
      reviewsEnabled: settings?.reviewsEnabled ?? false,
    };
  };
  const { ssr } = opts;
  // Remote server builds come from SSR_REMOTES_ORIGIN, or from the gateway's own internal listener.
  const remoteBuilds = ssr && !ssr.remotesOrigin ? await startRemoteBuildsServer(opts.staticRoot, opts.remotesManifest, app.log) : null;
  if (remoteBuilds) app.addHook('onClose', remoteBuilds.close);
  const renderer = ssr
    ? new PageRenderer({
        shellServerFile: path.join(shellDist, 'server', 'main.js'),
        remotes: opts.remotesManifest,
        services: opts.services,
        budgetMs: ssr.budgetMs,
        remoteCheckMs: ssr.remoteCheckMs,
        remotesOrigin: () => ssr.remotesOrigin ?? remoteBuilds!.origin,
        log: app.log,
      })
    : null;
  if (renderer && ssr) {
    // Remote server builds are loaded over HTTP from this gateway, so only once it listens.
    // Without the shell's server build there is nothing to load (pages render in the browser).
    if (existsSync(path.join(shellDist, 'server', 'main.js'))) {
      app.addHook('onListen', async () => {
        void renderer.warm().finally(ssr.onWarm);
      });
    } else {
      ssr.onWarm();
    }
  }

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
    // '/' is a page (home), answered by the not-found handler below with the shell; the shell's
    // server build is read from disk by the renderer, never served.
    allowedPath: (pathName) => pathName !== '/' && publicBuildFile(pathName, opts.sourceMaps),
    // Dotfiles in a build folder (the build stamp .build-inputs) are nobody's business.
    dotfiles: 'ignore',
    // The build's brotli copies (packages/webpack-config), sent when the browser accepts br.
    preCompressed: true,
    setHeaders: cacheHeaders,
    cacheControl: false,
  });
  for (const { name } of opts.remotesManifest.remotes) {
    await app.register(fastifyStatic, {
      root: path.join(opts.staticRoot, `mf-${name}`, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      dotfiles: 'ignore',
      index: false,
      wildcard: true,
      allowedPath: (pathName) => publicBuildFile(pathName, opts.sourceMaps),
      preCompressed: true,
      setHeaders: cacheHeaders,
      cacheControl: false,
    });
  }

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return opts.remotesManifest;
  });
  app.get('/shop-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return currentShopConfig();
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = development
      ? ['User-agent: *', 'Disallow: /']
      : [
          'User-agent: *',
          'Allow: /',
          ...privatePathPrefixes().map((prefix) => `Disallow: ${prefix}`),
          `Sitemap: ${opts.shopConfig.publicOrigin}/sitemap.xml`,
        ];
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return `${lines.join('\n')}\n`;
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = opts.shopConfig.publicOrigin;
    // Public pages without parameters, each once (second addresses name their canonical page).
    const staticPaths = (ROUTES as readonly RouteDefinition[]).filter((r) => !r.path.includes(':') && !r.private && !r.canonicalPath);
    const serviceEntries = (
      await Promise.all(Object.values(opts.services).map((url) => fetchSitemapEntries(url, opts.internalSecret, request.log)))
    ).flat();
    const urls = [
      ...staticPaths.map((r) => `<url><loc>${escapeXml(origin + r.path)}</loc></url>`),
      ...serviceEntries.map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc><lastmod>${escapeXml(e.lastModified)}</lastmod></url>`),
    ];
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });

  async function sendShell(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 404,
    title: string,
    serverHead: HeadData | null = null,
    pageRemote: RouteRemote | null = null,
  ) {
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
    const pathname = request.url.split('?')[0] ?? '/';
    const route = status === 200 ? matchRoute(pathname)?.route : undefined;
    const robots = development || status === 404 || route?.private ? 'noindex, nofollow' : serverHead?.robots || 'index, follow';
    const canonical = route ? `${opts.shopConfig.publicOrigin}${route.canonicalPath ?? pathname}` : null;
    const head: HeadData = serverHead
      ? { ...serverHead, title: `${serverHead.title} | ${opts.shopConfig.shopName}`, robots }
      : { title: `${title} | ${opts.shopConfig.shopName}`, robots, canonical };
    const nonce = cspNonceOf(reply.raw);
    const shopConfig = await currentShopConfig();
    const modules = [
      ...HEADER_WIDGETS,
      ...(pageRemote ? [{ remote: pageRemote, exposed: PAGES_EXPOSE }] : []),
      // Rendered into the footer's HTML, its script loaded when the footer comes near (the shell's
      // FooterNewsletter); not shown in the factual presentation.
      ...(shopConfig.presentationMode === 'marketing' ? [{ ...FOOTER_NEWSLETTER, stylesOnly: true }] : []),
    ];
    // The age gate, cookie banner and flash notice depend on the visitor's cookies (Vary), and
    // the one-page cookies this page shows are deleted with it (entry-forms.ts).
    const { entry, setCookies } = entryOf(request, secureCookies);
    const boot = { remotes: opts.remotesManifest, shopConfig, entry };
    const page = injectEarlyForms(injectStartup(injectHead(html, head), boot, await preloads.for(modules)), nonce, secureCookies);
    // A page rendered from the visitor's session, or carrying the answer to their form, is
    // theirs alone: no cache may keep it.
    const personal = Boolean(route?.sessionRendered) || entry.flash !== null;
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', personal ? PERSONAL : NO_CACHE)
      .header('Vary', 'Cookie');
    if (renderer && request.method === 'GET') {
      let fetchAsVisitor: typeof fetch | null = null;
      if (route?.sessionRendered) {
        await app.identifyVisitor(request);
        const visitor = { cookie: request.headers.cookie, identity: request.shopIdentity, ip: request.ip, requestId: String(request.id) };
        fetchAsVisitor = sessionFetch(opts.services, route.remote, visitor, (values) => setCookies.push(...values));
      }
      const rendered = await renderer
        .render({ url: request.url, entry, nonce, sessionFetch: fetchAsVisitor, shopConfig })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'server render failed: the page renders in the browser');
          return null;
        });
      if (rendered) {
        // With the cookies the service set while the page was read (a read that misses the
        // budget keeps its own: the browser's next read of the cart sets them then).
        if (setCookies.length) reply.header('set-cookie', setCookies);
        const stream = pageStream(page, rendered, (error, clientRendered) => {
          if (error) request.log.error({ err: error }, 'server render stream broke off');
          for (const part of clientRendered) request.log.warn(part, `remote '${part.remote}' rendered in the browser: ${part.reason}`);
        });
        return reply.send(stream);
      }
    }
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
    if (!match) return sendShell(request, reply, 404, 'Seite nicht gefunden');
    if (match.route.serverHead) {
      const lookup = await lookupPageHead(opts.services[match.route.remote], request.url, opts.internalSecret, request.log);
      // 404, with the route's page rendered: it says what is missing ('Produkt nicht gefunden') in the first HTML.
      if (lookup.kind === 'missing') return sendShell(request, reply, 404, 'Seite nicht gefunden', null, match.route.remote);
      if (lookup.kind === 'head') {
        const { head } = lookup;
        const origin = opts.shopConfig.publicOrigin;
        return sendShell(
          request,
          reply,
          200,
          head.title,
          {
            title: head.title,
            robots: head.robots ?? '',
            canonical: `${origin}${head.canonicalPath}`,
            description: head.description,
            ogType: head.ogType,
            ogImage: head.ogImage,
            structuredData: head.structuredData,
          },
          match.route.remote,
        );
      }
    }
    return sendShell(request, reply, 200, match.route.title, null, match.route.remote);
  });
}
