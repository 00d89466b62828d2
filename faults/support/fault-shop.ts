/**
 * A whole shop for the fault tests: its own local database (which a test may stop
 * and start again), the demo catalogue, a staff account, and two instances of every service
 * behind the gateway, started from the builds (`npm test` builds first). Faults are injected by
 * signalling processes: SIGKILL (crash), SIGTERM (rolling restart), SIGSTOP/SIGCONT (a service
 * that stops answering). Every process is restarted by its supervisor as `npm start` does.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { findFreePort, startFerretDb, type LocalMongo } from '../../packages/local-mongo/src';
import { createStaffAccount, seedAll, startStack, type RunningStack } from '../../scripts/lib/stack';
import { waitForOk } from '../../scripts/lib/run';
import { ROOT } from '../../scripts/lib/paths';
import { SLICES, type Slice } from '../../scripts/lib/paths';

/** Ports of the fault shop's services: the defaults plus this, so it runs beside `npm start` and the e2e shop. */
const PORT_OFFSET = 3000;
/** How often the gateway asks each instance's /readyz here (ms): the production default. */
export const INSTANCE_CHECK_MS = 1000;
/** A pending order's placement lease here (ms): short, so a retry after a crash need not wait 15 s. */
export const PLACING_LEASE_MS = 2000;

export const STAFF = { email: 'leitung@faults.example.de', password: 'Faults-Leitung 2026 sicher!', firstName: 'Frieda' };
/** An admin, created with the real `create-admin` command as an operator does after a first start. */
export const ADMIN = { email: 'inhaber@faults.example.de', password: 'Faults-Inhaber 2026 sicher!', firstName: 'Anton' };

