import type { FastifyInstance } from 'fastify';
import { createServiceApp, type ServiceApp } from './create-service-app';
import { databasePlugin, pingDatabase } from './database';
import { loadConfig, MetricsEnv, type ServiceEnv } from './config';
import { runServer } from './run-server';
import { internalApiSecret, internalAuthPlugin } from './internal-auth';
import { identitySecret } from './identity';
import { staffAccessPlugin } from './staff-access';
import { Jobs } from './jobs/jobs';
import { ChangeSignal } from './changes/change-signal';
import { EdgePurger } from './edge/edge-purger';
import { EdgePurgeSender, parsePurgeUrls } from './edge/edge-purge';
import { registerRuntimeFigures } from './runtime-figures';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's /api/admin endpoints (method and route), filled as routes are registered. */
    adminRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

/**
 * A domain service's base app: {@link createServiceApp} plus its own MongoDB database
 * (`app.db`), a readiness probe that pings it, and `/internal/*` closed to everyone without the
 * shared INTERNAL_API_SECRET (internal-auth.ts). Resolves once the database answers.
 * Its migrations and periodic jobs are registered on `app.jobs` (jobs/jobs.ts): migrations run
 * before the app is ready, jobs from then until it closes. `app.changes` (changes/change-signal.ts)
 * tells its other instances that data behind their in-memory snapshots changed; `app.edge`
 * (edge/edge-purger.ts) purges the shared cache's pages showing what the service changed.
 * `request.ip` is the client IP the gateway forwards in `x-forwarded-for` (it replaces any
 * value a client sent); services are reachable only from the gateway (docker-compose.yml), and
 * the header is believed only from a peer on the loopback or a private network
 * ({@link GATEWAY_PEERS}), so a client that reaches a service some other way cannot pick the IP
 * its limits count against.
 */
/**
 * Peers whose `x-forwarded-for` a service believes (Fastify `trustProxy`, proxy-addr names):
 * loopback and private networks, where the gateway runs (same host, or the compose network).
 */
export const GATEWAY_PEERS = 'loopback, linklocal, uniquelocal';

export async function createDomainService(config: ServiceEnv, meta: { service: string; description: string }): Promise<ServiceApp> {
  const app = createServiceApp({
    ...meta,
    logLevel: config.LOG_LEVEL,
    logFormat: config.LOG_FORMAT,
    fastify: { trustProxy: GATEWAY_PEERS },
    readinessChecks: [
      async () => {
        try {
          return { name: 'mongodb', ok: true, latencyMs: await pingDatabase(app.db) };
        } catch (error) {
          return { name: 'mongodb', ok: false, latencyMs: 0, error: String(error) };
        }
      },
    ],
  });
  // Every admin endpoint is listed, so one test per service can prove each checks a permission.
  const adminRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('adminRoutes', adminRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') adminRoutes.push({ method, url: route.url });
  });
  const internalSecret = internalApiSecret(config.INTERNAL_API_SECRET);
  await app.register(internalAuthPlugin, { secret: internalSecret });
  await app.register(staffAccessPlugin, { identitySecret: identitySecret(config.IDENTITY_SECRET) });
  app.decorate('internalApiSecret', internalSecret);
  await app.register(databasePlugin, { uri: config.MONGODB_URI, dbName: config.MONGODB_DB });
  // Registered after the database, so it stops before the connection closes (onClose runs last-in, first-out).
  const jobs = new Jobs({ db: () => app.db, log: app.log });
  app.decorate('jobs', jobs);
  const changes = new ChangeSignal({ db: () => app.db, log: app.log });
  app.decorate('changes', changes);
  const edge = new EdgePurger({ db: () => app.db, sender: new EdgePurgeSender(parsePurgeUrls(config.EDGE_PURGE_URLS)), log: app.log });
  app.decorate('edge', edge);
  app.addHook('onReady', async () => {
    await jobs.runMigrations();
    jobs.start();
    await changes.start();
    edge.start();
  });
  app.addHook('onClose', async () => {
    await edge.stop();
    await changes.stop();
    await jobs.stop();
  });
  registerRuntimeFigures(app);
  return app;
}

/**
 * Entry point of a service (`src/server.ts`): reads the environment, builds the app, listens,
 * shuts down gracefully. A configuration error is printed plainly and exits with code 1.
 * With `METRICS_PORT`, the process serves its Prometheus figures there ({@link MetricsEnv}).
 */
export async function startService<C extends { PORT: number; HOST: string; SHUTDOWN_DRAIN_MS: number }>(
  envSchema: z.ZodType<C>,
  buildApp: (config: C) => Promise<FastifyInstance | ServiceApp>,
): Promise<void> {
  let config: C;
  try {
    config = loadConfig(envSchema, process.env) as C;
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(1);
  }
  let metrics: MetricsEnv;
  try {
    metrics = loadConfig(MetricsEnv, process.env);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(1);
  }
  const app = await buildApp(config);
  await runServer(app as FastifyInstance, {
    port: config.PORT,
    host: config.HOST,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    metrics: metrics.METRICS_PORT ? { port: metrics.METRICS_PORT, host: metrics.METRICS_HOST ?? config.HOST } : undefined,
  });
}
