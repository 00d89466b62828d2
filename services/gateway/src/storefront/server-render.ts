import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { RemotesManifest, ServerRenderer, ServerRenderRequest, ServerRenderResult, ShellServerModule } from '@shop/contracts';
import { IDENTITY_HEADER } from '@shop/service-kit';
import { renderSpan } from './render-spans';
import { notePageTags } from '../edge/page-tags';
import { API_ROUTING_TABLE, type ServiceName } from '../proxy/routing-table';

export interface PageRendererOptions {
  /** shell/dist/server/main.js */
  shellServerFile: string;
  services: Record<ServiceName, string>;
  budgetMs: number;
  sessionBudgetMs: number;
  remoteCheckMs: number;
  /** Resolves the origin remote server builds are fetched from (known once the gateway listens). */
  remotesOrigin: () => string;
  log: FastifyBaseLogger;
}

/** A public page's prefetch reads never wait longer than this for a service (ms); the budget usually ends first. */
const PREFETCH_TIMEOUT_MS = 2000;

const ROUTES_MOST_SPECIFIC_FIRST = [...API_ROUTING_TABLE].sort((a, b) => b.prefix.length - a.prefix.length);

/**
 * A prefetch read as the routing table sees it: the path, and the service that owns it when it
 * is a GET of `/api/…` outside the staff API; null for anything else (refused by the callers).
 */
function readOf(input: string | URL | Request, init?: RequestInit): { url: URL; service: ServiceName | null; method: string } {
  const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(target, 'http://gateway.invalid');
  const method = (init?.method ?? 'GET').toUpperCase();
  const route = ROUTES_MOST_SPECIFIC_FIRST.find(({ prefix }) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  const readable = method === 'GET' && route && !url.pathname.startsWith('/api/admin');
  return { url, method, service: readable ? route.service : null };
}

/**
 * The fetch the server renderer's prefetch uses: an `/api/…` GET goes straight to the owning
 * service (the routing table, most specific prefix first), anonymous: the HTML it ends up in is
 * the same for every visitor. The cache tags its answer names go to the page rendered now
 * (edge/page-tags.ts). Anything else is refused.
 */
export function serviceFetch(services: Record<ServiceName, string>): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const { url, method, service } = readOf(input, init);
    if (!service) throw new Error(`server render: ${method} ${url.pathname} is not a public read`);
    const answer = await fetch(new URL(url.pathname + url.search, services[service]), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS),
    });
    notePageTags(answer);
    return answer;
  }) as typeof fetch;
}

/** Who a `sessionRendered` page is rendered for: what the API proxy would send for this visitor. */
export interface Visitor {
  cookie: string | undefined;
  /** The signed identity the gateway vouches for (x-shop-identity), or null when anonymous. */
  identity: string | null;
  ip: string;
  requestId: string;
}

/**
 * The fetch of a `sessionRendered` page's prefetch: a GET of `/api/…` owned by the
 * page's own service, sent straight to it as this visitor, with the headers the API proxy sends
 * (api-proxy.ts): their cookies, the identity, their IP as the only `x-forwarded-for`, the request
 * id. `Set-Cookie` answers (a guest cart merged after login clears its cookie) go to
 * `onSetCookie`, for the page's reply. Anything else is refused. A read ends after `timeoutMs`
 * (the session budget: the page does not wait longer for it anyway).
 */
export function sessionFetch(
  services: Record<ServiceName, string>,
  service: ServiceName,
  visitor: Visitor,
  onSetCookie: (values: string[]) => void,
  timeoutMs: number,
): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const read = readOf(input, init);
    if (read.service !== service)
      throw new Error(`server render: ${read.method} ${read.url.pathname} is not a read of the ${service} service`);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-forwarded-for': visitor.ip,
      'x-request-id': visitor.requestId,
    };
    if (visitor.cookie) headers.cookie = visitor.cookie;
    if (visitor.identity) headers[IDENTITY_HEADER] = visitor.identity;
    const response = await fetch(new URL(read.url.pathname + read.url.search, services[service]), {
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) onSetCookie(cookies);
    return response;
  }) as typeof fetch;
}

/**
 * Loads the shell's server build and creates its renderer once. The build is
 * required when the first page is rendered, so the gateway starts (and serves the static shell)
 * without it; a shell redeploy is picked up by restarting the gateway (the shell and the
 * gateway ship together; remotes do not need that, shell/README.md 'Server rendering').
 */
export class PageRenderer {
  private renderer: Promise<ServerRenderer | null> | null = null;

  constructor(private readonly options: PageRendererOptions) {}

  private async create(): Promise<ServerRenderer | null> {
    const { shellServerFile, log } = this.options;
    try {
      await stat(shellServerFile);
    } catch {
      log.warn({ file: shellServerFile }, 'shell server build missing: pages are rendered in the browser');
      return null;
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build output chosen at run time
    const module = require(path.resolve(shellServerFile)) as ShellServerModule;
    return module.createServerRenderer({
      remotesOrigin: this.options.remotesOrigin(),
      apiFetch: serviceFetch(this.options.services),
      budgetMs: this.options.budgetMs,
      sessionBudgetMs: this.options.sessionBudgetMs,
      remoteCheckMs: this.options.remoteCheckMs,
      log: {
        info: (obj, msg) => log.info({ ssr: true, ...obj }, msg),
        warn: (obj, msg) => log.warn({ ssr: true, ...obj }, msg),
      },
      span: renderSpan,
    });
  }

  /**
   * Loads the first-screen server modules of the remotes in each manifest ahead of the pages that
   * need them (ServerRenderer.warm); resolves when each has loaded or failed, never throws.
   */
  async warm(manifests: RemotesManifest[]): Promise<void> {
    this.renderer ??= this.create();
    const renderer = await this.renderer.catch((error: unknown) => {
      this.options.log.error({ err: error }, 'shell server build failed to load: pages are rendered in the browser');
      return null;
    });
    if (renderer) await Promise.all(manifests.map((manifest) => renderer.warm(manifest)));
  }

  /** The rendered page, or null when the shell's server build is not there (static shell then). */
  async render(request: ServerRenderRequest): Promise<ServerRenderResult | null> {
    this.renderer ??= this.create();
    const renderer = await this.renderer;
    return renderer ? renderer.render(request) : null;
  }
}

/** JSON text for a <script> data block: every '<' escaped, so neither `</script>` nor `<!--` can occur in it. */
export const jsonTextForScript = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The page as one stream: the template's part up to `#root`, React's HTML inside it (marked
 * `data-ssr` for the browser's hydrateRoot), then the query state the page was rendered with,
 * then the rest of the template. `onDone` gets the parts rendered in the browser instead.
 */
export function pageStream(
  template: string,
  result: ServerRenderResult,
  onDone: (error: Error | null, clientRendered: ReturnType<ServerRenderResult['clientRendered']>) => void,
): Readable {
  // html-webpack-plugin minifies the template (`<div id=root></div>`).
  const marker = /<div id="?root"?><\/div>/.exec(template);
  if (!marker) throw new Error('shell index.html has no empty <div id="root"></div>');
  const out = new PassThrough();
  void (async () => {
    out.write(template.slice(0, marker.index) + '<div id="root" data-ssr="">');
    for await (const chunk of result.html) out.write(chunk);
    out.write(`</div><script type="application/json" id="shop-state">${jsonTextForScript(result.state())}</script>`);
    out.end(template.slice(marker.index + marker[0].length));
    onDone(null, result.clientRendered());
  })().catch((error: Error) => {
    onDone(error, []);
    out.destroy(error);
  });
  return out;
}
