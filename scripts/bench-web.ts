/**
 * `npm run bench:web`: Lighthouse 12 (mobile preset: Moto G Power viewport, 4× CPU slowdown, slow
 * 4G) against the storefront's main pages through the gateway, median of 3 runs per page, and in
 * the same run the public Module Federation reference storefront kept in
 * ../shared/reference/mf-tractor-store. Prints one table: performance score, LCP, TBT,
 * CLS, JS bytes (compressed, as transferred) and JS requests, and our figures as ratios to the
 * reference's median. Asserts nothing; the budgets that do not depend on machine speed are
 * asserted by e2e/tests/performance-budgets.spec.ts.
 * Pages are loaded as a returning adult shopper (age confirmed, cookie choice stored), so the
 * figures are the page's, not the age gate's. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 * Then where each page's JavaScript goes: every script of a first load on a phone with its
 * transfer size and owners (lib/script-owners.ts), bytes per owner, and one script's response
 * header block. Then real interactions on a phone with INP read by web-vitals (lib/interaction-bench.ts).
 * Options: --runs N (default 3), --no-build, --no-reference, --no-interactions, --only-interactions,
 * --only-bytes (only the scripts and their owners: no Lighthouse, no reference, no interactions).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { step, info } from './lib/log';
import { numberArg, runBench, withBenchShop } from './lib/bench';
import { ROOT } from './lib/paths';
import { benchInteractions } from './lib/interaction-bench';
import {
  bytesByOwner,
  kb,
  ownedScripts,
  ownersText,
  responseHeaderBytes,
  scriptOwnersReader,
  type LoadedScript,
} from './lib/script-owners';

const RUNS = numberArg('runs', 3);
const ONLY_BYTES = process.argv.includes('--only-bytes');
const REFERENCE_DIR = path.join(ROOT, '..', 'shared', 'reference', 'mf-tractor-store');
/** The reference's base URL is compiled into its build (its README). */
const REFERENCE_URL = 'http://localhost:18199';

const OUR_PAGES = [
  { name: 'home', path: '/' },
  { name: 'category listing', path: '/kategorien/randm-tornado-9000' },
  { name: 'product detail', path: '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape' },
  { name: 'cart', path: '/warenkorb' },
  { name: 'all products', path: '/randm-tornado-vape-alle-produkte' },
];
const REFERENCE_PAGES = [
  { name: 'reference home', path: '/' },
  { name: 'reference category', path: '/products' },
  { name: 'reference detail', path: '/product/AU-01' },
];

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  jsRequests: number;
  /** Lighthouse's runtime error code when the run failed (e.g. NO_LCP), else undefined. */
  error?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** One Lighthouse run in a fresh page of the shared browser. */
async function lighthouseRun(browser: import('puppeteer-core').Browser, url: string): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const page = await browser.newPage();
  // A returning shopper: age confirmed and a cookie choice stored (the shop's cookies, which
  // Lighthouse's storage reset keeps; the reference storefront has neither).
  const origin = new URL(url).origin;
  await page.setCookie(
    { name: 'shop_age_verified', value: '1', url: origin },
    { name: 'shop_cookie_consent', value: 'rejected', url: origin },
  );
  try {
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ??
      [];
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      jsRequests: scripts.length,
      error: lhr.runtimeError?.code,
    };
  } finally {
    await page.close();
  }
}

async function measure(browser: import('puppeteer-core').Browser, name: string, url: string): Promise<Run> {
  const all: Run[] = [];
  for (let i = 0; i < RUNS; i++) all.push(await lighthouseRun(browser, url));
  const runs = all.filter((run) => !run.error);
  if (!runs.length) {
    const error = [...new Set(all.map((run) => run.error))].join(', ');
    info(`${name}: every run failed (${error})`);
    return { score: NaN, lcpMs: NaN, tbtMs: NaN, cls: NaN, jsBytes: NaN, jsRequests: NaN, error };
  }
  const result: Run = {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    jsBytes: median(runs.map((r) => r.jsBytes)),
    jsRequests: median(runs.map((r) => r.jsRequests)),
  };
  info(
    `${name}: score ${result.score}, LCP ${(result.lcpMs / 1000).toFixed(1)} s, TBT ${result.tbtMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}, JS ${(result.jsBytes / 1024).toFixed(0)} KB in ${result.jsRequests} files`,
  );
  return result;
}

/**
 * Every script of a page's first load in a fresh phone context (390 px, a returning adult
 * shopper), as Resource Timing reports it once the network is idle (as the e2e budget test).
 */
async function firstLoadScripts(browser: import('puppeteer-core').Browser, url: string): Promise<LoadedScript[]> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const { hostname } = new URL(url);
    await context.setCookie(
      { name: 'shop_age_verified', value: '1', domain: hostname, path: '/' },
      { name: 'shop_cookie_consent', value: 'rejected', domain: hostname, path: '/' },
    );
    await page.goto(url, { waitUntil: 'networkidle0' });
    // Scripts loaded late (remotes mounting after hydration).
    await new Promise((resolve) => setTimeout(resolve, 500));
    return await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ pathname: new URL(entry.name).pathname, transferBytes: entry.transferSize, bodyBytes: entry.encodedBodySize })),
    );
  } finally {
    await context.close();
  }
}

