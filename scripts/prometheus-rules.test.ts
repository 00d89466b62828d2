/**
 * The alert rules (observability/prometheus/alerts.yml) are valid and behave as their unit tests
 * say (promtool from Debian's `prometheus` package, installed by .ci/run): e.g. killing every
 * instance of one service fires ServiceNoReadyInstance for it alone. The Prometheus configuration
 * of docker-compose.yml is checked too, and so is every query of the Grafana dashboard.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './lib/paths';

const run = promisify(execFile);
const DIR = path.join(ROOT, 'observability', 'prometheus');

async function promtool(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run('promtool', args, { cwd: DIR });
    return stdout + stderr;
  } catch (error) {
    const failure = error as { code?: string | number; stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('promtool is missing: apt-get install prometheus (Debian), as .ci/run does');
    throw new Error(`promtool ${args.join(' ')} failed:\n${failure.stdout ?? ''}${failure.stderr ?? ''}`);
  }
}

test('promtool check rules: the alert rules are valid, every one of them', async () => {
  // As many as the file defines: promtool counts the rules it could read.
  const defined = (await readFile(path.join(DIR, 'alerts.yml'), 'utf8')).match(/^\s*- alert:/gm)?.length ?? 0;
  expect(defined).toBeGreaterThan(0);
  expect(await promtool('check', 'rules', 'alerts.yml')).toContain(`SUCCESS: ${defined} rules found`);
});

test('promtool test rules: each alert fires when it should and stays quiet otherwise', async () => {
  expect(await promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
});

test("promtool check config: docker-compose's Prometheus configuration", async () => {
  expect(await promtool('check', 'config', 'prometheus.yml')).toContain('SUCCESS');
});

/** The metrics the processes serve (docs/operations.md 'Metrics'), as the dashboard may name them. */
const KNOWN_METRICS = [
  'up',
  'http_server_request_duration_seconds_count',
  'http_server_request_duration_seconds_bucket',
  'nodejs_eventloop_lag_p99_seconds',
  'db_client_connection_count',
  'db_client_connection_pending_requests',
  'shop_orders_placed_total',
  'shop_order_failures_total',
  'shop_cart_adds_total',
  'shop_stock_outs_total',
  'shop_promo_rejections_total',
  'shop_age_check_refusals_total',
  'shop_emails_total',
  'shop_ssr_renders_total',
  'shop_ssr_client_fallbacks_total',
  'shop_job_runs_total',
  'shop_job_last_success_timestamp_seconds',
];

test('the Grafana dashboard: every panel query is valid PromQL and names only metrics the shop serves', async () => {
  const dashboard = JSON.parse(await readFile(path.join(ROOT, 'observability', 'grafana', 'dashboards', 'shop.json'), 'utf8')) as {
    panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
  };
  const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));
  expect(queries.length).toBeGreaterThan(15);
  // Grafana's variables, as Prometheus would see them after Grafana replaced them.
  const asPrometheus = (expr: string) =>
    expr.replaceAll('$__rate_interval', '1m').replaceAll('$__range', '1h').replaceAll('$service', 'gateway|cart');
  const named = new Set(queries.flatMap(({ expr }) => [...asPrometheus(expr).matchAll(/\b([a-z_]+)(?=\{|\[)/g)].map((match) => match[1]!)));
  expect([...named].filter((name) => !KNOWN_METRICS.includes(name))).toEqual([]);
  // Each query as a recording rule: promtool parses it as Prometheus would.
  const dir = await mkdtemp(path.join(tmpdir(), 'dashboard-queries-'));
  const file = path.join(dir, 'queries.yml');
  const rules = queries.map(
    ({ expr }, index) => `      - record: dashboard:query_${index}\n        expr: ${JSON.stringify(asPrometheus(expr))}`,
  );
  await writeFile(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
  expect(await promtool('check', 'rules', file)).toContain(`SUCCESS: ${queries.length} rules found`);
});
