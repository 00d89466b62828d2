/**
 * `npm run backup [-- --out DIR] [--prefix shop]`: a dated, compressed backup of every slice's
 * database of the shop `npm start` runs (local port 27017), or of MONGODB_URI, into
 * `data/backups/backup-<time>/` by default, with a manifest of every collection's count, readable
 * by the owner only (folders 0700, files 0600, whatever the umask: scripts/lib/backup.ts;
 * docs/operations.md 'Backups and restore').
 */
import path from 'node:path';
import { backupDatabases, shopDatabases } from './lib/backup';
import { info, step } from './lib/log';
import { LOCAL_MONGO_PORT, ROOT, SLICES } from './lib/paths';

/** The value after `flag` on the command line, if given. */
const option = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

async function main() {
  const uri = process.env.MONGODB_URI ?? `mongodb://127.0.0.1:${LOCAL_MONGO_PORT}/`;
  const outDir = path.resolve(option('--out') ?? path.join(ROOT, 'data', 'backups'));
  const databases = shopDatabases(SLICES, option('--prefix') ?? 'shop');
  step(`Backing up ${databases.join(', ')}`);
  const { dir, manifest } = await backupDatabases(uri, databases, outDir);
  for (const [name, { collections }] of Object.entries(manifest.databases)) {
    const counts = Object.entries(collections).map(([collection, { count }]) => `${collection} ${count}`);
    info(`${name}: ${counts.join(', ') || 'empty'}`);
  }
  info(`Written to ${dir} (${manifest.consistency === 'snapshot' ? 'one snapshot' : 'collection by collection'})`);
}

main().catch((error: unknown) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