/**
 * Prints per page each script (URL path, KB as transferred, owners from the builds'
 * chunk-owners.json) and the KB per owner, then the response header block of the shell's entry
 * script (the headers every script carries: security headers, caching, compression).
 */
async function printScriptOwners(browser: import('puppeteer-core').Browser, shopUrl: string): Promise<void> {
  step('Where the JavaScript goes: first load on a phone, per script and per owner (KB compressed, as transferred)');
  const ownersOf = scriptOwnersReader(ROOT);
  for (const page of OUR_PAGES) {
    const scripts = ownedScripts(await firstLoadScripts(browser, shopUrl + page.path), ownersOf);
    const total = scripts.reduce((sum, script) => sum + script.transferBytes, 0);
    console.log(`\n${page.name} (${page.path}): ${kb(total)} KB in ${scripts.length} scripts\n`);
    console.log('| script | KB | owners |\n| --- | --- | --- |');
    for (const script of scripts) console.log(`| ${script.pathname} | ${kb(script.transferBytes)} | ${ownersText(script.owners)} |`);
    console.log('\n| owner | KB |\n| --- | --- |');
    for (const { owner, bytes } of bytesByOwner(scripts)) console.log(`| ${owner} | ${kb(bytes)} |`);
  }
  const { total, headers } = await responseHeaderBytes(`${shopUrl}/main.js`);
  console.log(
    `\nResponse headers of /main.js: ${total} bytes; largest: ${headers
      .slice(0, 5)
      .map((header) => `${header.name} ${header.bytes}`)
      .join(', ')}`,
  );
}

function startReference(): ChildProcess | null {
  if (ONLY_BYTES || process.argv.includes('--no-reference') || !existsSync(path.join(REFERENCE_DIR, 'serve.cjs'))) return null;
  return spawn(process.execPath, [path.join(REFERENCE_DIR, 'serve.cjs')], { stdio: 'ignore' });
}

async function main() {
  const puppeteer = await import('puppeteer-core');
  await withBenchShop(async (gatewayUrl) => {
    const reference = startReference();
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      if (!ONLY_BYTES) step(`Lighthouse 12, mobile preset, ${RUNS} runs per page (median)`);
      const rows: Array<{ name: string; run: Run }> = [];
      // localhost, not 127.0.0.1: the shop's own origin (PUBLIC_ORIGIN) as shoppers use it.
      const shopUrl = gatewayUrl.replace('127.0.0.1', 'localhost');
      const lighthouse = !process.argv.includes('--only-interactions') && !ONLY_BYTES;
      if (lighthouse)
        for (const page of OUR_PAGES) rows.push({ name: page.name, run: await measure(browser, page.name, shopUrl + page.path) });
      const referenceRows: Array<{ name: string; run: Run }> = [];
      if (reference && lighthouse) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const page of REFERENCE_PAGES)
          referenceRows.push({ name: page.name, run: await measure(browser, page.name, REFERENCE_URL + page.path) });
      }
      // A reference page whose run failed (no LCP) does not enter the yardstick.
      const measured = referenceRows.filter((r) => Number.isFinite(r.run.lcpMs));
      const ref = measured.length
        ? {
            score: median(measured.map((r) => r.run.score)),
            lcpMs: median(measured.map((r) => r.run.lcpMs)),
            jsBytes: median(measured.map((r) => r.run.jsBytes)),
          }
        : null;
      if (lighthouse) console.log('\n| page | score | LCP s | TBT ms | CLS | JS KB | JS files | score / ref | LCP / ref | JS / ref |');
      if (lighthouse) console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
      for (const { name, run } of [...rows, ...referenceRows]) {
        if (run.error) {
          console.log(`| ${name} | failed: ${run.error} | | | | | | | | |`);
          continue;
        }
        const ratios =
          ref && !name.startsWith('reference')
            ? [
                `${(run.score / ref.score).toFixed(2)}`,
                `${(run.lcpMs / ref.lcpMs).toFixed(2)}`,
                `${(run.jsBytes / ref.jsBytes).toFixed(2)}`,
              ]
            : ['–', '–', '–'];
        console.log(
          `| ${name} | ${run.score} | ${(run.lcpMs / 1000).toFixed(1)} | ${run.tbtMs.toFixed(0)} | ${run.cls.toFixed(3)} | ${(run.jsBytes / 1024).toFixed(0)} | ${run.jsRequests} | ${ratios.join(' | ')} |`,
        );
      }
      if (!process.argv.includes('--only-interactions')) await printScriptOwners(browser, shopUrl);
      if (!process.argv.includes('--no-interactions') && !ONLY_BYTES) {
        step(`Interactions on a phone (INP by web-vitals), ${RUNS} runs each`);
        await benchInteractions(browser, shopUrl, RUNS);
      }
    } finally {
      await browser.close();
      reference?.kill();
    }
  });
}

runBench(main);
