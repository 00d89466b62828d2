import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';

/**
 * For a jest file testing the release commands: a remote store and a registry of its own. Before
 * its tests, RELEASES_DIR is `releases/` in a fresh temporary folder, MONGODB_DB a fresh database
 * on the run's database (MONGODB_URI, jest's global setup), RELEASE_BY `by`; after them the folder
 * and the database are removed and the environment is as it was.
 * @returns the temporary folder, once the file's `beforeAll` ran.
 */
export function useReleaseStore(name: string, by: string): { folder(): string } {
  let work: string | undefined;
  const database = `test_${name.replaceAll('-', '_')}_${randomUUID().slice(0, 8)}`;
  const saved = { ...process.env };
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), `${name}-`));
    Object.assign(process.env, { RELEASES_DIR: path.join(work, 'releases'), MONGODB_DB: database, RELEASE_BY: by });
  });
  afterAll(async () => {
    process.env = saved;
    if (work) await rm(work, { recursive: true, force: true });
    const client = await MongoClient.connect(process.env.MONGODB_URI!);
    await client.db(database).dropDatabase();
    await client.close();
  });
  return {
    folder() {
      if (!work) throw new Error('the release store is made in beforeAll');
      return work;
    },
  };
}
