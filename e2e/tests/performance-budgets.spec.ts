import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Budgets of docs/performance.md that do not depend on machine speed, per page's first
 * load in a fresh browser context: JavaScript bytes as transferred (compressed), which remote
 * entries load (only the route's slice and the header's widgets), and the layout shift measured
 * in the browser with a PerformanceObserver (target ≤ 0.02; header slots keep their widget's
 * size and the main region fills the viewport while a page loads). Speed itself is measured by
 * `npm run bench:web`; the figures are also recorded as the test annotation 'figures'.
 */
const PAGES = [
  { name: 'home', path: '/', slices: ['catalog', 'cart', 'account'] },
  { name: 'category listing', path: '/kategorien/randm-tornado-9000', slices: ['catalog', 'cart', 'account'] },
  { name: 'product detail', path: '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape', slices: ['catalog', 'cart', 'account'] },
  { name: 'cart', path: '/warenkorb', slices: ['catalog', 'cart', 'account'] },
  { name: 'all products', path: '/randm-tornado-vape-alle-produkte', slices: ['catalog', 'cart', 'account'] },
];

/**
 * First-load JavaScript ceiling, compressed. The target of docs/performance.md is 170 KB; today's
 * pages load about 225 KB (react-dom 55 KB, the Module Federation runtime and three remote entries
 * 50 KB, zod and the contracts 32 KB; react-router narrowed to what the shop uses, 13 KB; files
 * brotli-compressed at build time), so this guards against regressions at 240 KB until the target
 * is reached ('Ship less' in docs/performance.md).
 */
const JS_BUDGET_BYTES = 240 * 1024;
/** Cumulative layout shift of a first load (docs/performance.md). */
const CLS_BUDGET = 0.02;

async function firstLoadFigures(page: Page) {
  await page.waitForLoadState('networkidle');
  // Let late shifts (images, remotes mounting) be recorded.
  await page.waitForTimeout(500);
  return page.evaluate(async () => {
    const cls = await new Promise<number>((resolve) => {
      let total = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) total += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(total), 100);
    });
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
      new URL(entry.name).pathname.endsWith('.js'),
    );
    return {
      cls,
      jsBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      remoteEntries: scripts.map((entry) => new URL(entry.name).pathname).filter((pathname) => pathname.endsWith('/remoteEntry.js')),
    };
  });
}

for (const { name, path, slices } of PAGES) {
  test(
    `${name}: first load within the JS ceiling and the layout-shift budget, only the needed remotes`,
    { tag: '@phone' },
    async ({ shopperPage: page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const figures = await firstLoadFigures(page);
      test.info().annotations.push({ type: 'figures', description: JSON.stringify(figures) });
      expect(figures.jsBytes, 'JS bytes (compressed)').toBeGreaterThan(0);
      expect(figures.jsBytes, 'JS bytes (compressed)').toBeLessThanOrEqual(JS_BUDGET_BYTES);
      expect(figures.cls, 'cumulative layout shift').toBeLessThanOrEqual(CLS_BUDGET);
      expect(new Set(figures.remoteEntries).size, 'each remote entry once').toBe(figures.remoteEntries.length);
      expect(figures.remoteEntries.map((entry) => entry.split('/')[2]).sort()).toEqual([...slices].sort());
    },
  );
}
