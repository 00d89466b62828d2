/**
 * A backup holds every customer's personal data and password hashes: whatever the umask of the
 * process that writes it, its folders are the owner's only (0700) and so are its files (0600).
 * Written from the real local database (jest's), restored back to prove it is still a backup.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { backupDatabases, restoreDatabases } from './backup';

let client: MongoClient;
let outDir: string;
const database = `backup_modes_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  client = await MongoClient.connect(process.env.MONGODB_URI!);
  await client.db(database).collection('customers').insertOne({ email: 'kundin@example.de', passwordHash: '$argon2id$v=19$…' });
  outDir = await mkdtemp(path.join(tmpdir(), 'shop-backup-modes-'));
});

afterAll(async () => {
  await client.db(database).dropDatabase();
  await client.close();
  await rm(outDir, { recursive: true, force: true });
});

/** Every folder and file under `dir` (itself included) with its permission bits. */
async function modesUnder(dir: string): Promise<Array<{ entry: string; folder: boolean; mode: string }>> {
  const all = [{ entry: '.', folder: true, mode: ((await stat(dir)).mode & 0o777).toString(8) }];
  for (const entry of await readdir(dir, { recursive: true })) {
    const info = await stat(path.join(dir, entry));
    all.push({ entry, folder: info.isDirectory(), mode: (info.mode & 0o777).toString(8) });
  }
  return all;
}

test('with a permissive umask (0) the backup is written 0700 (folders) and 0600 (files), and restores', async () => {
  const previous = process.umask(0);
  let dir: string;
  try {
    ({ dir } = await backupDatabases(process.env.MONGODB_URI!, [database], path.join(outDir, 'nested', 'backups')));
  } finally {
    process.umask(previous);
  }
  const modes = await modesUnder(dir);
  expect(modes.map(({ entry }) => entry).sort()).toEqual(['.', 'manifest.json', database, `${database}/customers.ejson.gz`].sort());
  expect(modes.filter(({ folder, mode }) => mode !== (folder ? '700' : '600'))).toEqual([]);
  // Parents it had to create are the owner's only too.
  expect(((await stat(path.join(outDir, 'nested'))).mode & 0o777).toString(8)).toBe('700');

  await client.db(database).dropDatabase();
  await restoreDatabases(process.env.MONGODB_URI!, dir);
  expect(
    await client
      .db(database)
      .collection('customers')
      .findOne({}, { projection: { _id: 0 } }),
  ).toEqual({
    email: 'kundin@example.de',
    passwordHash: '$argon2id$v=19$…',
  });
});
