import path from 'node:path';
import { varnishdCommand } from './edge';
import { existsSync, mkdirSync, openSync } from 'node:fs';
import type { SpawnOptions } from 'node:child_process';
import { info } from './log';
import { ProcessGroup, run, SERVICE_RESTART_POLICY, waitForOk, runForExitCode } from './run';
import { ROOT, SERVICE_PORTS, SLICES, type Slice } from './paths';
import { findFreePort } from '../../packages/local-mongo/src';
import { buildApps } from './workspace-build';
import { readWorkspaceGraph } from './workspace-graph';

/**
 * Compiles the TypeScript projects (packages, services; `tsc -b` is incremental) and builds
 * the shell and the five remotes with webpack, two at a time, skipping an app whose dist was
 * built from the same inputs (build-stamp.ts). `force` rebuilds everything.
 */
export async function buildAll({ force = false } = {}): Promise<void> {
  info('TypeScript (packages and services)…');
  await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b']);
  await buildApps([...readWorkspaceGraph().values()], { force });
}

export interface StackOptions {
  mongoUri: string;
  gatewayPort: number;
  /** Offset added to the default service ports (tests run beside a running shop). */
  servicePortOffset?: number;
  /** Prefix of every service's database name (default 'shop' → shop_catalog …). */
  databasePrefix?: string;
  /** Extra gateway environment (remote entries for dev, rate limits for tests…). */
  gatewayEnv?: Record<string, string>;
  /** Extra environment of every service (order limits for tests and benchmarks…). */
  serviceEnv?: Record<string, string>;
  logLevel?: string;
  /** 'pretty' for a person at a terminal (`npm start`, `npm run dev`); tests keep 'json'. */
  logFormat?: 'json' | 'pretty';
  /** Where the cart service files e-mails when no SMTP_URL is set (default ./data/mail). */
  mailDir?: string;
  /** Where each process's current pid is kept as `<name>.pid` (default ./data/run). */
  pidDir?: string;
  /**
   * The data folder of every process (SHOP_DATA_DIR; default ./data): where the development
   * secrets are created on a first start when the environment sets none.
   */
  dataDir?: string;
  /**
   * Instances of each service (default SHOP_INSTANCES, else 1). Instance k (from 0)
   * listens on the service's port + 10·k; the gateway balances over all of them.
   */
  instances?: number;
  /**
   * Ports of more gateway instances beside the one on `gatewayPort` (`gateway-2`, …), each with
   * the same configuration, as several instances behind a load balancer.
   */
  extraGatewayPorts?: number[];
  /**
   * Every process serves its Prometheus figures on its port + METRICS_PORT_OFFSET (METRICS_PORT,
   * 127.0.0.1): `npm start` and the observability test; off for other tests, so stacks started
   * side by side never contend for them.
   */
  metrics?: boolean;
  /**
   * The shared cache (Varnish, scripts/lib/edge.ts) on `port` in front of the gateways, taking
   * purges on `purgePort`, its files in `workDir`: the shop's public address is then the cache's (`gatewayUrl`), the gateways trust
   * its X-Forwarded-For, and the services and gateways purge it.
   */
  edge?: { port: number; purgePort: number; workDir: string };
  /** Each process's output appended to `<logDir>/<name>.log` instead of this terminal (tests that read the logs). */
  logDir?: string;
}

/** Instances per service from SHOP_INSTANCES (1–4). */
export function instancesFromEnv(): number {
  const value = Number(process.env.SHOP_INSTANCES ?? 1);
  if (!Number.isInteger(value) || value < 1 || value > 4)
    throw new Error(`SHOP_INSTANCES must be 1–4, not '${process.env.SHOP_INSTANCES}'`);
  return value;
}

/** Port spacing between two instances of one service. */
const INSTANCE_PORT_STEP = 10;
/** A process's metrics port is its own port plus this (catalog 4101 → 14101, the gateway 8080 → 18080), below 65536. */
export const METRICS_PORT_OFFSET = 10_000;

/** One process's /metrics address, as Prometheus scrapes it (`job` = the service, `instance` = the process's name). */
export interface MetricsTarget {
  job: string;
  instance: string;
  address: string;
}

