/**
 * Backups of the shop's databases with the MongoDB driver (docs/operations.md 'Backups and
 * restore'). MongoDB's own mongodump/mongorestore are the tools in production (docker-compose's
 * `backup` service); they cannot be built here, so the local commands and the restore drill use
 * this, which writes a format of its own:
 *
 *   <dir>/manifest.json                    what was saved: databases, collections, counts, indexes
 *   <dir>/<database>/<collection>.ejson.gz one document per line, canonical Extended JSON, gzip
 *
 * Canonical EJSON keeps every BSON type (ObjectId, Date, Decimal128, Long, Binary), so a restored
 * document is equal to the saved one.
 *
 * A backup holds every customer's personal data and password hashes: its folders are written
 * 0700 and its files 0600 (owner only), whatever the umask of the process (the mode given at
 * creation, so no moment is more open, then set again, as a umask never adds bits but an existing
 * folder or file keeps the mode it had).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { BSON, MongoClient, type ClientSession, type Db, type Document, type IndexDescription } from 'mongodb';

const { EJSON } = BSON;

/** The manifest's format; a restore refuses another. */
export const BACKUP_FORMAT = 'randm-shop-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  /** When the backup started (ISO 8601, UTC). */
  createdAt: string;
  /**
   * `snapshot`: every database read at one point in time (a replica set's snapshot read);
   * `per-collection`: each collection read whole, one after another, while the shop may write
   * (the local engine; see docs/operations.md for what that means for a restore).
   */
  consistency: 'snapshot' | 'per-collection';
  databases: Record<string, { collections: Record<string, { count: number; file: string; indexes: IndexDescription[] }> }>;
}

/** Modes of a backup's folders and files: the owner only. */
export const BACKUP_FOLDER_MODE = 0o700;
export const BACKUP_FILE_MODE = 0o600;

/** Creates `folder` (and missing parents) readable by the owner only. */
async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: BACKUP_FOLDER_MODE });
  await chmod(folder, BACKUP_FOLDER_MODE);
}

/** The shop's databases: `<prefix>_<slice>` for every slice. */
export const shopDatabases = (slices: readonly string[], prefix = 'shop') => slices.map((slice) => `${prefix}_${slice}`);

/** Index specifications to recreate (the default `_id` index comes with every collection). */
function restorable(indexes: Document[]): IndexDescription[] {
  return indexes
    .filter((index) => index.name !== '_id_')
    .map(({ key, name, unique, sparse, expireAfterSeconds, partialFilterExpression }) => ({
      key,
      name,
      ...(unique ? { unique } : {}),
      ...(sparse ? { sparse } : {}),
      ...(expireAfterSeconds !== undefined ? { expireAfterSeconds } : {}),
      ...(partialFilterExpression ? { partialFilterExpression } : {}),
    }));
}

/** Writes every document of `collection` of `db` to `file` (gzip, EJSON lines). @returns how many. */
async function saveCollection(db: Db, collection: string, file: string, session: ClientSession | null): Promise<number> {
  let count = 0;
  const cursor = db
    .collection(collection)
    .find({}, session ? { session } : {})
    .sort({ _id: 1 });
  async function* lines() {
    for await (const document of cursor) {
      count += 1;
      yield `${EJSON.stringify(document, { relaxed: false })}\n`;
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file, { mode: BACKUP_FILE_MODE }));
  await chmod(file, BACKUP_FILE_MODE);
  return count;
}

/**
 * Backs up `databases` of the server at `uri` into a new folder `<outDir>/backup-<time>` (folders
 * 0700, files 0600: BACKUP_FOLDER_MODE, BACKUP_FILE_MODE). Missing parents of it are created 0700;
 * an existing `outDir` keeps its mode.
 * Reads at one snapshot where the server supports it, else collection by collection.
 * @returns the folder and its manifest.
 */
