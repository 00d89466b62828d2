import path from 'node:path';
// From source: scripts run before the packages are compiled.
import { startFerretDb, type LocalMongo } from '../../packages/local-mongo/src';
import { info } from './log';
import { ROOT } from './paths';
import { SERVICE_RESTART_POLICY, type RestartPolicy } from './run';

/**
 * The MongoDB to use: MONGODB_URI when set, else a local FerretDB (installed on first use)
 * with its data under `dataDir`. `stop` is a no-op for an external database.
 * The local engine is supervised like the services: when it exits unexpectedly it is
 * started again on the same port and data with backoff (`restart`), and the services reconnect
 * by themselves; after too many crashes it says so and stays down.
 */
export async function provideDatabase(options: {
  port: number;
  dataDir: string;
  restart?: RestartPolicy | null;
  log?: (line: string) => void;
}): Promise<Pick<LocalMongo, 'uri' | 'stop'>> {
  const external = process.env.MONGODB_URI;
  if (external) {
    info(`Using MONGODB_URI (${external.replace(/\/\/[^@]*@/, '//***@')})`);
    return { uri: external, stop: async () => {} };
  }
  const { port, dataDir, restart = SERVICE_RESTART_POLICY, log = (line: string) => console.error(line) } = options;
  let stopped = false;
  const crashes: number[] = [];
  const start = (): Promise<LocalMongo> =>
    startFerretDb({ projectRoot: ROOT, port, dataDir, log: info, onUnexpectedExit: (reason) => void restartAfterCrash(reason) });
  let current = await start();

  async function restartAfterCrash(reason: string): Promise<void> {
    if (stopped || !restart) {
      if (!stopped) log(`  ✖ database (FerretDB) stopped (${reason})`);
      return;
    }
    const now = Date.now();
    while (crashes.length && crashes[0]! < now - restart.windowMs) crashes.shift();
    if (crashes.length >= restart.maxRestarts) {
      log(
        `  ✖ database (FerretDB) keeps stopping (${reason}; ${crashes.length} restarts within ${restart.windowMs / 1000} s): not restarted again. The shop answers 503 until you restart it.`,
      );
      return;
    }
    crashes.push(now);
    const delay = restart.baseDelayMs * 2 ** (crashes.length - 1);
    log(`  ↻ database (FerretDB) stopped (${reason}); restarting in ${delay / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (stopped) return;
    try {
      current = await start();
      log('  ✔ database (FerretDB) is back; the services reconnect by themselves');
    } catch (error) {
      await restartAfterCrash(error instanceof Error ? error.message : String(error));
    }
  }

  info(`FerretDB (SQLite) on 127.0.0.1:${port}, data in ${path.relative(ROOT, dataDir) || '.'}`);
  return {
    uri: current.uri,
    async stop() {
      stopped = true;
      await current.stop();
    },
  };
}
