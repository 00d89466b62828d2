/**
 * `npm start`: builds everything, starts the local database (unless MONGODB_URI is set),
 * seeds it when empty, starts the five services and the gateway, and serves the shop on
 * http://localhost:8080 (PORT overrides). Ctrl+C stops everything.
 */
import path from 'node:path';
import { step, info } from './lib/log';
import { provideDatabase } from './lib/database';
import { buildAll, seedAll, startStack } from './lib/stack';
import { GATEWAY_PORT, LOCAL_MONGO_PORT, ROOT } from './lib/paths';

async function main() {
  const gatewayPort = Number(process.env.PORT ?? GATEWAY_PORT);
  step('1/5 Building packages, services, shell and remotes');
  await buildAll();

  step('2/5 Starting the database');
  const database = await provideDatabase({
    port: Number(process.env.FERRETDB_PORT ?? LOCAL_MONGO_PORT),
    dataDir: path.join(ROOT, 'data', 'ferretdb'),
  });

  let stopping = false;
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    step('Stopping…');
    await stack?.stop();
    await database.stop();
    info('Everything stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    step('3/5 Seeding demo data (only into empty databases)');
    await seedAll(database.uri);
    step('4/5 Starting services and gateway');
    stack = await startStack({
      mongoUri: database.uri,
      gatewayPort,
      logLevel: process.env.LOG_LEVEL ?? 'info',
      logFormat: process.env.LOG_FORMAT === 'json' ? 'json' : 'pretty',
      // Each process's Prometheus figures on its port + 10000 (docs/operations.md 'Metrics').
      metrics: true,
    });
    step(`5/5 The shop is running: http://localhost:${gatewayPort}  (Ctrl+C stops everything)`);
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

void main();
