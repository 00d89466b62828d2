import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrometheus } from './debian-tools';
import type { MetricsTarget } from './stack';
import { ROOT } from './paths';

/** The alert rules Prometheus evaluates (docs/operations.md 'Alerts'). */
export const ALERT_RULES = path.join(ROOT, 'observability', 'prometheus', 'alerts.yml');

export interface RunningPrometheus {
  /** Its web UI and HTTP API, e.g. http://127.0.0.1:9090. */
  url: string;
  /** Runs an instant PromQL query. @returns the result vector (labels and value). */
  query(promql: string): Promise<Array<{ metric: Record<string, string>; value: number }>>;
  /** The scrape targets and whether each is up. */
  targets(): Promise<Array<{ job: string; instance: string; health: string }>>;
  stop(): Promise<void>;
}

/**
 * The Prometheus configuration for the local processes: one job per service, each process a
 * target named after it. Written as JSON, which is YAML too.
 */
export function localPrometheusConfig(targets: MetricsTarget[], scrapeIntervalS: number): string {
  const jobs = [...new Set(targets.map((target) => target.job))];
  const config = {
    global: { scrape_interval: `${scrapeIntervalS}s`, evaluation_interval: `${scrapeIntervalS}s` },
    rule_files: [ALERT_RULES],
    scrape_configs: jobs.map((job) => ({
      job_name: job,
      static_configs: targets
        .filter((target) => target.job === job)
        .map((target) => ({ targets: [target.address], labels: { instance: target.instance } })),
    })),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * Starts Debian's Prometheus (installed when missing and root) scraping `targets` every
 * `scrapeIntervalS`, with the shop's alert rules, its data in `dataDir`, listening on
 * 127.0.0.1:`port`. Resolves once it is ready.
 */
export async function startPrometheus(options: {
  targets: MetricsTarget[];
  port: number;
  dataDir: string;
  scrapeIntervalS?: number;
  /** Where its output goes (default: this terminal). */
  logFile?: string;
}): Promise<RunningPrometheus> {
  const { prometheus } = await ensurePrometheus();
  await mkdir(options.dataDir, { recursive: true });
  const configFile = path.join(options.dataDir, 'prometheus.yml');
  await writeFile(configFile, localPrometheusConfig(options.targets, options.scrapeIntervalS ?? 5));
  const out = options.logFile ? openSync(options.logFile, 'a') : 'inherit';
  const child: ChildProcess = spawn(
    prometheus,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(options.dataDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${options.port}`,
      '--web.enable-lifecycle',
    ],
    { stdio: ['ignore', out, out] },
  );
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('prometheus did not get ready within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const response = await fetch(`${url}${pathAndQuery}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`prometheus ${pathAndQuery}: ${body.error ?? response.status}`);
    return body.data;
  };
  return {
    url,
    async query(promql) {
      const data = await api<{ result: Array<{ metric: Record<string, string>; value: [number, string] }> }>(
        `/api/v1/query?query=${encodeURIComponent(promql)}`,
      );
      return data.result.map((entry) => ({ metric: entry.metric, value: Number(entry.value[1]) }));
    },
    async targets() {
      const data = await api<{ activeTargets: Array<{ labels: Record<string, string>; health: string }> }>('/api/v1/targets');
      return data.activeTargets.map((target) => ({ job: target.labels.job!, instance: target.labels.instance!, health: target.health }));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
