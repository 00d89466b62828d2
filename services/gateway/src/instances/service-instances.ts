import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceName } from '../proxy/routing-table';
import { instanceNotReady } from './readiness';

/** How long one instance's /readyz may take before it counts as failing (ms). */
const CHECK_TIMEOUT_MS = 1000;

/** Every address a host name has now (docker compose: one per replica of the service). */
export type ResolveAll = (hostname: string) => Promise<string[]>;

const resolveAllByDns: ResolveAll = async (hostname) => (await lookup(hostname, { all: true })).map((entry) => entry.address);

/**
 * The origins behind the configured ones: a URL whose host is a name becomes one origin per
 * address the name has now (the replicas); an IP address or 'localhost' stays as it is. A name
 * that cannot be resolved keeps the origins it had (`previous`), so a DNS hiccup takes nothing out.
 */
async function discover(configured: readonly string[], resolve: ResolveAll, previous: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    configured.map(async (origin) => {
      const url = new URL(origin);
      if (isIP(url.hostname.replace(/^\[|\]$/g, '')) || url.hostname === 'localhost') return [origin];
      try {
        const addresses = await resolve(url.hostname);
        return addresses.map((address) => {
          const replica = new URL(origin);
          replica.hostname = isIP(address) === 6 ? `[${address}]` : address;
          return replica.origin;
        });
      } catch {
        return previous.filter((known) => !configured.includes(known));
      }
    }),
  );
  const origins = [...new Set(found.flat())];
  return origins.length ? origins : [...previous];
}

/**
 * The running instances of one service behind the gateway ('two of everything').
 *
 * - Which instances: the configured origins (`<SLICE>_SERVICE_URL`, comma-separated), or with
 *   `discovery: 'dns'` (SERVICE_DISCOVERY=dns, docker compose with `deploy.replicas`) every
 *   address the configured host name has, looked up again on each check: a replica that starts
 *   joins, one that is gone leaves.
 *
 * - `dispatcher`: for the API proxy, an undici `Agent` (a connection pool per instance) composed
 *   with an interceptor that sends each request, and each repeat of one, to the next ready
 *   instance in turn. (undici's `BalancedPool` was used first: an upstream it removes stays
 *   selectable while its pool closes, so requests during a rolling restart met 'The client is
 *   closed' again and again, found by the faults project.)
 * - Every `checkMs` each instance's `/readyz` is asked. An instance that fails it (not ready,
 *   draining on SIGTERM, refusing connections) is taken out of the pool and put back once it
 *   answers 200 again. If every instance fails, all stay in: requests then get the proxy's 503
 *   instead of a pool with nothing to choose.
 * - `origin()`: one ready instance's origin, in turn, for the gateway's own calls (page heads,
 *   server-render prefetch, sessions).
 *
 * State is per gateway process: each gateway instance checks for itself (a few GETs per second).
 */
export class ServiceInstances {
  readonly dispatcher: Dispatcher;
  private readonly agent: Agent;
  private readonly ready: Set<string>;
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The instances' origins now (the configured ones, or what their names resolve to). */
  origins: readonly string[];

  constructor(
    readonly service: ServiceName,
    /** Origins of the instances, e.g. ['http://127.0.0.1:4101', 'http://127.0.0.1:4111'] or ['http://catalog:4101']. */
    private readonly configured: readonly string[],
    private readonly options: {
      checkMs: number;
      log: FastifyBaseLogger;
      /** 'dns': each host name stands for all its addresses (the replicas). Default 'static'. */
      discovery?: 'static' | 'dns';
      /** Name lookup for 'dns' (tests give their own). */
      resolveAll?: ResolveAll;
    },
  ) {
    if (!configured.length) throw new Error(`${service}: no instance URL`);
    this.origins = [...configured];
    // The per-upstream settings @fastify/reply-from uses for its own pools.
    this.agent = new Agent({ connections: 128, pipelining: 1 });
    this.dispatcher = this.agent.compose((dispatch) => (options, handler) => dispatch({ ...options, origin: this.origin() }, handler));
    this.ready = new Set(configured);
  }

