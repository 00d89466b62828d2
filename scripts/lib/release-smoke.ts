/**
 * The smoke check before a promote (docs/releases.md 'Checks before a promote'): the candidate,
 * published but not live, is asked for through a real gateway of the shop (`x-shop-preview`,
 * services/gateway/src/releases/release-preview.ts). Each of its routes must render on the server with its
 * server container (no part of it falling back to the browser, no 5xx), and load and hydrate in
 * Chromium from its browser build with no render problem and none of its files failing, its
 * server islands (search box, newsletter sign-up) reached for so that they load as well.
 */
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { FOOTER_NEWSLETTER, HEADER_SEARCH, ROUTES, matchRoute } from '@shop/routes';
import type { RemoteName } from '@shop/contracts';
import { internalHeaders } from '@shop/service-kit';
import { returningShopperPage } from '@shop/test-fixtures';
import { ensureChromium } from './debian-tools';

/** A desktop Chrome's user agent: 'HeadlessChrome' is treated as a crawler (no age gate). */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** How many of the slice's pages are loaded in Chromium (each takes about a second). */
const BROWSER_PAGES = 4;

export interface SmokeTarget {
  /** The gateway to ask, e.g. http://localhost:8080 (SHOP_URL). */
  shopUrl: string;
  internalSecret: string;
  slice: RemoteName;
  version: string;
}

/**
 * One address per page of the slice's routes: its path, or for a route with parameters the first
 * address of the shop's sitemap it matches. Pages with neither (an order's page, an admin detail)
 * are left out and named in `unchecked`.
 */
export async function smokePaths(shopUrl: string, slice: RemoteName): Promise<{ paths: string[]; unchecked: string[] }> {
  const sitemap = await fetch(`${shopUrl}/sitemap.xml`)
    .then((response) => (response.ok ? response.text() : ''))
    .catch(() => '');
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  const paths: string[] = [];
  const unchecked: string[] = [];
  const pages = new Set<string>();
  for (const route of ROUTES) {
    if (route.remote !== slice || pages.has(route.page)) continue;
    pages.add(route.page);
    const path = route.path.includes(':') ? listed.find((candidate) => matchRoute(candidate)?.route.page === route.page) : route.path;
    if (path) paths.push(path);
    else unchecked.push(route.path);
  }
  return { paths, unchecked };
}

/**
 * The shell's reason for a part whose server container was still loading when the page's time
 * budget ended (shell/src/server/render.tsx): not a failure of the candidate, whose first load on
 * a gateway takes longer than a page may wait. The load goes on, and the next render has it.
 */
const STILL_LOADING = /^not loaded within \d+ ms$/;

/** How often a page is asked for again while the candidate's server container is still loading. */
const LOADING_ATTEMPTS = 20;
const LOADING_PAUSE_MS = 250;

/** One server render of `path` with the candidate: the slice's client-render reasons, or the problem of the answer. */
async function serverRender(
  { shopUrl, internalSecret, slice, version }: SmokeTarget,
  path: string,
): Promise<{ problem?: string; reasons: string[] }> {
  const response = await fetch(`${shopUrl}${path}`, {
    headers: {
      'user-agent': USER_AGENT,
      cookie: 'shop_age_verified=1; shop_cookie_consent=rejected',
      'x-shop-preview': `${slice}@${version}`,
      ...internalHeaders(internalSecret),
    },
  });
  await response.arrayBuffer();
  if (response.status >= 500) return { problem: `the server answered ${response.status}`, reasons: [] };
  if (response.status === 401 || response.status === 400)
    return { problem: `the gateway refused the preview (${response.status})`, reasons: [] };
  const header = response.headers.get('x-shop-client-rendered');
  if (header === null) return { problem: 'not rendered on the server (is server rendering on, SSR=on?)', reasons: [] };
  const parts = JSON.parse(header) as Array<{ remote: string; reason: string }>;
  return { reasons: parts.filter((part) => part.remote === slice).map((part) => part.reason) };
}

/**
 * The problems of the candidate's server renders of `paths`, one line each. A page whose only
 * fallback is the candidate's container still loading is asked for again (up to 5 s).
 */
