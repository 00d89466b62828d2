import { shopCounter, shopGauge } from './registry';

/** `shop_job_runs_total{job_name, outcome}`: runs of a periodic job by this process, `succeeded` or `failed`. */
export const jobRuns = shopCounter({
  name: 'shop_job_runs_total',
  help: 'Runs of a periodic job in this process, by outcome (succeeded, failed).',
  labelNames: ['job_name', 'outcome'] as const,
});

/**
 * `shop_job_last_success_timestamp_seconds{job_name}`: when this process last finished the job
 * without error (Unix time). A shared job runs on one instance per tick (its lease), so the
 * alert 'job not running' takes the newest across instances and compares it with
 * `shop_job_interval_seconds`.
 */
export const jobLastSuccess = shopGauge({
  name: 'shop_job_last_success_timestamp_seconds',
  help: 'Unix time of the last run of a periodic job that succeeded in this process.',
  labelNames: ['job_name'] as const,
});

/** `shop_job_interval_seconds{job_name}`: how often the job is meant to run. */
export const jobInterval = shopGauge({
  name: 'shop_job_interval_seconds',
  help: 'How often a periodic job is meant to run (s).',
  labelNames: ['job_name'] as const,
});
