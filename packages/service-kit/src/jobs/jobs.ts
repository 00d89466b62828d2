import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from 'mongoose';
import { acquireLease, INSTANCE_ID, releaseLease } from './job-lease';
import { jobInterval, jobLastSuccess, jobRuns } from '../metrics/job-metrics';
import { SpanStatusCode, trace } from '@opentelemetry/api';

/** Spans of job runs (a root span each: a job has no request it belongs to); no-ops while tracing is off. */
const tracer = trace.getTracer('@shop/service-kit/jobs');

/** How long one migration lease lasts before it is renewed (ms); an instance that dies mid-migration blocks the others this long. */
export const MIGRATION_LEASE_MS = 30_000;
/** How often a waiting instance asks whether a migration lease is free (ms). */
const MIGRATION_POLL_MS = 250;
/** Longest `stop()` waits for running jobs before the app closes anyway (ms). */
const STOP_WAIT_MS = 5_000;
/** Share of a job's interval its lease lasts: short enough that the next tick (on any instance) can take it. */
const LEASE_SHARE = 0.9;

/** A periodic job. */
export interface JobOptions {
  /** Time between two runs (ms). */
  intervalMs: number;
  /**
   * Run on every instance (refreshing this process's own caches, e.g. the catalogue snapshot).
   * Default: once per interval across all instances of the service (a lease in its database).
   */
  perInstance?: boolean;
}

interface Job extends JobOptions {
  name: string;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/**
 * A service's start-up migrations and periodic jobs (each service wrote its own
 * `setInterval` sweeper and ran its backfills inline in `buildApp`). Every domain service has one
 * as `app.jobs` (createDomainService): migrations run before the app is ready, jobs start then and
 * stop when it closes.
 *
 * With several instances of a service (docs/operations.md 'Running more than one instance'):
 * - a migration runs under a lease, so instances run it one after another, never at once; each
 *   migration must be idempotent (it also runs on every start, so records a seed script wrote
 *   since are covered);
 * - a job runs at most once per interval across instances: each tick an instance tries to take
 *   the job's lease (LEASE_SHARE of the interval); the one that gets it runs the job. A job
 *   whose run outlasts its lease may meet a second run on another instance, so each job stays
 *   harmless when run twice (claims by compare-and-set, idempotent deliveries);
 * - `perInstance` jobs run on every instance (caches of this process).
 * Within one process a job never overlaps itself: a tick while the last run goes on is skipped.
 */
export class Jobs {
  private readonly migrations: Array<{ name: string; run: () => Promise<unknown> }> = [];
  private readonly jobs = new Map<string, Job>();
  private started = false;

  constructor(
    private readonly deps: {
      db: () => Connection;
      log: FastifyBaseLogger;
      /** This instance's name in leases (tests give two apps in one process different names). */
      instanceId?: string;
    },
  ) {}

  private get owner(): string {
    return this.deps.instanceId ?? INSTANCE_ID;
  }

  /** Registers an idempotent start-up migration; they run in the order registered. */
  migration(name: string, run: () => Promise<unknown>): void {
    if (this.started) throw new Error(`migration ${name} registered after start`);
    this.migrations.push({ name, run });
  }

  /** Registers a periodic job (started with the app). */
  every(name: string, options: JobOptions, run: () => Promise<unknown>): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} registered twice`);
    const job: Job = { name, ...options, run };
    this.jobs.set(name, job);
    // Counted from registration: a job that never succeeds alerts like one that stopped succeeding.
    jobInterval.set({ job_name: name }, options.intervalMs / 1000);
    jobLastSuccess.set({ job_name: name }, Date.now() / 1000);
    if (this.started) this.schedule(job);
  }

  /**
   * Runs every migration, each under its lease (waiting while another instance runs it).
   * @throws the first migration's error: the service must not start on a half-migrated database.
   */
  async runMigrations(): Promise<void> {
    for (const migration of this.migrations) {
      const lease = `migration:${migration.name}`;
      while (!(await acquireLease(this.deps.db(), lease, this.owner, MIGRATION_LEASE_MS)))
        await new Promise((resolve) => setTimeout(resolve, MIGRATION_POLL_MS));
      const renew = setInterval(() => {
        acquireLease(this.deps.db(), lease, this.owner, MIGRATION_LEASE_MS).catch(() => undefined);
      }, MIGRATION_LEASE_MS / 3);
      const started = Date.now();
      try {
        const result = await migration.run();
        this.deps.log.info({ migration: migration.name, result, ms: Date.now() - started }, 'migration done');
      } finally {
        clearInterval(renew);
        await releaseLease(this.deps.db(), lease, this.owner).catch(() => undefined);
      }
    }
  }

  /** Starts the timers of every job. */
  start(): void {
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  private schedule(job: Job): void {
    job.timer = setInterval(() => void this.tick(job.name), job.intervalMs);
    job.timer.unref();
  }

  /**
   * One tick of a job now: runs it unless it is running in this process or (shared jobs) another
   * instance holds its lease. Errors are logged, never thrown. @returns whether it ran.
   */
  async tick(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job ${name}`);
    if (job.running) return false;
    let ran = false;
    job.running = (async () => {
      try {
        if (!job.perInstance) {
          const leaseMs = Math.max(1, Math.floor(job.intervalMs * LEASE_SHARE));
          if (!(await acquireLease(this.deps.db(), `job:${name}`, this.owner, leaseMs))) return;
        }
        ran = true;
        const started = Date.now();
        // The job's database calls and calls to other services are children of this span.
        await tracer.startActiveSpan(`job ${name}`, { root: true, attributes: { 'shop.job.name': name } }, async (span) => {
          try {
            await job.run();
          } catch (error) {
            span.recordException(error as Error);
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        });
        jobRuns.inc({ job_name: name, outcome: 'succeeded' });
        jobLastSuccess.set({ job_name: name }, Date.now() / 1000);
        this.deps.log.debug({ job: name, ms: Date.now() - started }, 'job done');
      } catch (error) {
        jobRuns.inc({ job_name: name, outcome: 'failed' });
        this.deps.log.error({ err: error, job: name }, 'job failed; it runs again on its next tick');
      }
    })();
    try {
      await job.running;
    } finally {
      job.running = undefined;
    }
    return ran;
  }

  /** Stops every timer and waits (up to STOP_WAIT_MS) for runs going on. */
  async stop(): Promise<void> {
    this.started = false;
    const running: Array<Promise<void>> = [];
    for (const job of this.jobs.values()) {
      clearInterval(job.timer);
      if (job.running) running.push(job.running);
    }
    if (!running.length) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(running),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timeout);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's migrations and periodic jobs (createDomainService). */
    jobs: Jobs;
  }
}
