import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '@shop/api-client';
import type {
  ClientRenderedPart,
  RemoteName,
  ServerRenderer,
  ServerRendererOptions,
  ServerRenderRequest,
  ServerRenderResult,
} from '@shop/contracts';
import { FOOTER_NEWSLETTER, HEADER_SEARCH, matchRoute, PAGES_EXPOSE, rendersInBrowserOnly } from '@shop/routes';
import { createShopQueryClient, PUBLIC_QUERY_PREFIXES, type RemotePrefetch } from '@shop/shell-api';
import { App } from '../app';
import { RemoteModulesProvider, type RemoteComponent, type RemoteModuleSource } from '../federation/remote-modules';
import { ClientRenderReason, ServerRemotes } from './server-remotes';

/** The module a remote exposes to the server renderer with its pages' prefetch (RemotePrefetch). */
const PREFETCH_EXPOSE = './prefetch';
/**
 * How long a page waits for remote server modules that are still loading (ms): a start, a release
 * switched live, a redeploy. Waiting, not falling back, keeps the first page after them complete
 * HTML (a visitor without JavaScript sees nothing that renders in the browser); a broken build
 * fails at once and is not waited for, nor, once its load timed out (server-remotes.ts
 * MODULE_LOAD_LIMIT_MS), one that stalls.
 */
const REMOTE_WAIT_MS = 2000;
/**
 * The longest a render may take once it started (ms): a part still pending then (a lazily loaded
 * page chunk that does not arrive) is left to the browser.
 */
const RENDER_LIMIT_MS = 2000;

/** A settled promise React's `use` reads without suspending (React 19 reads these fields). */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Tracked<T>;
  // The handlers return nothing: returning the (thenable) promise itself would adopt its rejection.
  promise.then(
    (value) => {
      Object.assign(tracked, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(tracked, { status: 'rejected', reason });
    },
  );
  return tracked;
}

function rejected(error: ClientRenderReason): Tracked<never> {
  const promise = Promise.reject(error) as Tracked<never>;
  promise.catch(() => {});
  return Object.assign(promise, { status: 'rejected' as const, reason: error });
}

const defaultExport = (remote: string, exposed: string, module: unknown): unknown => {
  const value = (module as { default?: unknown } | null)?.default;
  if (typeof value !== 'function') throw new ClientRenderReason(remote, `${exposed} has no default export`);
  return value;
};

/** Waits for `promise` at most until `deadline` (ms since epoch); false when it did not settle by then. */
async function settlesBy(promise: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, late]);
  clearTimeout(timer);
  return result;
}

/**
 * The data the page is rendered with and that goes into its HTML: on public pages only what is
 * the same for every visitor (PUBLIC_QUERY_PREFIXES); on a `sessionRendered` page (HTML sent
 * `private, no-store`) also what its prefetch read as the visitor.
 */
function renderedState(client: QueryClient, session: boolean) {
  return dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && (session || PUBLIC_QUERY_PREFIXES.includes(String(query.queryKey[0]))),
  });
}

/** The remote whose component threw, from React's component stack (RemoteComponents are named `Remote(<name>)`). */
const remoteInStack = (stack: string | null | undefined) => /Remote\((\w+)\)/.exec(stack ?? '')?.[1] ?? 'shell';

/** Names a remote's component so a server error can be traced to its remote. */
function named(remote: string, Component: RemoteComponent): RemoteComponent {
  const Named: RemoteComponent = (props) => <Component {...props} />;
  Named.displayName = `Remote(${remote})`;
  return Named;
}

