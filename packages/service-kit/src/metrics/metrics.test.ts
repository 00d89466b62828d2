import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDomainService } from '../domain-service';
import { loadConfig, serviceEnvSchema } from '../config';
import type { ServiceApp } from '../create-service-app';
import { startMetricsServer } from './metrics-server';
import { createMailer } from '../mail/mailer';

/** One sample's value in Prometheus' text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('Prometheus metrics of a service process', () => {
  let app: ServiceApp;
  let metricsServer: Server;
  let metricsUrl: string;
  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    const config = loadConfig(serviceEnvSchema('metricskit', 4999), {
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: `test_metrics_${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
    });
    app = await createDomainService(config, { service: 'metricskit', description: 'test' });
    app.get('/api/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    app.jobs.every('test-sweep', { intervalMs: 60_000, perInstance: true }, async () => undefined);
    app.jobs.every('test-broken', { intervalMs: 60_000, perInstance: true }, async () => {
      throw new Error('broken on purpose');
    });
    await app.ready();
    metricsServer = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
  });

  afterAll(async () => {
    metricsServer.close();
    await app.db.dropDatabase();
    await app.close();
  });

  test('requests are measured by route pattern and status in http_server_request_duration_seconds', async () => {
    const before = sample(await scrape(), 'http_server_request_duration_seconds_count', { http_route: '/api/things/:id' }) ?? 0;
    for (const id of ['a', 'b', 'c']) expect((await app.inject({ method: 'GET', url: `/api/things/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    const text = await scrape();
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        http_request_method: 'GET',
        http_route: '/api/things/:id',
        http_response_status_code: '200',
      }),
    ).toBe(before + 3);
    expect(
      sample(text, 'http_server_request_duration_seconds_count', { http_route: 'unmatched', http_response_status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // The path with its id is never a label value: the series stay few.
    expect(text).not.toContain('/api/things/a');
    expect(sample(text, 'http_server_request_duration_seconds_bucket', { http_route: '/api/things/:id', le: '+Inf' })).toBe(before + 3);
  });

  test('the Node runtime, the database pool and its reachability are there', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const text = await scrape();
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes'])
      expect(sample(text, name, { service: 'metricskit' })).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(sample(text, 'shop_database_up')).toBe(1);
    const pool = app.db.name;
    expect(
      sample(text, 'db_client_connection_count', { db_client_connection_state: 'idle', db_client_connection_pool_name: pool }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_client_connection_pending_requests', { db_client_connection_pool_name: pool })).toBe(0);
  });

  test('jobs: runs by outcome, the last success and the interval', async () => {
    const registeredAt = Date.now() / 1000;
    await app.jobs.tick('test-sweep');
    await app.jobs.tick('test-broken');
    const text = await scrape();
    expect(sample(text, 'shop_job_runs_total', { job_name: 'test-sweep', outcome: 'succeeded' })).toBe(1);
    expect(sample(text, 'shop_job_runs_total', { job_name: 'test-broken', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'shop_job_interval_seconds', { job_name: 'test-sweep' })).toBe(60);
    expect(sample(text, 'shop_job_last_success_timestamp_seconds', { job_name: 'test-sweep' })).toBeGreaterThanOrEqual(registeredAt - 1);
    // A job that never succeeded keeps the time it was registered, so 'job not running' fires after three intervals.
    expect(sample(text, 'shop_job_last_success_timestamp_seconds', { job_name: 'test-broken' })).toBeLessThanOrEqual(registeredAt);
  });

  test('e-mails sent and failed', async () => {
    const before = await scrape();
    const sentBefore = sample(before, 'shop_emails_total', { outcome: 'sent' }) ?? 0;
    const failedBefore = sample(before, 'shop_emails_total', { outcome: 'failed' }) ?? 0;
    const mail = { to: 'kunde@example.de', subject: 'Test', text: 'Hallo', html: '<p>Hallo</p>', fileStem: `metrics-${randomUUID()}` };
    const filed = createMailer({
      from: 'shop@example.de',
      mailDir: `${process.env.TMPDIR ?? '/tmp'}/metrics-mail-${randomUUID()}`,
      log: app.log,
    });
    await filed.send(mail);
    // Nothing listens on port 9 (discard): the SMTP connection is refused.
    const refused = createMailer({ from: 'shop@example.de', smtpUrl: 'smtp://127.0.0.1:9', mailDir: '/nonexistent', log: app.log });
    await expect(refused.send(mail)).rejects.toThrow();
    const after = await scrape();
    expect(sample(after, 'shop_emails_total', { outcome: 'sent' })).toBe(sentBefore + 1);
    expect(sample(after, 'shop_emails_total', { outcome: 'failed' })).toBe(failedBefore + 1);
  });

  test('the metrics address answers nothing but GET /metrics', async () => {
    const base = metricsUrl.replace('/metrics', '');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/things/a`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});
