import type { FastifyInstance } from 'fastify';
import { startMetricsServer, type MetricsAddress } from './metrics/metrics-server';
import { runBeforeExitHooks } from './tracing/before-exit';
import { watchDatabaseClient } from './database-watchdog';

/** Longest the in-flight requests may take after the drain before the exit is forced (ms). */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * Listens and shuts down gracefully on SIGINT/SIGTERM (a rolling restart without a
 * failed request):
 * 1. drain for `drainMs`: `/readyz` answers 503 'draining', so the gateway (which asks every
 *    INSTANCE_CHECK_MS) sends new requests to the other instances; requests still arriving are
 *    served, each answer closing its keep-alive connection;
 * 2. stop accepting connections and let in-flight requests finish;
 * 3. close the database connection and the jobs (onClose hooks);
 * 4. finish what must go out before the exit (spans still batched, tracing/before-exit.ts).
 * A second signal, or CLOSE_TIMEOUT_MS after the drain without finishing, forces the exit.
 *
 * A service whose database client stays broken while the database answers a new client shuts
 * down the same way, for its supervisor to start it again (database-watchdog.ts).
 *
 * With `metrics`, the process's Prometheus figures are served on that address's `/metrics`
 * (metrics/metrics-server.ts) from before the app listens until the process ends.
 */
export async function runServer(
  app: FastifyInstance,
  { port, host, drainMs = 0, metrics }: { port: number; host: string; drainMs?: number; metrics?: MetricsAddress },
): Promise<void> {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal, drainMs }, 'draining, then shutting down');
    app.draining = true;
    const force = setTimeout(() => process.exit(1), drainMs + CLOSE_TIMEOUT_MS);
    force.unref();
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => app.close())
      .then(() => runBeforeExitHooks())
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  // A database client that stays broken while the database answers others: restarted by the
  // supervisor after a graceful shutdown (database-watchdog.ts).
  if (app.hasDecorator('databaseProbe'))
    watchDatabaseClient(app.db, { probe: app.databaseProbe, onStuck: () => shutdown('database client stuck'), log: app.log });
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  if (metrics) await startMetricsServer(metrics);
  await app.listen({ port, host });
}
