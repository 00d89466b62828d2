import path from 'node:path';
// From source: scripts run before the packages are compiled.
import { startFerretDb, type LocalMongo } from '../../packages/local-mongo/src';
import { info } from './log';
import { ROOT } from './paths';

/**
 * The MongoDB to use: MONGODB_URI when set, else a local FerretDB (installed on first use)
 * with its data under `dataDir`. `stop` is a no-op for an external database.
 */
export async function provideDatabase(options: { port: number; dataDir: string }): Promise<Pick<LocalMongo, 'uri' | 'stop'>> {
  const external = process.env.MONGODB_URI;
  if (external) {
    info(`Using MONGODB_URI (${external.replace(/\/\/[^@]*@/, '//***@')})`);
    return { uri: external, stop: async () => {} };
  }
  const mongo = await startFerretDb({ projectRoot: ROOT, port: options.port, dataDir: options.dataDir, log: info });
  info(`FerretDB (SQLite) on 127.0.0.1:${options.port}, data in ${path.relative(ROOT, options.dataDir) || '.'}`);
  return mongo;
}
