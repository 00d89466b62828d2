import { defineConfig } from '@playwright/test';

/**
 * Shopper journeys through the gateway with all remotes loaded. `npm test` starts the shop and
 * sets E2E_BASE_URL; Chromium is the Debian package (CHROMIUM_PATH or /usr/bin/chromium),
 * because Playwright's own browser download is not available here.
 * A regular desktop Chrome user agent is used: headless Chromium's own one counts as a
 * crawler and would skip the age gate (spec §4).
 */
export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Launch options of the Debian Chromium; `extraArgs` for journeys that need a browser switch. */
export const chromiumLaunchOptions = (extraArgs: string[] = []) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
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
});