  /** Looks the replicas up again (discovery 'dns'): new ones join the pool, gone ones leave it. */
  private async rediscover(): Promise<void> {
    if (this.options.discovery !== 'dns') return;
    const now = await discover(this.configured, this.options.resolveAll ?? resolveAllByDns, this.origins);
    for (const origin of now.filter((candidate) => !this.origins.includes(candidate))) {
      this.ready.add(origin);
      this.options.log.info({ upstream: this.service, instance: origin }, `instance of ${this.service} found`);
    }
    for (const origin of this.origins.filter((known) => !now.includes(known))) {
      this.ready.delete(origin);
      this.options.log.info({ upstream: this.service, instance: origin }, `instance of ${this.service} gone`);
    }
    this.origins = now;
  }

  /** Origins currently taking requests. */
  readyOrigins(): string[] {
    return this.origins.filter((origin) => this.ready.has(origin));
  }

  /**
   * The origin of the instance a connection error came from (undici gives the address of a
   * refused connect, and the socket of a dropped one), if it is one of these instances.
   */
  originOf(error: unknown): string | null {
    const { address, port, socket } = (error ?? {}) as {
      address?: string;
      port?: number;
      socket?: { remoteAddress?: string; remotePort?: number };
    };
    const host = address ?? socket?.remoteAddress;
    const hostPort = port ?? socket?.remotePort;
    if (!host || !hostPort) return null;
    return (
      this.origins.find(
        (origin) => new URL(origin).port === String(hostPort) && [host, `[${host}]`, 'localhost'].includes(new URL(origin).hostname),
      ) ?? null
    );
  }

  /** One ready instance's origin, in turn (all instances when none is ready). */
  origin(): string {
    const candidates = this.ready.size ? this.readyOrigins() : [...this.origins];
    this.next = (this.next + 1) % candidates.length;
    return candidates[this.next]!;
  }

  /** Finds the instances (discovery 'dns'), asks every instance's /readyz once and updates the pool. */
  async check(): Promise<void> {
    await this.rediscover();
    const results = await Promise.all(
      this.origins.map(async (origin) => {
        const reason = await instanceNotReady(origin, CHECK_TIMEOUT_MS);
        return { origin, ok: reason === null, reason: reason ?? '' };
      }),
    );
    const failing = results.filter((result) => !result.ok);
    // Never take the last instances out: with nothing to choose the pool could not even report.
    const takeOut = failing.length === this.origins.length ? [] : failing;
    // Back first, then out: `takeOut` keeps the last ready instance in.
    for (const { origin } of results) {
      if (!this.ready.has(origin) && !failing.some((result) => result.origin === origin)) {
        this.ready.add(origin);
        this.options.log.info({ upstream: this.service, instance: origin }, `instance of ${this.service} back in balancing`);
      }
    }
    for (const { origin, reason } of takeOut) this.takeOut(origin, reason);
  }

  /**
   * Takes the instance at `origin` out of balancing at once (it refused a connection or dropped
   * one); the next readiness check that it passes puts it back. The last ready instance stays in.
   */
  takeOut(origin: string, reason: string): void {
    if (!this.ready.has(origin) || this.ready.size < 2) return;
    this.ready.delete(origin);
    this.options.log.warn({ upstream: this.service, instance: origin, reason }, `instance of ${this.service} taken out of balancing`);
  }

  /** Checks every `checkMs` until `close`; a single configured instance needs no checks. */
  start(): void {
    if ((this.origins.length < 2 && this.options.discovery !== 'dns') || this.timer) return;
    const tick = () => {
      void this.check().finally(() => {
        if (this.timer) this.timer = setTimeout(tick, this.options.checkMs).unref();
      });
    };
    this.timer = setTimeout(tick, this.options.checkMs).unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.agent.close();
  }
}
