/**
 * Interactions of `npm run bench:web`: real taps and typing on a phone (390 px, touch, CPU
 * slowed 4×, slow 4G), each on a freshly loaded page, with INP (Interaction to Next Paint, ms)
 * read by the web-vitals library; printed as p75 per interaction over the runs. Also the time
 * a first visitor's first tap takes to work: first paint, the moment 'Ich bin 18+' can be tapped,
 * and the moment the gate is gone (ms since navigation start).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { info } from './log';

const PRODUCT = '/produkt/randm-tornado-9000-blueberry-ice-einweg-vape';
/** A phone's browser, not 'HeadlessChrome' (which the shop treats as a crawler: no age gate). */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const p75 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.75) - 1)]!;
};

/** The web-vitals IIFE build, run in every document before the page's own scripts. */
async function webVitalsSource(): Promise<string> {
  // The package exports its module builds only: the IIFE build lies beside the CommonJS one.
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js');
  const library = await readFile(file, 'utf8');
  // Every interaction's INP candidate, newest last.
  return `${library};window.__inp=[];webVitals.onINP(function(m){window.__inp.push(m.value)},{reportAllChanges:true});`;
}

/** A fresh phone page of `browser`, with the shop's cookies of a returning shopper unless `firstVisit`. */
async function phonePage(browser: Browser, origin: string, vitals: string, firstVisit: boolean): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setUserAgent(PHONE_UA);
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const puppeteer = await import('puppeteer-core');
  await page.emulateNetworkConditions(puppeteer.PredefinedNetworkConditions['Slow 4G']);
  await page.emulateCPUThrottling(4);
  await page.evaluateOnNewDocument(vitals);
  if (!firstVisit) {
    await context.setCookie(
      { name: 'shop_age_verified', value: '1', domain: new URL(origin).hostname, path: '/' },
      { name: 'shop_cookie_consent', value: 'rejected', domain: new URL(origin).hostname, path: '/' },
    );
  }
  return page;
}

/** Loads `url` and waits until React has hydrated it (the shell marks `<html data-hydrated>`). */
async function loadLive(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
  // The personal header widgets (cart button) load after hydration.
  await page.waitForSelector('[data-testid="cart-button"]', { timeout: 60_000 });
}

/** The INP web-vitals reported after the interaction (ms), waiting for it up to 5 s. */
async function inpAfter(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __inp: number[] }).__inp.length > 0, { timeout: 5000 });
  return page.evaluate(() => Math.max(...(window as unknown as { __inp: number[] }).__inp));
}

interface Interaction {
  name: string;
  /** Prepares the page (loaded live), then performs the one interaction measured. */
  run: (page: Page, origin: string) => Promise<void>;
  firstVisit?: boolean;
}

const INTERACTIONS: Interaction[] = [
  {
    name: "pass the age gate ('Ich bin 18+')",
    firstVisit: true,
    run: async (page, origin) => {
      await loadLive(page, origin + PRODUCT);
      await (await page.waitForSelector('dialog[data-testid="age-gate"] button[value="ja"]'))!.tap();
    },
  },
  {
    name: "add to cart ('In den Warenkorb', product page)",
    run: async (page, origin) => {
      await loadLive(page, origin + PRODUCT);
      await (await page.waitForSelector('.catalog-product-detail__add'))!.tap();
    },
  },
  {
    name: 'open the side cart (header)',
    run: async (page, origin) => {
      await loadLive(page, origin + PRODUCT);
      await (await page.waitForSelector('[data-testid="cart-button"]'))!.tap();
    },
  },
  {
    name: "change a quantity ('Menge erhöhen', cart page)",
    run: async (page, origin) => {
      await loadLive(page, origin + PRODUCT);
      await (await page.waitForSelector('.catalog-product-detail__add'))!.tap();
      await page.waitForSelector('[data-testid="cart-badge"]');
      await loadLive(page, `${origin}/warenkorb`);
      await page.evaluate(() => ((window as unknown as { __inp: number[] }).__inp.length = 0));
      await (await page.waitForSelector('.cart-page [data-testid="line-item"] button[aria-label="Menge erhöhen"]'))!.tap();
    },
  },
  {
    name: 'type in the search box (4 characters)',
    run: async (page, origin) => {
      await loadLive(page, `${origin}/`);
      await (await page.waitForSelector('input[name="search"]'))!.tap();
      await page.keyboard.type('blue', { delay: 80 });
    },
  },
];

