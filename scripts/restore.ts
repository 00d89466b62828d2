/**
 * `npm run restore -- <backup folder | latest> [--force]`: restores a backup written by
 * `npm run backup` into the shop's databases (local port 27017, or MONGODB_URI). Refuses a shop
 * that holds data unless `--force`, which replaces the backed-up collections. Start (or restart)
 * the shop afterwards: each instance reads its snapshots anew (docs/operations.md 'Backups and restore').
 */
import path from 'node:path';
import { backupsIn, restoreDatabases } from './lib/backup';
import { info, step } from './lib/log';
import { LOCAL_MONGO_PORT, ROOT } from './lib/paths';

async function main() {
  const uri = process.env.MONGODB_URI ?? `mongodb://127.0.0.1:${LOCAL_MONGO_PORT}/`;
  const given = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!given) throw new Error('usage: npm run restore -- <backup folder | latest> [--force]');
  const backups = path.join(ROOT, 'data', 'backups');
  const newest = given === 'latest' ? (await backupsIn(backups))[0] : undefined;
  if (given === 'latest' && !newest) throw new Error(`no backup in ${backups}`);
  const dir = newest ? path.join(backups, newest) : path.resolve(given);
  step(`Restoring ${dir}`);
  const manifest = await restoreDatabases(uri, dir, { force: process.argv.includes('--force') });
  for (const [name, { collections }] of Object.entries(manifest.databases)) {
    const total = Object.values(collections).reduce((sum, { count }) => sum + count, 0);
    info(`${name}: ${Object.keys(collections).length} collections, ${total} documents`);
  }
  info(`Restored the backup of ${manifest.createdAt}. Start or restart the shop now.`);
}

main().catch((error: unknown) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
