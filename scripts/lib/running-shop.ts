/**
 * The shop `npm start` runs from this checkout, as it records itself in `data/run/shop.json`
 * while it runs: where its gateway listens, its database (the local one) and its remote store.
 * The release commands (`npm run release|releases|rollback|canary`) act on that shop unless the
 * environment names another (SHOP_URL, MONGODB_URI, RELEASES_DIR; docs/releases.md 'Commands').
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GATEWAY_PORT, LOCAL_MONGO_PORT, ROOT } from './paths';

/** Where `npm start` records the shop it runs (beside the processes' pid files). */
export const RUNNING_SHOP_FILE = path.join(ROOT, 'data', 'run', 'shop.json');

/**
 * What `npm start` records: its pid and the start time of that process (so a pid the system
 * gave to another process after a crash is not taken for the shop), its gateway's address, its
 * local database (null: MONGODB_URI's) and remote store.
 */
const RunningShop = z.object({
  pid: z.number().int().positive(),
  /** The process's start time as the kernel counts it (`/proc/<pid>/stat`, field 22); null where there is no /proc. */
  processStart: z.string().nullable(),
  gatewayUrl: z.string().url(),
  mongoUri: z.string().nullable(),
  releasesDir: z.string(),
});
export type RunningShop = z.infer<typeof RunningShop>;

/** The start time of process `pid` (`/proc/<pid>/stat` field 22, clock ticks since boot); null without /proc or such a process. */
function processStart(pid: number): string | null {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Records the shop this process runs, readable by its user only (0600 whatever the umask, also
 * when an earlier run left the file: a local database's address, no secret).
 * `forgetRunningShop` removes the record when it stops.
 */
export function recordRunningShop(shop: Omit<RunningShop, 'pid' | 'processStart'>, file = RUNNING_SHOP_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const record = { pid: process.pid, processStart: processStart(process.pid), ...shop };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** Removes the record of `recordRunningShop` if it is this process's. */
export function forgetRunningShop(file = RUNNING_SHOP_FILE): void {
  if (runningShop(file)?.pid === process.pid) rmSync(file, { force: true });
}

/**
 * Whether the recorded process still runs and is the one that wrote the record: it exists and
 * is this user's (EPERM: another user's process, never this checkout's `npm start`), and where
 * /proc tells, it started when the recorded one did (after a crash the pid may belong to another
 * process by now).
 */
function stillRunning(shop: RunningShop): boolean {
  try {
    process.kill(shop.pid, 0);
  } catch {
    return false;
  }
  return shop.processStart === null || processStart(shop.pid) === shop.processStart;
}

/** The shop `npm start` runs from this checkout now; null when none is recorded or its process is gone or another one. */
export function runningShop(file = RUNNING_SHOP_FILE): RunningShop | null {
  let recorded: unknown;
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const parsed = RunningShop.safeParse(recorded);
  return parsed.success && stillRunning(parsed.data) ? parsed.data : null;
}

/** The shop a release command acts on: where it asks the gateway, which database and remote store, and why those. */
export interface ReleaseTarget {
  gatewayUrl: string;
  mongoUri: string;
  releasesDir: string;
  /** One line for the terminal: which shop, and where that was found. */
  description: string;
}

/**
 * The shop the release commands act on: SHOP_URL, MONGODB_URI and RELEASES_DIR where set, else
 * what the running `npm start` of this checkout recorded, else the defaults of `npm start`
 * (http://localhost:8080, the local database on 27017, ./data/releases).
 * @throws when the running shop uses a database of MONGODB_URI and this command was given none.
 */
export function releaseTarget(env: NodeJS.ProcessEnv = process.env, file = RUNNING_SHOP_FILE): ReleaseTarget {
  const running = runningShop(file);
  if (running && running.mongoUri === null && env.MONGODB_URI === undefined)
    throw new Error(
      `the shop npm start runs (pid ${running.pid}) uses the database of its MONGODB_URI: set the same MONGODB_URI for this command`,
    );
  const gatewayUrl = env.SHOP_URL ?? running?.gatewayUrl ?? `http://localhost:${GATEWAY_PORT}`;
  const mongoUri = env.MONGODB_URI ?? running?.mongoUri ?? `mongodb://127.0.0.1:${LOCAL_MONGO_PORT}/`;
  const releasesDir = env.RELEASES_DIR ?? running?.releasesDir ?? path.join(ROOT, 'data', 'releases');
  const source = running
    ? `the shop npm start runs from this checkout (pid ${running.pid}, ${path.relative(ROOT, file)})`
    : `no npm start of this checkout is running (${path.relative(ROOT, file)}): the defaults`;
  const overridden = ['SHOP_URL', 'MONGODB_URI', 'RELEASES_DIR'].filter((name) => env[name] !== undefined);
  return {
    gatewayUrl,
    mongoUri,
    releasesDir,
    // MONGODB_URI is not printed: it may hold credentials.
    description: `shop: ${gatewayUrl}, database ${env.MONGODB_URI ? 'MONGODB_URI' : mongoUri}, remote store ${releasesDir} (${source}${overridden.length ? `; from the environment: ${overridden.join(', ')}` : ''})`,
  };
}
