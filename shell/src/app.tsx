import { useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoute, REDIRECTS, rendersInBrowserOnly, ROUTES } from '@shop/routes';
import type { EntryState, ShopConfig } from '@shop/contracts';
import { ShopConfigProvider, ShopQueryProvider } from '@shop/shell-api';
import { Header } from './layout/header';
import { Footer } from './layout/footer';
import { StaffFooter, StaffHeader } from './layout/staff-header';
import { AgeGate } from './entry/age-gate';
import { CookieBanner } from './entry/cookie-banner';
import { FlashNotice } from './entry/flash-notice';
import { EntryProvider } from './entry/entry-store';
import { NotFoundPage } from './pages/not-found-page';
import { ScrollToTop } from './navigation/scroll-to-top';
import { ContinueShoppingTracker } from './navigation/continue-shopping-tracker';
import { HeadManager } from './head/head-manager';
import { ToastHost } from './toast/toast-host';
import { RemotePage } from './federation/remote-component';

/**
 * The storefront frame: chrome owned by the shell, every route of @shop/routes mounted from its
 * remote, all inside one QueryClient. The browser (bootstrap.tsx) and the server
 * renderer (server/render.tsx) mount the same tree, each with its own router and client, so
 * the browser hydrates exactly what the server sent.
 */
/** The back office (/admin…) gets the staff frame, every other page the storefront's. */
function Frame({ part }: { part: 'header' | 'footer' }) {
  const staff = matchRoute(useLocation().pathname)?.route.remote === 'admin';
  if (part === 'header') return staff ? <StaffHeader /> : <Header />;
  return staff ? <StaffFooter /> : <Footer />;
}

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`): from then on every
 * control on the page is live. Browser journeys wait for it before they act.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

export function App({
  shopConfig,
  queryClient,
  entry,
  router: Router,
}: {
  shopConfig: ShopConfig | null;
  queryClient: QueryClient;
  /** The first screen's age gate, cookie banner and flash notice, as the gateway decided them. */
  entry: EntryState;
  /** BrowserRouter in the browser, a StaticRouter at the request's URL on the server. */
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <ShopQueryProvider client={queryClient}>
      <ShopConfigProvider value={shopConfig}>
        <EntryProvider initial={entry}>
          <Router>
            <HydrationMark />
            <ScrollToTop />
            <ContinueShoppingTracker />
            <HeadManager />
            <a className="shell-skip-link" href="#main">
              Zum Inhalt springen
            </a>
            <Frame part="header" />
            <main id="main" className="shop-container" tabIndex={-1}>
              <FlashNotice />
              <Routes>
                {ROUTES.map((route) => (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={<RemotePage remote={route.remote} page={route.page} personal={rendersInBrowserOnly(route)} />}
                  />
                ))}
                {Object.entries(REDIRECTS).map(([from, to]) => (
                  <Route key={from} path={from} element={<Navigate to={to} replace />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </main>
            <Frame part="footer" />
            <ToastHost />
            <AgeGate />
            <CookieBanner />
          </Router>
        </EntryProvider>
      </ShopConfigProvider>
    </ShopQueryProvider>
  );
}