export interface RunningStack {
  /** The shop's public address: the shared cache's with `edge`, else the first gateway's. */
  gatewayUrl: string;
  /** Every gateway instance's URL, the first one's first. */
  gatewayUrls: string[];
  /** The first instance's port of each service. */
  servicePorts: Record<Slice, number>;
  /** The URL of instance `k` (counted from 1, as in the process names `<slice>-<k>`) of a service. */
  instanceUrl(slice: Slice, k: number): string;
  /** Every process's /metrics address (empty without `metrics`). */
  metricsTargets: MetricsTarget[];
  /** The shared cache's working folder (varnishstat -n <it>/varnish), with `edge`. */
  edgeWorkDir: string | null;
  group: ProcessGroup;
  stop(): Promise<void>;
}

/**
 * Runs each service's seed script (`services/<slice>/dist/seed/run-seed.js`) where the slice has one;
 * seeds are idempotent (they only fill empty collections).
 */
export async function seedAll(mongoUri: string, databasePrefix = 'shop'): Promise<void> {
  for (const slice of SLICES) {
    const seed = path.join(ROOT, 'services', slice, 'dist', 'seed', 'run-seed.js');
    if (!existsSync(seed)) continue;
    info(`Seeding ${slice}…`);
    await run(process.execPath, [seed], {
      env: { ...process.env, MONGODB_URI: mongoUri, MONGODB_DB: `${databasePrefix}_${slice}` },
    });
  }
}

/**
 * Creates a staff account with the real `create-admin` command of the account service (its
 * build), in the shop whose databases start with `databasePrefix`.
 * @throws when the command fails.
 */
export async function createStaffAccount(
  mongoUri: string,
  databasePrefix: string,
  account: { email: string; password: string; firstName: string; role: 'manager' | 'admin' },
): Promise<void> {
  const created = await runForExitCode(
    process.execPath,
    [
      path.join(ROOT, 'services/account/dist/staff/create-admin.js'),
      '--email',
      account.email,
      '--first-name',
      account.firstName,
      '--role',
      account.role,
    ],
    {
      env: {
        ...process.env,
        MONGODB_URI: mongoUri,
        MONGODB_DB: `${databasePrefix}_account`,
        ADMIN_PASSWORD: account.password,
        LOG_LEVEL: 'silent',
      },
    },
  );
  if (created !== 0) throw new Error(`create-admin failed for ${account.email}`);
}

