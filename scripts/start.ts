/**
 * `npm start`: builds everything, starts the local database (unless MONGODB_URI is set),
 * seeds it when empty, starts the five services and the gateway, and serves the shop on
 * http://localhost:8080 (PORT overrides). While it runs, data/run/shop.json says where (the
 * gateway's address, the local database, the remote store), for the release commands
 * (scripts/lib/running-shop.ts). Ctrl+C stops everything.
 *
 * `npm run edge` (EDGE=1): the same with the shared cache (Varnish, deploy/varnish/shop.vcl) on
 * the public port and the gateway behind it (docs/operations.md 'The shared cache').
 *
 * `npm run observe` (OBSERVE=1): the same, with Jaeger receiving every process's traces and
 * Prometheus scraping every process's metrics beside it (docs/operations.md 'npm run observe').
 */
import path from 'node:path';
import { step, info } from './lib/log';
import { provideDatabase } from './lib/database';
import { buildAll, seedAll, startStack } from './lib/stack';
import { GATEWAY_PORT, LOCAL_MONGO_PORT, ROOT } from './lib/paths';
import { JAEGER_PORTS, startJaeger } from './lib/jaeger';
import { startPrometheus } from './lib/prometheus';
import { forgetRunningShop, recordRunningShop } from './lib/running-shop';
import { ensureVarnish } from './lib/edge';

/** The gateway's port behind the shared cache with `npm run edge` (EDGE_GATEWAY_PORT overrides). */
const EDGE_GATEWAY_PORT = 8180;
/** Where the shared cache takes purges with `npm run edge` (loopback only). */
const EDGE_PURGE_PORT = 8181;

/** Prometheus's port with `npm run observe` (PROMETHEUS_PORT overrides). */
const PROMETHEUS_PORT = 9090;

async function main() {
  // `npm run edge` (EDGE=1): the shared cache on the public port, the gateway behind it on EDGE_GATEWAY_PORT.
  const edge = process.env.EDGE === '1';
  const publicPort = Number(process.env.PORT ?? GATEWAY_PORT);
  const gatewayPort = edge ? Number(process.env.EDGE_GATEWAY_PORT ?? EDGE_GATEWAY_PORT) : publicPort;
  if (edge) await ensureVarnish();
  step('1/5 Building packages, services, shell and remotes');
  await buildAll();

  step('2/5 Starting the database');
  const database = await provideDatabase({
    port: Number(process.env.FERRETDB_PORT ?? LOCAL_MONGO_PORT),
    dataDir: path.join(ROOT, 'data', 'ferretdb'),
  });

  let stopping = false;
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  const observe = process.env.OBSERVE === '1';
  /** Jaeger and Prometheus, with `npm run observe`. */
  const monitors: Array<{ stop(): Promise<void> }> = [];
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    step('Stopping…');
    forgetRunningShop();
    await stack?.stop();
    for (const monitor of monitors) await monitor.stop();
    await database.stop();
    info('Everything stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    step('3/5 Seeding demo data (only into empty databases)');
    await seedAll(database.uri);
    if (observe) {
      step('Starting Jaeger (traces)');
      monitors.push(await startJaeger(path.join(ROOT, 'data', 'jaeger.log')));
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${JAEGER_PORTS.otlpHttp}`;
    }
    step('4/5 Starting services and gateway');
    stack = await startStack({
      mongoUri: database.uri,
      gatewayPort,
      logLevel: process.env.LOG_LEVEL ?? 'info',
      logFormat: process.env.LOG_FORMAT === 'json' ? 'json' : 'pretty',
      // Each process's Prometheus figures on its port + 10000 (docs/operations.md 'Metrics').
      metrics: true,
      ...(edge ? { edge: { port: publicPort, purgePort: EDGE_PURGE_PORT, workDir: path.join(ROOT, 'data', 'edge') } } : {}),
    });
    if (observe) {
      step('Starting Prometheus (metrics and alert rules)');
      const prometheusPort = Number(process.env.PROMETHEUS_PORT ?? PROMETHEUS_PORT);
      monitors.push(
        await startPrometheus({
          targets: stack.metricsTargets,
          port: prometheusPort,
          dataDir: path.join(ROOT, 'data', 'prometheus'),
          logFile: path.join(ROOT, 'data', 'prometheus.log'),
        }),
      );
      info(`Traces:  http://localhost:${JAEGER_PORTS.ui}  (Jaeger: service gateway, operation POST /api/orders …)`);
      info(`Metrics: http://localhost:${prometheusPort}  (Prometheus: Status → Targets, Alerts; e.g. shop_orders_placed_total)`);
      info(`Each process's own figures: http://127.0.0.1:<its port + 10000>/metrics (the gateway: 18080)`);
    }
    recordRunningShop({
      gatewayUrl: stack.gatewayUrl,
      // The local database only: an address from MONGODB_URI may hold credentials, and the commands get it from there too.
      mongoUri: process.env.MONGODB_URI ? null : database.uri,
      releasesDir: process.env.RELEASES_DIR ?? path.join(ROOT, 'data', 'releases'),
    });
    step(`5/5 The shop is running: ${stack.gatewayUrl}  (Ctrl+C stops everything)`);
    if (edge)
      info(`Behind the shared cache: the gateway itself on http://localhost:${gatewayPort} (x-cache: hit|miss|pass on every answer)`);
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

void main();
