/**
 * Shared pieces of the benchmark scripts (`npm run bench:*`): options, a throwaway seeded shop on
 * free ports, and autocannon measurements reduced to the figures the docs record.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { step } from './log';
import { provideDatabase } from './database';
import { buildAll, seedAll, startStack, type RunningStack } from './stack';
import { findFreePort } from '../../packages/local-mongo/src';

/** `--name N` from the command line, else the fallback. */
export const numberArg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};

export interface Figures {
  rps: number;
  /** Mean latency in ms (fractional; autocannon's percentiles are whole ms). */
  mean: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Reduces an autocannon result to the recorded figures (non-2xx answers count as errors). */
export function figuresOf(result: autocannon.Result): Figures {
  return {
    rps: result.requests.average,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * `--observed`: the shop as an operator runs it: tracing on (every span exported over OTLP/HTTP
 * to a receiver here that accepts and drops them, as Jaeger's intake would) and every process's
 * /metrics scraped each second, as Prometheus would. Without it: no tracing, no scraping (the
 * metrics are recorded in both).
 */
async function observedShop(): Promise<{ env: Record<string, string>; scrape(stack: RunningStack): () => void; close(): void }> {
  const sink = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  sink.listen(0, '127.0.0.1');
  await new Promise((resolve) => sink.once('listening', resolve));
  return {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}` },
    scrape(stack) {
      const timer = setInterval(() => {
        for (const target of stack.metricsTargets)
          void fetch(`http://${target.address}/metrics`).then(
            (response) => response.text(),
            () => '',
          );
      }, 1000);
      return () => clearInterval(timer);
    },
    close: () => sink.close(),
  };
}

/**
 * Builds (unless --no-build), starts a throwaway database and a seeded shop with a rate limit out
 * of the way (after `prepare`, when given), runs `body` with the gateway URL, the stack and the folder the e-mails go to, and
 * always cleans up.
 */
export async function withBenchShop(
  body: (gatewayUrl: string, stack: RunningStack, files: { mailDir: string; pidDir: string }) => Promise<void>,
  /** Runs after the seed and before the shop starts (extra data, staff accounts). */
  prepare?: (database: { mongoUri: string; databasePrefix: string }) => Promise<void>,
  /**
   * Instances of each service (default SHOP_INSTANCES, else 1), extra service environment, and the
   * shared cache in front (`edge`: `stack.gatewayUrl` is then the cache's address, the first
   * argument still the gateway's own).
   */
  options: { instances?: number; serviceEnv?: Record<string, string>; edge?: boolean } = {},
): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    step('Building');
    await buildAll();
  }
  step('Starting a throwaway seeded shop');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-bench-db-'));
  const database = await provideDatabase({ port: await findFreePort(), dataDir });
  const databasePrefix = `bench${Date.now()}`;
  await seedAll(database.uri, databasePrefix);
  await prepare?.({ mongoUri: database.uri, databasePrefix });
  const gatewayPort = await findFreePort();
  const observed = process.argv.includes('--observed') ? await observedShop() : null;
  if (observed) step('Observed: tracing exported over OTLP, every /metrics scraped each second');
  const stack = await startStack({
    mongoUri: database.uri,
    gatewayPort,
    servicePortOffset: 2000,
    databasePrefix,
    mailDir: path.join(dataDir, 'mail'),
    pidDir: path.join(dataDir, 'run'),
    instances: options.instances,
    metrics: Boolean(observed),
    ...(options.edge ? { edge: { port: await findFreePort(), purgePort: await findFreePort(), workDir: path.join(dataDir, 'edge') } } : {}),
    gatewayEnv: { RATE_LIMIT_MAX: '100000000', PUBLIC_ORIGIN: `http://localhost:${gatewayPort}`, ...observed?.env },
    // 300 orders from one IP and the demo buyer's address: the order limits would refuse them.
    serviceEnv: { ORDER_LIMIT_PER_EMAIL: '100000000', ORDER_LIMIT_PER_IP: '100000000', ...observed?.env, ...options.serviceEnv },
  });
  const stopScraping = observed?.scrape(stack);
  try {
    await body(`http://127.0.0.1:${gatewayPort}`, stack, { mailDir: path.join(dataDir, 'mail'), pidDir: path.join(dataDir, 'run') });
  } finally {
    stopScraping?.();
    observed?.close();
    await stack.stop();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs a script's main and exits with 1 and the message on failure. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
