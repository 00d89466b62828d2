import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { cp, chmod, mkdir, rm, writeFile, access, mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';

const execFileAsync = promisify(execFile);

/**
 * The local MongoDB-compatible engine: FerretDB v1 with its SQLite backend
 * (docs/decisions/local-engine.md). Production uses real MongoDB through MONGODB_URI.
 * Pinned: v1.24.2 (v1.24.1 is not served by the Go module proxy).
 */
export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';

type Log = (message: string) => void;

/**
 * Our changes to the engine, named in the binary's folder so a build without them is replaced:
 * - write commands on one database run one after another across connections, as MongoDB's
 *   single-document atomicity promises (go/serialize_writes.go explains why: without it two
 *   instances of a service on one local database lose stock decrements);
 * - reads by `_id` use the collection's `_id` index, also when the filter names more fields
 *   (SOURCE_CHANGES).
 */
export const FERRETDB_PATCH = 'serialised-writes-indexed-id';

/** Where the binary lives inside the project (ignored by git). */
export function ferretDbBinaryPath(projectRoot: string): string {
  return path.join(projectRoot, '.tools', `ferretdb-${FERRETDB_VERSION}-${FERRETDB_PATCH}`, 'ferretdb');
}

/** The call of `lockWrites` put around every command FerretDB's connection hands to its handler. */
const HANDLER_CALL = 'if cmd := c.h.Commands()[command]; cmd != nil && cmd.Handler != nil {\n\t\treturn cmd.Handler(connCtx, msg)';

/**
 * Source edits that make the SQLite backend find documents by `_id` through the `_id` index, as
 * MongoDB does. In v1.24.2 a find, update, delete or findAndModify reads the whole table unless
 * its filter is exactly `{ _id: <string or ObjectId> }`, and even then: the lookup is written
 * `<column>->'$._id'` while the index is on `<column>->"_id"` (registry.go quotes each field of an
 * index key), and SQLite uses an index on an expression only for that same expression.
 * 1. The lookup is written as the index is.
 * 2. A filter whose top-level `_id` equals a string or ObjectId beside other fields (a
 *    compare-and-set such as `{ _id, status: 'pending' }`) is narrowed by `_id` in SQL too
 *    (go/id_lookup.go: `_id` named once); the engine still applies the whole filter to what SQL
 *    returns (FilterIterator, FilterDocument), so the result is the same.
 * Measured: docs/performance.md 'Order placement under load: the local engine's `_id` lookups'.
 */
const SOURCE_CHANGES: Array<{ file: string[]; before: string; after: string; count: number }> = [
  {
    file: ['internal', 'backends', 'sqlite', 'metadata', 'metadata.go'],
    before: `IDColumn = DefaultColumn + "->'$._id'"`,
    after: 'IDColumn = DefaultColumn + `->"_id"`',
    count: 1,
  },
  {
    // Query and Explain.
    file: ['internal', 'backends', 'sqlite', 'collection.go'],
    before: 'if params.Filter.Len() == 1 {\n\t\tv, _ := params.Filter.Get("_id")',
    after: 'if narrowsByID(params.Filter) {\n\t\tv, _ := params.Filter.Get("_id")',
    count: 2,
  },
];

/** Our files added to the engine's source: [file in ../go, package folder in the engine]. */
const ADDED_FILES: Array<[string, string[]]> = [
  ['serialize_writes.go', ['internal', 'clientconn']],
  ['id_lookup.go', ['internal', 'backends', 'sqlite']],
];

/**
 * Adds our files (ADDED_FILES) to the engine's source in `buildDir`, calls `lockWrites`
 * (go/serialize_writes.go) from the command dispatch, and makes reads by `_id` use the `_id`
 * index (SOURCE_CHANGES).
 * @throws when the dispatch or a changed line is not found as expected (another FerretDB version needs a new look).
 */
async function applyPatch(buildDir: string): Promise<void> {
  const connFile = path.join(buildDir, 'internal', 'clientconn', 'conn.go');
  const source = await readFile(connFile, 'utf8');
  if (!source.includes(HANDLER_CALL)) throw new Error(`FerretDB ${FERRETDB_VERSION}: command dispatch not found in ${connFile}`);
  await writeFile(connFile, source.replace(HANDLER_CALL, HANDLER_CALL.replace('{\n', '{\n\t\tdefer lockWrites(msg, command)()\n')));
  for (const [file, folder] of ADDED_FILES) await cp(path.join(__dirname, '..', 'go', file), path.join(buildDir, ...folder, file));

  for (const change of SOURCE_CHANGES) {
    const file = path.join(buildDir, ...change.file);
    const text = await readFile(file, 'utf8');
    const found = text.split(change.before).length - 1;
    if (found !== change.count)
      throw new Error(`FerretDB ${FERRETDB_VERSION}: expected ${change.count}× '${change.before}' in ${file}, found ${found}`);
    await writeFile(file, text.replaceAll(change.before, change.after));
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds FerretDB with the Go toolchain on first use and returns the binary path.
 * `go install …@version` refuses the module (its deprecation lookup is not served), so the
 * module source is fetched with `go mod download` and built in a scratch copy; the version
 * file the build embeds is written first (FerretDB panics at start without it). Builds of other
 * versions or changes beside it in `.tools/` are removed then.
 * @throws Error naming the missing tool or the failed step.
 */
export async function ensureFerretDb(projectRoot: string, log: Log = () => {}): Promise<string> {
  const binary = ferretDbBinaryPath(projectRoot);
  if (await exists(binary)) return binary;
  try {
    await execFileAsync('go', ['version']);
  } catch {
    throw new Error('FerretDB needs the Go toolchain (`go`) for its first build. Install Go, or set MONGODB_URI to a running MongoDB.');
  }
  log(`Installing FerretDB ${FERRETDB_VERSION} with the Go toolchain (first run only, about 2 minutes)…`);
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  const { stdout } = await execFileAsync('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const info = JSON.parse(stdout) as { Dir?: string; Error?: string };
  if (!info.Dir) throw new Error(`go mod download failed: ${info.Error ?? stdout}`);
  const buildDir = await mkdtemp(path.join(tmpdir(), 'ferretdb-src-'));
  try {
    await cp(info.Dir, buildDir, { recursive: true });
    await chmod(buildDir, 0o755);
    await execFileAsync('chmod', ['-R', 'u+w', buildDir]);
    await mkdir(path.join(buildDir, 'build', 'version'), { recursive: true });
    await writeFile(path.join(buildDir, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    await applyPatch(buildDir);
    await mkdir(path.dirname(binary), { recursive: true });
    await execFileAsync('go', ['build', '-o', binary, './cmd/ferretdb'], { cwd: buildDir, env, maxBuffer: 16 * 1024 * 1024 });
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
  // Builds of other versions or changes are never used again (about 45 MB each).
  const toolsDir = path.dirname(path.dirname(binary));
  for (const entry of await readdir(toolsDir)) {
    if (entry.startsWith('ferretdb-') && entry !== path.basename(path.dirname(binary)))
      await rm(path.join(toolsDir, entry), { recursive: true, force: true });
  }
  log(`FerretDB installed at ${path.relative(projectRoot, binary)}`);
  return binary;
}

export interface LocalMongo {
  /** Connection string without a database name, e.g. mongodb://127.0.0.1:27017/ */
  uri: string;
  port: number;
  /** Stops the engine and waits for the process to exit. */
  stop(): Promise<void>;
}

export interface StartOptions {
  projectRoot: string;
  port: number;
  /** Directory for the SQLite files (one file per database). */
  dataDir: string;
  log?: Log;
  /** How long to wait for the first successful ping, in ms. */
  readyTimeoutMs?: number;
  /** Called when the engine exits without `stop()` (a crash, a kill): supervisors restart it. */
  onUnexpectedExit?: (reason: string) => void;
}

async function waitForPing(uri: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`FerretDB exited with code ${child.exitCode} during start-up`);
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, directConnection: true });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.close().catch(() => {});
    }
  }
  throw new Error(`FerretDB did not answer a ping within ${timeoutMs} ms: ${String(lastError)}`);
}

/**
 * Installs (if needed) and starts FerretDB on 127.0.0.1:`port`, resolving once it answers a ping.
 * `FERRETDB_DEBUG_ADDR` (e.g. 127.0.0.1:8099) opens the engine's debug listener there, with Go's
 * profiler under /debug/pprof/ (how its CPU time under load is found: docs/performance.md).
 */
export async function startFerretDb(options: StartOptions): Promise<LocalMongo> {
  const { projectRoot, port, dataDir, log = () => {}, readyTimeoutMs = 30_000, onUnexpectedExit } = options;
  const binary = await ensureFerretDb(projectRoot, log);
  await mkdir(dataDir, { recursive: true });
  const child = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${path.resolve(dataDir)}/`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${path.resolve(dataDir)}`,
      '--telemetry=disable',
      '--log-level=error',
      process.env.FERRETDB_DEBUG_ADDR ? `--debug-addr=${process.env.FERRETDB_DEBUG_ADDR}` : '--debug-addr=-',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) onUnexpectedExit?.(`${code ?? signal}`);
      resolve();
    }),
  );
  const uri = `mongodb://127.0.0.1:${port}/`;
  try {
    await waitForPing(uri, child, readyTimeoutMs);
  } catch (error) {
    stopping = true;
    child.kill('SIGKILL');
    throw error;
  }
  return {
    uri,
    port,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