async function renderPage(
  request: ServerRenderRequest,
  remotes: ServerRemotes,
  options: ServerRendererOptions,
): Promise<ServerRenderResult> {
  const modulesDeadline = Date.now() + REMOTE_WAIT_MS;
  const url = new URL(request.url, 'http://shop.invalid');
  const found = matchRoute(url.pathname);
  // A page that renders in the browser only shows its loading state in the HTML (RemotePage
  // `personal`): neither its module nor its data is needed here.
  const match = found && !rendersInBrowserOnly(found.route) ? found : null;
  const sessionFetch = match?.route.sessionRendered ? request.sessionFetch : null;
  const clientRendered: ClientRenderedPart[] = [];
  // A page rendered from the session answers a form without JavaScript: its visitor has no browser
  // render to fall back on, so its data is waited for longer.
  const budgetMs = sessionFetch ? options.sessionBudgetMs : options.budgetMs;

  // 1. The remote modules of the first screen, waited for while they load (REMOTE_WAIT_MS), and in
  //    parallel the page's data, read within the budget once the page's prefetch module is there.
  const wanted: Array<{ remote: RemoteName; exposed: string }> = [
    // The header's search and the footer's sign-up are forms in the first HTML (their scripts load
    // later: the shell's ServerIsland).
    HEADER_SEARCH,
    FOOTER_NEWSLETTER,
    ...(match ? [{ remote: match.route.remote, exposed: PAGES_EXPOSE }] : []),
  ];
  const span = options.span!;
  const loads = new Map(
    wanted.map(({ remote, exposed }) => [
      `${remote}|${exposed}`,
      track(
        span(`ssr load ${remote}`, { 'shop.remote': remote, 'shop.exposed': exposed }, () =>
          remotes.load(request.remotes, remote, exposed),
        ).then((module) => named(remote, defaultExport(remote, exposed, module) as RemoteComponent)),
      ),
    ]),
  );
  const prefetchClient = createShopQueryClient();
  // A failed read is not tried again on the server: the budget is short, and the browser reads it then.
  prefetchClient.setDefaultOptions({ queries: { ...prefetchClient.getDefaultOptions().queries, retry: false } });
  // Whether the page's prefetch settled within its budget (a page without data has nothing to wait for).
  let prefetchedInTime = !match;
  const prefetch = match
    ? span(`ssr prefetch ${match.route.remote}`, { 'shop.remote': match.route.remote, 'shop.page': match.route.page }, () =>
        remotes.load(request.remotes, match.route.remote, PREFETCH_EXPOSE).then((module) =>
          settlesBy(
            (defaultExport(match.route.remote, PREFETCH_EXPOSE, module) as RemotePrefetch)({
              page: match.route.page,
              params: match.params,
              search: url.searchParams,
              queryClient: prefetchClient,
              sessionFetch,
              shopConfig: request.shopConfig,
            }),
            Date.now() + budgetMs,
          ),
        ),
      )
        .then((inTime) => {
          prefetchedInTime = inTime;
        })
        .catch(() => undefined) // without its data the screen loads it in the browser
    : Promise.resolve();
  await Promise.all([settlesBy(Promise.allSettled(loads.values()), modulesDeadline), settlesBy(prefetch, modulesDeadline + budgetMs)]);

  // 2. What arrived in time is rendered; the rest is left to the browser. The page renders from
  //    a snapshot of the prefetched data, and the same snapshot goes into the HTML.
  const state = renderedState(prefetchClient, sessionFetch !== null);
  // Every read answered in time and successfully: the HTML shows the page's data, not a loading or
  // error state (a shared cache keeps only such pages).
  const dataComplete =
    prefetchedInTime &&
    prefetchClient
      .getQueryCache()
      .getAll()
      .every((query) => query.state.status === 'success');
  const queryClient = createShopQueryClient();
  hydrate(queryClient, state);
  const source: RemoteModuleSource = (remote, exposed) => {
    const load = loads.get(`${remote}|${exposed}`);
    if (load?.status === 'fulfilled') return load;
    const reason =
      load?.status === 'rejected'
        ? load.reason instanceof ClientRenderReason
          ? load.reason.message
          : String(load.reason)
        : load
          ? `not loaded within ${REMOTE_WAIT_MS} ms`
          : `${exposed} is not part of the first screen`;
    return rejected(new ClientRenderReason(remote, reason));
  };

  const html = new PassThrough();
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <RemoteModulesProvider value={source}>
        <App
          shopConfig={request.shopConfig}
          queryClient={queryClient}
          entry={request.entry}
          router={({ children }: { children: ReactNode }) => <StaticRouter location={request.url}>{children}</StaticRouter>}
        />
      </RemoteModulesProvider>,
      {
        nonce: request.nonce,
        // Every Suspense boundary stays inline in the HTML, in place: the first screen's modules
        // are loaded before rendering, and the stream starts only once everything rendered
        // (onAllReady), lazily loaded page chunks included. A boundary streamed late would be
        // revealed by an inline script, which a visitor without JavaScript never runs (forms
        // first), and React would move boundaries over 12.8 KB to the end of the stream, which
        // delays the first paint of the page's main content.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          stream.pipe(html);
          resolve();
        },
        onShellError: reject,
        // A part that fails renders in the browser (React streams its Suspense fallback); the
        // digest tells the browser's onRecoverableError (bootstrap.tsx) that this was expected.
        onError(error, info) {
          const remote = error instanceof ClientRenderReason ? error.remote : remoteInStack(info?.componentStack);
          const reason = error instanceof Error ? error.message : String(error);
          const where =
            error instanceof ClientRenderReason || !(error instanceof Error) ? undefined : error.stack?.split('\n').slice(1, 4).join(' ');
          if (!clientRendered.some((part) => part.remote === remote && part.reason === reason))
            clientRendered.push({ remote, reason, where });
          return `client-render:${remote}`;
        },
      },
    );
    setTimeout(() => stream.abort(new ClientRenderReason('shell', `render took over ${RENDER_LIMIT_MS} ms`)), RENDER_LIMIT_MS).unref();
  });
  return {
    html,
    state: () => JSON.stringify(state),
    clientRendered: () => clientRendered,
    dataComplete: () => dataComplete,
  };
}

/**
 * The shell's server renderer, created once by the gateway: renders a storefront
 * page from the same federated modules the browser runs and streams its HTML.
 */
export function createServerRenderer(options: ServerRendererOptions): ServerRenderer {
  configureApiClient({ fetchImpl: options.apiFetch });
  const remotes = new ServerRemotes(options);
  const firstScreenModules = (remote: RemoteName) => [
    PAGES_EXPOSE,
    PREFETCH_EXPOSE,
    ...(HEADER_SEARCH.remote === remote ? [HEADER_SEARCH.exposed] : []),
    ...(FOOTER_NEWSLETTER.remote === remote ? [FOOTER_NEWSLETTER.exposed] : []),
  ];
  const span = options.span ?? ((_name, _attributes, work) => work());
  return {
    render: (request) =>
      span('ssr render', { 'shop.remote': matchRoute(new URL(request.url, 'http://shop.invalid').pathname)?.route.remote ?? 'shell' }, () =>
        renderPage(request, remotes, { ...options, span }),
      ),
    warm: async (manifest) => {
      await Promise.allSettled(
        manifest.remotes.flatMap(({ name }) => firstScreenModules(name).map((exposed) => remotes.load(manifest, name, exposed))),
      );
    },
  };
}