interface FirstTap {
  /** First contentful paint (ms since navigation start). */
  fcp: number;
  /** When 'Ich bin 18+' could be tapped (ms since the navigation was started). */
  tappable: number;
  /** From the tap until the gate was gone (ms). */
  passedAfterMs: number;
  /** Whether React had hydrated the page when the tap came (else the first HTML's script answered it). */
  hydrated: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A first visitor taps 'Ich bin 18+' the moment it is visible. */
async function firstTap(page: Page, url: string): Promise<FirstTap> {
  const started = Date.now();
  void page.goto(url).catch(() => {});
  const button = await page.waitForSelector('dialog[data-testid="age-gate"] button[value="ja"]', { visible: true, timeout: 60_000 });
  const tappable = Date.now() - started;
  const { fcp, hydrated } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    hydrated: document.documentElement.hasAttribute('data-hydrated'),
  }));
  const tapped = Date.now();
  await button!.tap();
  // The gate goes in this page: by React, or before hydration by the first HTML's script.
  for (;;) {
    const gone = await page
      .evaluate(() => {
        const gate = document.querySelector('[data-testid="age-gate"]');
        return Boolean(document.querySelector('main')) && (!gate || gate.getClientRects().length === 0);
      })
      .catch(() => false);
    if (gone) break;
    if (Date.now() - tapped > 60_000) throw new Error('the age gate stayed after the tap');
    await sleep(25);
  }
  // NaN crosses evaluate() as null: no first paint recorded yet when the button was found.
  return { fcp: fcp ?? NaN, tappable, passedAfterMs: Date.now() - tapped, hydrated };
}

/**
 * Runs every interaction `runs` times on the shop at `origin` and prints the INP p75 table and
 * the first-tap timings.
 */
export async function benchInteractions(browser: Browser, origin: string, runs: number): Promise<void> {
  const vitals = await webVitalsSource();
  const rows: Array<{ name: string; values: number[]; failures: number }> = [];
  for (const interaction of INTERACTIONS) {
    const values: number[] = [];
    let failures = 0;
    for (let i = 0; i < runs; i++) {
      const page = await phonePage(browser, origin, vitals, interaction.firstVisit ?? false);
      try {
        await interaction.run(page, origin);
        values.push(await inpAfter(page));
      } catch (error) {
        failures += 1;
        info(`${interaction.name}: run failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
      } finally {
        await page.browserContext().close();
      }
    }
    rows.push({ name: interaction.name, values, failures });
    info(`${interaction.name}: INP ${values.map((v) => v.toFixed(0)).join(', ')} ms`);
  }
  const taps: FirstTap[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await phonePage(browser, origin, vitals, true);
    try {
      taps.push(await firstTap(page, origin + PRODUCT));
    } finally {
      await page.browserContext().close();
    }
  }
  console.log('\n| interaction (phone, 4× CPU, slow 4G) | INP p75 ms | runs | failed |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.values.length ? p75(row.values).toFixed(0) : '–'} | ${row.values.length} | ${row.failures} |`);
  }
  const median = (values: number[]) => {
    const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
    return finite.length ? finite[Math.floor(finite.length / 2)]!.toFixed(0) : '–';
  };
  console.log(
    '\n| first visitor, product page, medians | first paint ms | first tap possible ms | tap → gate gone ms | taps before hydration |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| ${taps.length} runs | ${median(taps.map((t) => t.fcp))} | ${median(taps.map((t) => t.tappable))} | ${median(taps.map((t) => t.passedAfterMs))} | ${taps.filter((t) => !t.hydrated).length} |`,
  );
}