export async function backupDatabases(
  uri: string,
  databases: string[],
  outDir: string,
  now = new Date(),
): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = path.join(outDir, `backup-${now.toISOString().replace(/[:.]/g, '-')}`);
  await privateFolder(dir);
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    const session = await snapshotSession(client);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      consistency: session ? 'snapshot' : 'per-collection',
      databases: {},
    };
    for (const name of databases) {
      const db = client.db(name);
      const collections = (await db.listCollections({}, { nameOnly: true }).toArray())
        .map((entry) => entry.name)
        .filter((collection) => !collection.startsWith('system.'))
        .sort();
      manifest.databases[name] = { collections: {} };
      await privateFolder(path.join(dir, name));
      for (const collection of collections) {
        const file = path.join(name, `${collection}.ejson.gz`);
        const count = await saveCollection(db, collection, path.join(dir, file), session);
        const indexes = restorable(await db.collection(collection).listIndexes().toArray());
        manifest.databases[name]!.collections[collection] = { count, file, indexes };
      }
    }
    await session?.endSession();
    await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: BACKUP_FILE_MODE });
    await chmod(path.join(dir, 'manifest.json'), BACKUP_FILE_MODE);
    return { dir, manifest };
  } finally {
    await client.close();
  }
}

/**
 * A session reading at one snapshot when the server is a replica set member (MongoDB 5.0+ reads
 * `snapshot` there); null for a standalone server or the local engine, which have no snapshots.
 */
async function snapshotSession(client: MongoClient): Promise<ClientSession | null> {
  const hello = await client.db('admin').command({ hello: 1 });
  if (typeof hello.setName !== 'string') return null;
  return client.startSession({ snapshot: true });
}

/** Reads a backup's manifest. @throws when the folder holds no backup of this format. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`${dir} is not a backup of format ${BACKUP_FORMAT} (found ${String(manifest.format)})`);
  return manifest;
}

/** The documents in each of `databases` now (non-empty ones only), to tell whether a shop is empty. */
export async function documentsIn(client: MongoClient, databases: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of databases) {
    const db = client.db(name);
    for (const { name: collection } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      if (collection.startsWith('system.')) continue;
      const count = await db.collection(collection).countDocuments();
      if (count) counts[`${name}.${collection}`] = count;
    }
  }
  return counts;
}

/**
 * Restores the backup in `dir` into the server at `uri`. Refuses when any of its databases holds
 * documents, unless `force` (then each collection of the backup is dropped first). Every collection
 * is written whole and its count compared with the manifest.
 * @throws Error naming what is not empty (without force), or a count that differs.
 */
export async function restoreDatabases(uri: string, dir: string, { force = false, batchSize = 500 } = {}): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    const present = await documentsIn(client, Object.keys(manifest.databases));
    if (Object.keys(present).length && !force) {
      const list = Object.entries(present)
        .map(([name, count]) => `${name} (${count})`)
        .join(', ');
      throw new Error(`refused: the shop is not empty (${list}). A restore replaces data only with --force.`);
    }
    for (const [name, { collections }] of Object.entries(manifest.databases)) {
      const db = client.db(name);
      for (const [collection, saved] of Object.entries(collections)) {
        const target = db.collection(collection);
        // Replaced whole: dropped, then written and indexed as into an empty shop.
        if (force) await target.drop().catch(() => undefined);
        let batch: Document[] = [];
        const lines = createInterface({ input: createReadStream(path.join(dir, saved.file)).pipe(createGunzip()), crlfDelay: Infinity });
        for await (const line of lines) {
          if (!line) continue;
          batch.push(EJSON.parse(line, { relaxed: false }) as Document);
          if (batch.length >= batchSize) {
            await target.insertMany(batch, { ordered: false });
            batch = [];
          }
        }
        if (batch.length) await target.insertMany(batch, { ordered: false });
        if (saved.indexes.length) await target.createIndexes(saved.indexes);
        const count = await target.countDocuments();
        if (count !== saved.count)
          throw new Error(`${name}.${collection}: ${count} documents after the restore, the backup has ${saved.count}`);
      }
    }
    return manifest;
  } finally {
    await client.close();
  }
}

/** The backups in `outDir`, newest first (folder names sort by time). */
export async function backupsIn(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir).catch(() => [] as string[]);
  return entries
    .filter((entry) => entry.startsWith('backup-'))
    .sort()
    .reverse();
}
