import type { RemotesManifest, ShopConfig } from './slices';
import type { EntryState } from './entry-state';

/**
 * The contract between the gateway and the shell's server build (`shell/dist/server/main.js`;
 * shell/README.md 'Server rendering'). Plain types: both sides are our code,
 * loaded into one Node.js process.
 */

/** One page to render. */
export interface ServerRenderRequest {
  /** Path and query as the router sees it, e.g. '/produkt/randm-tornado-9000?x=1'. */
  url: string;
  /** The age gate, cookie banner and flash notice of this request's first screen (entry-state.ts). */
  entry: EntryState;
  /** Nonce of this response's Content-Security-Policy, for scripts React streams inline. */
  nonce: string;
  /**
   * For a route marked `sessionRendered` (@shop/routes): a fetch for the page's own reads as this
   * visitor (GET `/api/…` of the route's slice, with the visitor's cookies and the identity the
   * gateway vouches for). Its answers go into HTML sent `private, no-store`. Null on every other
   * route: their HTML is the same for every visitor.
   */
  sessionFetch: typeof fetch | null;
  /** The shop config of this page (its storefront settings may change at run time; the boot data carries the same). */
  shopConfig: ShopConfig;
  /**
   * The remotes of this page, as its boot data carries them (the live release of each slice at
   * the moment the page was composed): the server renders the same versions the browser hydrates.
   */
  remotes: RemotesManifest;
}

/** A part of the page the server left to the browser, and why (logged by the gateway). */
export interface ClientRenderedPart {
  remote: string;
  reason: string;
  /** Where an unexpected error was thrown (first lines of its stack). */
  where?: string;
}

export interface ServerRenderResult {
  /** React's HTML of `#root`, streamed (a Node.js Readable). */
  html: AsyncIterable<Uint8Array | string>;
  /**
   * The query state the page was rendered with (React Query `dehydrate`, public keys only), as
   * JSON text, not yet escaped for a <script>; complete once `html` has ended.
   */
  state(): string;
  /** Remotes that render in the browser instead (failed, too slow, version skew). */
  clientRendered(): ClientRenderedPart[];
  /**
   * Whether every read of the page's prefetch answered successfully within its budget: false when
   * the HTML shows a loading or an error state instead of some data (read in the browser then).
   */
  dataComplete(): boolean;
}

export interface ServerRendererOptions {
  /** Absolute origin the server loads remote server builds from (the gateway itself, or a CDN). */
  remotesOrigin: string;
  /** fetch for the prefetch reads (`/api/…` paths): the gateway's sends them straight to the owning service. */
  apiFetch: typeof fetch;
  /**
   * How long a page's prefetch may read data before the page renders without it (ms), counted
   * from when the prefetch module is there. Remote modules that are still loading are waited for
   * longer (within the renderer's own bound), so a cold remote renders on the server too.
   */
  budgetMs: number;
  /**
   * The same for a page rendered from the visitor's session (`sessionRendered`, @shop/routes):
   * the page a form without JavaScript answers with (the checkout's next step, the thank-you
   * page, a refused login). Without its data such a visitor sees only the loading state, so it
   * waits longer than a public page (ms).
   */
  sessionBudgetMs: number;
  /** How often a remote's build id is checked for a redeploy (ms). */
  remoteCheckMs: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
  };
  /**
   * Runs `work` inside a span named `name` with `attributes` (the gateway's OpenTelemetry tracer;
   * docs/operations.md 'Traces'): the render of a page, each remote module's load and the
   * prefetch of its data. Calls made inside `work` (the prefetch's reads) are its children.
   * Absent: `work` runs as it is.
   */
  span?: <T>(name: string, attributes: Record<string, string>, work: () => Promise<T>) => Promise<T>;
}

export interface ServerRenderer {
  /** @throws only when the shell itself cannot render (the gateway then sends the static shell). */
  render(request: ServerRenderRequest): Promise<ServerRenderResult>;
  /**
   * Loads the first-screen server modules of every remote in `manifest` (a remote's server build
   * lies in `server/` beside its entry) ahead of the pages that need them: the gateway warms the
   * versions in force before it reports ready, and a release's version before it is switched
   * live. Resolves when each has loaded or failed (a broken build then renders in the browser; a
   * load that stalls fails after the renderer's limit of a few seconds); never throws.
   */
  warm(manifest: RemotesManifest): Promise<void>;
}

/** What `shell/dist/server/main.js` exports. */
export interface ShellServerModule {
  createServerRenderer(options: ServerRendererOptions): ServerRenderer;
}

/**
 * The global through which the shell's server renderer tells remote server containers the origin
 * they were loaded from (`globalThis[SERVER_REMOTES_ORIGIN_GLOBAL] = remotesOrigin`). A remote's
 * server build resolves its chunks against that origin and its own entry's folder
 * (@shop/webpack-config server-public-path.ts), so two releases of one remote loaded side by side
 * (a canary, a page of the version before a promote) each load their own chunks.
 */
export const SERVER_REMOTES_ORIGIN_GLOBAL = '__shopServerRemotesOrigin';