export interface FaultShop {
  /** The first gateway's own address (never through the shared cache). */
  gatewayUrl: string;
  /** The shared cache in front of the gateways (started with `edge: true`), else null. */
  edgeUrl: string | null;
  /** Every gateway instance (two when started with `gateways: 2`). */
  gatewayUrls: string[];
  /** The remote store the gateways read (RELEASES_DIR), empty before the start. */
  releasesDir: string;
  /** The current pid of a process of the shop ('gateway', 'gateway-2', 'cart-1', …). */
  pidOf(name: string): Promise<number>;
  mongoUri: string;
  databasePrefix: string;
  mailDir: string;
  /** The processes' data folder (SHOP_DATA_DIR), empty before the start. */
  shopDataDir: string;
  stack: RunningStack;
  /** The URL of instance `k` (1 or 2) of a service. */
  instanceUrl(slice: Slice, k: 1 | 2): string;
  /** Sends a signal to instance `k` of a service. */
  signal(slice: Slice, k: 1 | 2, signal: NodeJS.Signals): void;
  /** Waits until instance `k` answers its /readyz with 200 (restarted after a kill). */
  waitReady(slice: Slice, k: 1 | 2, timeoutMs?: number): Promise<void>;
  /** Stops the database (the services see it go away). */
  stopDatabase(): Promise<void>;
  /** Starts the database again on the same port and data. */
  startDatabase(): Promise<void>;
  /**
   * The whole shop as a test expects to find it: the database running, every instance of every
   * service going on (continued if stopped) and ready, and the gateway routing to it again.
   */
  allReady(): Promise<void>;
  /** A client of the shop's databases (direct checks of orders and stock). */
  db(slice: Slice): ReturnType<MongoClient['db']>;
  /** File names of the e-mails written so far. */
  mails(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startFaultShop(
  options: {
    gateways?: 1 | 2;
    /**
     * Tracing to `otlpEndpoint` (batched every 200 ms), every process's /metrics on its port +
     * 10000, logs at info into `logDir/<process>.log`.
     */
    observability?: { otlpEndpoint: string; logDir: string };
    /** The shared cache (Varnish) in front of the gateways, purged by the services and gateways. */
    edge?: boolean;
  } = {},
): Promise<FaultShop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-faults-'));
  const databaseDir = path.join(dataDir, 'db');
  const databasePort = await findFreePort();
  const startDatabase = () => startFerretDb({ projectRoot: ROOT, port: databasePort, dataDir: databaseDir });
  let database: LocalMongo | null = await startDatabase();
  const mongoUri = database.uri;
  const databasePrefix = `faults${Date.now()}`;
  await seedAll(mongoUri, databasePrefix);
  await createStaffAccount(mongoUri, databasePrefix, { ...STAFF, role: 'manager' });
  await createStaffAccount(mongoUri, databasePrefix, { ...ADMIN, role: 'admin' });
  const gatewayPort = await findFreePort();
  const extraGatewayPorts = options.gateways === 2 ? [await findFreePort()] : [];
  const edgePort = options.edge ? await findFreePort() : null;
  const mailDir = path.join(dataDir, 'mail');
  const releasesDir = path.join(dataDir, 'releases');
  const pidDir = path.join(dataDir, 'run');
  const tracingEnv: Record<string, string> = options.observability
    ? { OTEL_EXPORTER_OTLP_ENDPOINT: options.observability.otlpEndpoint, OTEL_BSP_SCHEDULE_DELAY: '200' }
    : {};
  const stack = await startStack({
    mongoUri,
    gatewayPort,
    servicePortOffset: PORT_OFFSET,
    databasePrefix,
    mailDir,
    pidDir,
    // An empty data folder, as on a fresh clone's first `npm start`: every process creates or
    // reads the development secrets at the same moment.
    dataDir: path.join(dataDir, 'shop'),
    instances: 2,
    extraGatewayPorts,
    ...(edgePort ? { edge: { port: edgePort, purgePort: await findFreePort(), workDir: path.join(dataDir, 'edge') } } : {}),
    ...(options.observability ? { metrics: true, logDir: options.observability.logDir, logLevel: 'info' } : {}),
    gatewayEnv: {
      ...tracingEnv,
      PUBLIC_ORIGIN: `http://localhost:${gatewayPort}`,
      // Shoppers behind the shared cache write from its address.
      ...(edgePort ? { EXTRA_ALLOWED_ORIGINS: `http://localhost:${edgePort}` } : {}),
      RELEASES_DIR: releasesDir,
      RATE_LIMIT_MAX: '100000000',
      INSTANCE_CHECK_MS: String(INSTANCE_CHECK_MS),
    },
    serviceEnv: {
      ...tracingEnv,
      ORDER_LIMIT_PER_EMAIL: '100000',
      ORDER_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
      FAULT_INJECTION: 'on',
      ORDER_PLACING_LEASE_MS: String(PLACING_LEASE_MS),
    },
  });
  const client = await MongoClient.connect(mongoUri, { serverSelectionTimeoutMS: 15_000 });
  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    edgeUrl: edgePort ? `http://127.0.0.1:${edgePort}` : null,
    gatewayUrls: [gatewayPort, ...extraGatewayPorts].map((port) => `http://127.0.0.1:${port}`),
    releasesDir,
    pidOf: async (name) => Number(await readFile(path.join(pidDir, `${name}.pid`), 'utf8')),
    mongoUri,
    databasePrefix,
    mailDir,
    shopDataDir: path.join(dataDir, 'shop'),
    stack,
    instanceUrl: (slice, k) => stack.instanceUrl(slice, k),
    signal: (slice, k, signal) => stack.group.signal(`${slice}-${k}`, signal),
    waitReady: (slice, k, timeoutMs = 30_000) => waitForOk(`${stack.instanceUrl(slice, k)}/readyz`, timeoutMs),
    async stopDatabase() {
      await database?.stop();
      database = null;
    },
    async startDatabase() {
      database = await startDatabase();
    },
    async allReady() {
      database ??= await startDatabase();
      const instances = SLICES.flatMap((slice) => ([1, 2] as const).map((k) => ({ slice, k })));
      for (const { slice, k } of instances) {
        try {
          stack.group.signal(`${slice}-${k}`, 'SIGCONT');
        } catch {
          // Between a kill and its restart there is no process to continue: the restart is waited for below.
        }
      }
      await Promise.all(instances.map(({ slice, k }) => waitForOk(`${stack.instanceUrl(slice, k)}/readyz`, 60_000)));
      // The gateway checks its instances every INSTANCE_CHECK_MS: then it routes to all again.
      await sleep(2 * INSTANCE_CHECK_MS);
    },
    db: (slice) => client.db(`${databasePrefix}_${slice}`),
    mails: async () => readdir(mailDir).catch(() => []),
    async stop() {
      await client.close();
      await stack.stop();
      await database?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A shopper's HTTP client with a cookie jar, talking to the gateway or to one instance directly. */
export function shopper(baseUrl: string) {
  const jar = new Map<string, string>();
  const origin = baseUrl.replace('127.0.0.1', 'localhost');
  const request = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    base = baseUrl,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many endpoints; each test reads the fields it checks
  ): Promise<{ status: number; body: any; ms: number }> => {
    const started = Date.now();
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const entry of response.headers.getSetCookie()) {
      const [pair] = entry.split(';');
      const index = pair!.indexOf('=');
      const value = pair!.slice(index + 1);
      if (value) jar.set(pair!.slice(0, index), value);
      else jar.delete(pair!.slice(0, index));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, ms: Date.now() - started };
  };
  return { request, jar };
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
