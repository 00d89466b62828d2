import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { User } from '@shop/contracts';
import { clearSession, sessionQuery, setSessionUser, shopQueryClient, ShopQueryProvider } from '@shop/shell-api';

/** Where the router is now (path and query), for tests of redirects: `screen.getByTestId('location')`. */
function LocationProbe() {
  const location = useLocation();
  // Hidden and without a role, so it never matches a query for what the screen shows.
  return (
    <span hidden data-testid="location">
      {location.pathname + location.search}
    </span>
  );
}

export interface RenderScreenOptions {
  /** The address the screen opens at; '/' by default. */
  path?: string;
  /** The route pattern the shell mounts the screen under (for `useParams`), e.g. '/produkt/:slug'; the path by default. */
  route?: string;
  /**
   * The session: a user (logged in), null (nobody logged in) or undefined (not known yet; the
   * screen reads GET /api/auth/me itself).
   */
  user?: User | null;
  /**
   * A remote's own QueryClient the screen reads through instead (the back office's
   * `adminQueryClient`): emptied first too, and mounted inside the page's one.
   */
  queryClient?: QueryClient;
}

/**
 * Renders a screen as the shell mounts it: inside a router and the page's one
 * QueryClient (shopQueryClient, emptied first, so every test starts with no server state), with
 * retries off so an error state shows at once (a query's own retry rule, like the session's,
 * still applies). Another route renders nothing, as the screen's remote is unmounted there; the
 * location probe shows where a redirect led.
 */
export function renderScreen(ui: ReactElement, { path = '/', route, user, queryClient }: RenderScreenOptions = {}) {
  shopQueryClient.clear();
  queryClient?.clear();
  shopQueryClient.setDefaultOptions({ queries: { ...shopQueryClient.getDefaultOptions().queries, retry: false } });
  if (user) setSessionUser(user);
  else if (user === null) {
    clearSession();
    shopQueryClient.setQueryData(sessionQuery.queryKey, null);
  }
  return render(
    <ShopQueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path={route ?? path.split('?')[0]}
            element={queryClient ? <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider> : ui}
          />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ShopQueryProvider>,
  );
}
