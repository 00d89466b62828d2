import { defineConfig } from '@playwright/test';

/**
 * Shopper journeys through the gateway with all remotes loaded. `npm test` starts the shop and
 * sets E2E_BASE_URL; Chromium is the Debian package (CHROMIUM_PATH or /usr/bin/chromium),
 * because Playwright's own browser download is not available here.
 * A regular desktop Chrome user agent is used: headless Chromium's own one counts as a
 * crawler and would skip the age gate (spec §4).
 */
export const DESKTOP_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** A phone's Chrome: what most shoppers of this range use. Not 'HeadlessChrome', which counts as a crawler. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** Phone profile: 390 × 844 CSS px, touch, mobile viewport rules (the width tests also try 360 × 740). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  userAgent: PHONE_USER_AGENT,
} as const;

/** Launch options of the Debian Chromium; `extraArgs` for journeys that need a browser switch. */
export const chromiumLaunchOptions = (extraArgs: string[] = []) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...extraArgs,
  ],
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Journeys wait for states, never for time. A whole journey may take twice as long on a busy
  // 2-core machine (a clean-clone run measured a 15 s journey at 31 s), so the limit leaves room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/report.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
    browserName: 'chromium',
    userAgent: DESKTOP_USER_AGENT,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/, testIgnore: /(faults|presentation-mode|reviews|no-javascript)\.spec\.ts/ },
    // The main journeys (tagged @phone: age gate, home, listing, detail, add to cart, side cart,
    // cart, checkout) and the phone layout checks run again on a phone.
    { name: 'phone', grep: /@phone/, testIgnore: /(faults|presentation-mode|reviews|no-javascript)\.spec\.ts/, use: { ...PHONE } },
    // Switching the whole storefront to the factual presentation changes what every
    // other journey sees: it runs after them, alone, and switches back.
    // Browsers without JavaScript (or whose scripts failed to load): the storefront's forms are
    // answered by the server (docs/decisions/forms-first.md).
    { name: 'no-javascript', testMatch: /no-javascript\.spec\.ts/, use: { javaScriptEnabled: false } },
    { name: 'no-javascript-phone', testMatch: /no-javascript\.spec\.ts/, use: { ...PHONE, javaScriptEnabled: false } },
    {
      name: 'presentation',
      testMatch: /presentation-mode\.spec\.ts/,
      dependencies: ['desktop', 'phone', 'no-javascript', 'no-javascript-phone'],
    },
    // Likewise the reviews switch: on for its journey, after the presentation walk
    // (both save the one settings record), then off again.
    { name: 'reviews', testMatch: /reviews\.spec\.ts/, dependencies: ['presentation'] },
    // Journeys that break part of the running shop (a killed service) run after all others,
    // so no other journey meets the outage.
    {
      name: 'faults',
      testMatch: /faults\.spec\.ts/,
      dependencies: ['desktop', 'phone', 'no-javascript', 'no-javascript-phone', 'presentation', 'reviews'],
    },
  ],
});
