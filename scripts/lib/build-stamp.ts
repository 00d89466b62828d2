import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', 'coverage']);

function collectFiles(dir: string, into: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) collectFiles(path.join(dir, entry.name), into);
    } else if (entry.isFile() && !entry.name.endsWith('.tsbuildinfo')) {
      into.push(path.join(dir, entry.name));
    }
  }
}

/**
 * Content hash of what a webpack build of `app` reads: the app's own folder, every shared
 * package (sources, styles, the webpack config), the lockfile and the environment variables
 * the build looks at. Tests (`*.test.*`) are left out: they do not change the bundle.
 */
function inputsHash(app: string): string {
  const files: string[] = [];
  collectFiles(path.join(ROOT, app), files);
  collectFiles(path.join(ROOT, 'packages'), files);
  files.push(path.join(ROOT, 'package-lock.json'));
  const hash = createHash('sha256');
  for (const file of files.filter((name) => !/\.test\.tsx?$/.test(name)).sort()) {
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  hash.update(JSON.stringify({ NODE_ENV: process.env.NODE_ENV ?? '' }));
  return hash.digest('hex');
}

const stampFile = (app: string) => path.join(ROOT, app, 'dist', '.build-inputs');

/**
 * Whether `app/dist` was built from exactly the current inputs (a second `npm start` skips it).
 * @returns the inputs hash to record with {@link recordBuild} after a build.
 */
export function buildState(app: string): { upToDate: boolean; hash: string } {
  const hash = inputsHash(app);
  const stamp = stampFile(app);
  const upToDate = existsSync(stamp) && statSync(stamp).isFile() && readFileSync(stamp, 'utf8') === hash;
  return { upToDate, hash };
}

/** Records the inputs a finished build of `app` was made from. */
export function recordBuild(app: string, hash: string): void {
  writeFileSync(stampFile(app), hash);
}
