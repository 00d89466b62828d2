import { existsSync } from 'node:fs';
import { info, step } from './log';
import { run } from './run';

/**
 * A tool from a Debian package at `path`: there, or installed with apt-get when we are root
 * (CI and fresh machines); otherwise how to install it is printed.
 * @returns `path`. @throws Error when the tool is missing and cannot be installed.
 */
export async function ensureDebianTool(path: string, debianPackage: string): Promise<string> {
  if (existsSync(path)) return path;
  if (process.getuid?.() !== 0) throw new Error(`${path} not found. Install it with: sudo apt-get install -y ${debianPackage}`);
  step(`Installing ${debianPackage} (Debian package)`);
  await run('apt-get', ['update', '-q']);
  await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', debianPackage], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(path)) throw new Error(`apt-get installed ${debianPackage}, but ${path} is missing`);
  info(`${debianPackage} installed.`);
  return path;
}

/**
 * Chromium for Playwright: CHROMIUM_PATH or /usr/bin/chromium (Debian's `chromium`). Playwright's
 * own browser download is not used (it needs hosts outside the package registries).
 */
export async function ensureChromium(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH ${configured} does not exist`);
    return configured;
  }
  return ensureDebianTool('/usr/bin/chromium', 'chromium');
}

/** Prometheus (its server and `promtool`, Debian's `prometheus` 2.42): the alert rules' tests and `npm run observe`. */
export async function ensurePrometheus(): Promise<{ prometheus: string; promtool: string }> {
  await ensureDebianTool('/usr/bin/promtool', 'prometheus');
  return { prometheus: '/usr/bin/prometheus', promtool: '/usr/bin/promtool' };
}
