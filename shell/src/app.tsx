import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { REDIRECTS, ROUTES } from '@shop/routes';
import type { ShopConfig } from '@shop/contracts';
import { ShopConfigProvider, ShopQueryProvider } from '@shop/shell-api';
import { Header } from './layout/header';
import { Footer } from './layout/footer';
import { AgeGate } from './age-gate/age-gate';
import { CookieBanner } from './cookie-banner/cookie-banner';
import { NotFoundPage } from './pages/not-found-page';
import { ScrollToTop } from './navigation/scroll-to-top';
import { ContinueShoppingTracker } from './navigation/continue-shopping-tracker';
import { HeadManager } from './head/head-manager';
import { ToastHost } from './toast/toast-host';
import { RemotePage } from './federation/remote-component';

/**
 * The storefront frame: chrome owned by the shell, every route of @shop/routes mounted from its
 * remote, all inside the page's one QueryClient (shopQueryClient, issue #22).
 */
export function App({ shopConfig }: { shopConfig: ShopConfig | null }) {
  return (
    <ShopQueryProvider>
      <ShopConfigProvider value={shopConfig}>
        <BrowserRouter>
          <ScrollToTop />
          <ContinueShoppingTracker />
          <HeadManager />
          <a className="shell-skip-link" href="#main">
            Zum Inhalt springen
          </a>
          <Header />
          <main id="main" className="shop-container" tabIndex={-1}>
            <Routes>
              {ROUTES.map((route) => (
                <Route key={route.path} path={route.path} element={<RemotePage remote={route.remote} page={route.page} />} />
              ))}
              {Object.entries(REDIRECTS).map(([from, to]) => (
                <Route key={from} path={from} element={<Navigate to={to} replace />} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </main>
          <Footer />
          <ToastHost />
          <AgeGate />
          <CookieBanner />
        </BrowserRouter>
      </ShopConfigProvider>
    </ShopQueryProvider>
  );
}
