/**
 * What a slice's team runs on its own (`npm run test:slice -- <slice>`, `npm test -w mf-<slice>`,
 * docs/releases.md 'A team's own loop'): the unit, component and service tests in its folders
 * and packages, the contract tests between the slices, and the journeys it owns. The whole
 * suite (`npm test`) still runs everything before a change lands.
 */
import type { Slice } from './paths';

/**
 * Tests every slice runs: the browser contracts between the slices, the checks before a release,
 * the withdrawal text from the content service's renderer into the cart's PDF, and every Pact
 * contract between the services (jest path pattern `\.pact\.test\.ts$`), both the
 * consumers' and the providers' sides: a team that renews what its service expects of another
 * sees in its own loop whether the other still answers it, and the other way round
 * (docs/releases.md 'Contracts between the services').
 */
const CONTRACT_TESTS = [
  'scripts/event-contracts.test.ts',
  'scripts/release-checks.test.ts',
  'scripts/legal-text-pdf.test.ts',
  'packages/contracts',
  '\\.pact\\.test\\.ts$',
];

/** Per slice: its folders and packages (jest paths) and the journeys that cross its screens (e2e/tests). */
export const SLICE_TESTS: Record<Slice, { paths: string[]; journeys: string[] }> = {
  catalog: {
    paths: ['mf-catalog', 'services/catalog', 'packages/catalog-rules', 'packages/catalog-client'],
    journeys: ['catalog.spec.ts', 'reviews.spec.ts', 'server-render.spec.ts', 'navigation.spec.ts'],
  },
  cart: {
    paths: ['mf-cart', 'services/cart', 'packages/cart-rules'],
    journeys: ['cart.spec.ts', 'checkout.spec.ts', 'embedded-cart.spec.ts', 'withdrawal.spec.ts', 'orders-api.spec.ts'],
  },
  account: {
    paths: ['mf-account', 'services/account', 'packages/account-rules'],
    journeys: ['account.spec.ts', 'wishlist.spec.ts'],
  },
  content: {
    paths: ['mf-content', 'services/content', 'packages/rich-text', 'packages/legal-notices'],
    journeys: ['information-pages.spec.ts', 'blog.spec.ts', 'contact.spec.ts', 'newsletter.spec.ts', 'legal-guarantee.spec.ts'],
  },
  admin: {
    paths: ['mf-admin', 'services/admin'],
    journeys: ['admin.spec.ts', 'admin-content.spec.ts', 'admin-media.spec.ts'],
  },
};

/** The jest paths and e2e journeys of one slice. */
export function sliceTests(slice: Slice): { paths: string[]; journeys: string[] } {
  const own = SLICE_TESTS[slice];
  return { paths: [...own.paths, ...CONTRACT_TESTS], journeys: own.journeys.map((file) => `tests/${file}`) };
}
