import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { hydrate } from '@tanstack/react-query';
import {
  checkEntryState,
  checkRemotesManifest,
  checkShopConfig,
  type EntryState,
  type RemotesManifest,
  type ShopConfig,
} from '@shop/contracts';
import { matchRoute, PAGES_EXPOSE } from '@shop/routes';
import { shopQueryClient, startAnonymous } from '@shop/shell-api';
import { App } from './app';
import { loadRemoteComponent, registerRemotesFromManifest } from './federation/remotes';
import { entryFromCookies } from './entry/entry-store';

/** Reads a runtime JSON document from the gateway; null when missing or malformed. */
async function fetchJson<T>(url: string, parse: (value: unknown) => T): Promise<T | null> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parse(await response.json());
  } catch (error) {
    console.error(`shell: could not load ${url}`, error);
    return null;
  }
}

/**
 * The boot data the gateway inlines into the first HTML (`<script id="shop-boot">`, saves two
 * requests before the first render); null when absent or malformed (the dev server's HTML).
 * Checked by the contracts' zod-free checks: the first load carries no zod.
 */
function inlineBootData(): { manifest: RemotesManifest; shopConfig: ShopConfig; entry: EntryState } | null {
  const text = document.getElementById('shop-boot')?.textContent;
  if (!text) return null;
  try {
    const boot = JSON.parse(text) as { remotes: unknown; shopConfig: unknown; entry: unknown };
    return {
      manifest: checkRemotesManifest(boot.remotes, 'remotes'),
      shopConfig: checkShopConfig(boot.shopConfig, 'shopConfig'),
      entry: checkEntryState(boot.entry, 'entry'),
    };
  } catch (error) {
    console.error('shell: inline boot data unusable, fetching it', error);
    return null;
  }
}

/**
 * The query state the server rendered the page with (`<script id="shop-state">`):
 * put into the page's QueryClient before hydrating, so the screens start from the same data
 * and do not request it again.
 */
function hydrateServerState(): void {
  const text = document.getElementById('shop-state')?.textContent;
  if (!text) return;
  try {
    hydrate(shopQueryClient, JSON.parse(text));
  } catch (error) {
    console.error('shell: server query state unusable', error);
  }
}

/**
 * A part the server could not render (a remote that failed or ran out of time there; the
 * digest names it) is rendered here instead: expected, so only noted. Anything else, such as a
 * hydration mismatch, is an error.
 */
function onRecoverableError(error: unknown): void {
  const digest = (error as { digest?: unknown } | null)?.digest;
  if (typeof digest === 'string' && digest.startsWith('client-render:')) {
    console.info(`shell: ${digest.slice('client-render:'.length)} rendered in the browser`);
    return;
  }
  console.error('shell: recoverable render error', error);
}

/**
 * The entry with `visitor` as it is now: a page opened by Back or Forward may be the HTTP cache's
 * copy, whose boot data saw the cookies of an earlier moment (before a login or a first add), so
 * there the visitor's records are taken as present (the personal widgets mount and ask).
 */
function withVisitorOfNow(entry: EntryState): EntryState {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type === 'back_forward' ? { ...entry, visitor: { session: true, cart: true } } : entry;
}

async function start() {
  const inline = inlineBootData();
  const [manifest, shopConfig] = inline
    ? [inline.manifest, inline.shopConfig]
    : await Promise.all([
        fetchJson('/remotes.json', (value) => checkRemotesManifest(value)),
        fetchJson('/shop-config.json', (value) => checkShopConfig(value)),
      ]);
  // Without a manifest every remote area shows its German fallback; the chrome still works.
  registerRemotesFromManifest(manifest ?? { remotes: [] });
  const root = document.getElementById('root');
  if (!root) throw new Error('shell: #root missing in index.html');
  // The entry the server rendered (boot data); on the development server, the visitor's cookies.
  const entry = withVisitorOfNow(inline?.entry ?? entryFromCookies());
  // No session cookie came with the page: a guest, known without asking (and the account's
  // header widget, which would ask, is not loaded for a guest until needed).
  if (!entry.visitor.session) startAnonymous();
  const app = <App shopConfig={shopConfig} queryClient={shopQueryClient} entry={entry} router={BrowserRouter} />;
  if (root.hasAttribute('data-ssr')) {
    hydrateServerState();
    // Hydration as a transition is interruptible: React yields to the browser every few ms
    // (a tap, a scroll, a paint) instead of hydrating the whole page in one long task; the
    // server HTML stays visible meanwhile (docs/performance.md, TBT).
    startTransition(() => {
      // `unstable_scheduleHydration` is react-dom's hydration root's (not in its types).
      const hydrating = hydrateRoot(root, app, { onRecoverableError }) as Root & { unstable_scheduleHydration(target: Element): void };
      // The page's content waits, as server HTML, for its remote module; once that has arrived it
      // is hydrated first, before anything else still waiting, so its buttons work in the page
      // as early as possible (a tap before then submits its form to the server).
      const match = matchRoute(window.location.pathname);
      const main = document.getElementById('main');
      if (match && main)
        void loadRemoteComponent(match.route.remote, PAGES_EXPOSE).then(
          () => hydrating.unstable_scheduleHydration(main.firstElementChild ?? main),
          () => undefined,
        );
    });
  } else {
    createRoot(root).render(app);
  }
}

void start();