async function serverRenderProblems(target: SmokeTarget, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    let render = await serverRender(target, path);
    const stillLoading = () => !render.problem && render.reasons.length > 0 && render.reasons.every((reason) => STILL_LOADING.test(reason));
    for (let attempt = 1; attempt < LOADING_ATTEMPTS && stillLoading(); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, LOADING_PAUSE_MS));
      render = await serverRender(target, path);
    }
    if (render.problem) problems.push(`${path}: ${render.problem}`);
    for (const reason of render.reasons)
      problems.push(`${path}: its server container failed, the page fell back to the browser: ${reason}`);
  }
  return problems;
}

/**
 * The shell's server islands the slice owns (the header's search, the footer's sign-up) load only
 * when needed: reached for here as a shopper would (the search field focused, the footer scrolled
 * to), so their live module is loaded and rendered too. The problems, one line each.
 */
async function islandProblems(page: Page, slice: RemoteName, path: string): Promise<string[]> {
  const islands = [
    ...(HEADER_SEARCH.remote === slice ? [{ testId: 'slot-search', name: "the header's search box", reach: 'focus' as const }] : []),
    ...(FOOTER_NEWSLETTER.remote === slice ? [{ testId: 'slot-newsletter', name: "the footer's sign-up", reach: 'scroll' as const }] : []),
  ];
  const problems: string[] = [];
  for (const { testId, name, reach } of islands) {
    const island = page.getByTestId(testId);
    // Not on every page (the staff frame has none; the sign-up not in the factual presentation).
    if (!(await island.count())) continue;
    if (reach === 'focus') await island.locator('input').first().focus();
    else await island.scrollIntoViewIfNeeded();
    await page
      .locator(`[data-testid="${testId}"][data-hydrated]`)
      .waitFor({ timeout: 10_000 })
      .catch(() => problems.push(`${path} in Chromium: ${name} did not load when reached for`));
  }
  return problems;
}

/** The problems of loading `paths` in Chromium with the candidate: render problems, uncaught errors, its files failing. */
async function browserProblems({ shopUrl, internalSecret, slice, version }: SmokeTarget, paths: string[]): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: await ensureChromium() });
  const problems: string[] = [];
  try {
    for (const path of paths.slice(0, BROWSER_PAGES)) {
      const { page, problems: renderProblems, close } = await returningShopperPage(browser, shopUrl, USER_AGENT);
      await page.context().setExtraHTTPHeaders({ 'x-shop-preview': `${slice}@${version}`, ...internalHeaders(internalSecret) });
      const candidateFiles: string[] = [];
      const failedFiles: string[] = [];
      const ownFile = (url: string) => new URL(url).pathname.startsWith(`/remotes/${slice}/${version}/`);
      page.on('response', (response) => {
        if (!ownFile(response.url())) return;
        candidateFiles.push(response.url());
        if (response.status() >= 400) failedFiles.push(`${new URL(response.url()).pathname} (${response.status()})`);
      });
      page.on('requestfailed', (request) => {
        if (ownFile(request.url())) failedFiles.push(`${new URL(request.url()).pathname} (${request.failure()?.errorText ?? 'failed'})`);
      });
      try {
        await page.goto(`${shopUrl}${path}`);
        await page.locator('html[data-hydrated]').waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        problems.push(...(await islandProblems(page, slice, path)));
        for (const problem of renderProblems) problems.push(`${path} in Chromium: ${problem.split('\n')[0]}`);
        for (const file of failedFiles) problems.push(`${path} in Chromium: ${file} did not load`);
        if (!candidateFiles.length) problems.push(`${path} in Chromium: no file of ${slice} ${version} was loaded`);
      } catch (error) {
        problems.push(`${path} in Chromium: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      } finally {
        await close();
      }
    }
  } finally {
    await browser.close();
  }
  return problems;
}

/**
 * Renders the candidate's routes on the server and loads them in Chromium through the shop's
 * gateway. Returns what failed, one line each (none: it passed), and the routes it could not
 * check for want of an address.
 */
export async function smokeProblems(target: SmokeTarget): Promise<{ problems: string[]; checked: string[]; unchecked: string[] }> {
  const { paths, unchecked } = await smokePaths(target.shopUrl, target.slice);
  const problems = [...(await serverRenderProblems(target, paths)), ...(await browserProblems(target, paths))];
  return { problems, checked: paths, unchecked };
}