/**
 * Starts the five services and the gateway from their builds and waits until each is ready.
 * A process that crashes later is restarted with backoff (SERVICE_RESTART_POLICY).
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { mongoUri, gatewayPort, servicePortOffset = 0, databasePrefix = 'shop', logLevel = 'warn', logFormat = 'json', edge } = options;
  // Behind the shared cache: its address is the public one, and every writer purges it.
  const edgeEnv: Record<string, string> = edge ? { EDGE_PURGE_URLS: `http://127.0.0.1:${edge.purgePort}` } : {};
  const gatewayEnv: Record<string, string> = {
    ...edgeEnv,
    // The cache is the one proxy in front: its X-Forwarded-For names the shopper (per-IP limits).
    ...(edge ? { TRUST_PROXY: '1', PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${edge.port}` } : {}),
    ...options.gatewayEnv,
  };
  const serviceEnv: Record<string, string> = { ...edgeEnv, ...options.serviceEnv };
  const mailDir = options.mailDir ?? process.env.MAIL_DIR ?? path.join(ROOT, 'data', 'mail');
  const dataDirEnv: Record<string, string> = options.dataDir ? { SHOP_DATA_DIR: options.dataDir } : {};
  const group = new ProcessGroup(undefined, options.pidDir ?? path.join(ROOT, 'data', 'run'));
  const servicePorts = Object.fromEntries(SLICES.map((slice) => [slice, SERVICE_PORTS[slice] + servicePortOffset])) as Record<
    Slice,
    number
  >;
  const instances = options.instances ?? instancesFromEnv();
  const instancePorts = (slice: Slice) => Array.from({ length: instances }, (_, k) => servicePorts[slice] + k * INSTANCE_PORT_STEP);
  const urlsOf = (ports: number[]) => ports.map((port) => `http://127.0.0.1:${port}`).join(',');
  const metricsTargets: MetricsTarget[] = [];
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  /** Where the process `name` writes its output: its log file with `logDir`, else this terminal. */
  const output = (name: string): Pick<SpawnOptions, 'stdio'> => {
    if (!options.logDir) return {};
    const file = openSync(path.join(options.logDir, `${name}.log`), 'a');
    return { stdio: ['ignore', file, file] };
  };
  /**
   * METRICS_PORT for the process `name` of `job` on `port`, when metrics are on: its port + 10000,
   * or a free port when that would pass 65535 (a test's gateway on a high free port).
   */
  const metricsEnv = async (job: string, name: string, port: number): Promise<Record<string, string>> => {
    if (!options.metrics) return {};
    const metricsPort = port + METRICS_PORT_OFFSET <= 65_535 ? port + METRICS_PORT_OFFSET : await findFreePort();
    metricsTargets.push({ job, instance: name, address: `127.0.0.1:${metricsPort}` });
    return { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' };
  };
  // The gateway balances over every instance; a service's calls to another service go to its
  // instances in turn, past one that refuses the connection (InternalClient).
  const serviceUrls = Object.fromEntries(SLICES.map((slice) => [`${slice.toUpperCase()}_SERVICE_URL`, urlsOf(instancePorts(slice))]));
  try {
    for (const slice of SLICES) {
      for (const [k, port] of instancePorts(slice).entries()) {
        const name = instances > 1 ? `${slice}-${k + 1}` : slice;
        group.spawn(
          name,
          process.execPath,
          [path.join(ROOT, 'services', slice, 'dist', 'server.js')],
          {
            ...output(name),
            env: {
              ...process.env,
              PORT: String(port),
              HOST: '127.0.0.1',
              MONGODB_URI: mongoUri,
              MONGODB_DB: `${databasePrefix}_${slice}`,
              LOG_LEVEL: logLevel,
              LOG_FORMAT: logFormat,
              PUBLIC_ORIGIN: gatewayEnv.PUBLIC_ORIGIN ?? process.env.PUBLIC_ORIGIN ?? `http://localhost:${gatewayPort}`,
              MAIL_DIR: mailDir,
              ...dataDirEnv,
              // Services call each other's internal APIs (the cart asks the catalog for prices).
              ...serviceUrls,
              ...(await metricsEnv(slice, name, port)),
              // Spans name their service (tracing is on when OTEL_EXPORTER_OTLP_ENDPOINT is set).
              OTEL_SERVICE_NAME: slice,
              ...serviceEnv,
            },
          },
          SERVICE_RESTART_POLICY,
        );
      }
    }
    await Promise.all(SLICES.flatMap((slice) => instancePorts(slice).map((port) => waitForOk(`http://127.0.0.1:${port}/readyz`))));
    info(`Services ready: ${SLICES.map((slice) => `${slice} :${instancePorts(slice).join('+')}`).join(', ')}`);

    const gatewayPorts = [gatewayPort, ...(options.extraGatewayPorts ?? [])];
    for (const [k, port] of gatewayPorts.entries()) {
      const name = k === 0 ? 'gateway' : `gateway-${k + 1}`;
      group.spawn(
        name,
        process.execPath,
        [path.join(ROOT, 'services', 'gateway', 'dist', 'server.js')],
        {
          ...output(name),
          env: {
            ...process.env,
            PORT: String(port),
            LOG_LEVEL: logLevel,
            LOG_FORMAT: logFormat,
            ...dataDirEnv,
            ...serviceUrls,
            ...(await metricsEnv('gateway', name, port)),
            OTEL_SERVICE_NAME: 'gateway',
            ...gatewayEnv,
          },
        },
        SERVICE_RESTART_POLICY,
      );
    }
    await Promise.all(gatewayPorts.map((port) => waitForOk(`http://127.0.0.1:${port}/readyz`)));
    if (edge) {
      const [command, args] = varnishdCommand(edge.port, edge.purgePort, gatewayPorts, edge.workDir);
      group.spawn('edge', command, args, output('edge'), SERVICE_RESTART_POLICY);
      await waitForOk(`http://127.0.0.1:${edge.port}/healthz`);
      info(
        `Shared cache (Varnish) on :${edge.port} in front of the gateway${gatewayPorts.length > 1 ? 's' : ''} :${gatewayPorts.join('+')}`,
      );
    }
  } catch (error) {
    await group.stopAll();
    throw error;
  }
  return {
    gatewayUrl: `http://localhost:${edge?.port ?? gatewayPort}`,
    gatewayUrls: [gatewayPort, ...(options.extraGatewayPorts ?? [])].map((port) => `http://localhost:${port}`),
    servicePorts,
    instanceUrl: (slice, k) => `http://127.0.0.1:${servicePorts[slice] + (k - 1) * INSTANCE_PORT_STEP}`,
    metricsTargets,
    edgeWorkDir: edge?.workDir ?? null,
    group,
    stop: () => group.stopAll(),
  };
}
