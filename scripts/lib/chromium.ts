import { existsSync } from 'node:fs';
import { info, step } from './log';
import { run } from './run';

/**
 * Chromium for Playwright: CHROMIUM_PATH or /usr/bin/chromium. Playwright's own browser
 * download is not used (it needs hosts outside the package registries). When missing and we
 * are root, the Debian package `chromium` is installed; otherwise how to install it is printed.
 * @throws Error when Chromium is missing and cannot be installed.
 */
export async function ensureChromium(): Promise<string> {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium not found at ${candidate}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  step('Installing Chromium (Debian package)');
  await run('apt-get', ['update', '-q']);
  await run('apt-get', ['install', '-y', '-q', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!existsSync('/usr/bin/chromium')) throw new Error('apt-get installed chromium, but /usr/bin/chromium is missing');
  info('Chromium installed.');
  return '/usr/bin/chromium';
}
