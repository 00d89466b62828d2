/**
 * The alert rules (observability/prometheus/alerts.yml) are valid and behave as their unit tests
 * say (promtool from Debian's `prometheus` package, installed by .ci/run): e.g. killing every
 * instance of one service fires ServiceNoReadyInstance for it alone. The Prometheus configuration
 * of docker-compose.yml is checked too.
 */
import { execFile } from 'node:child_process';
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

test('promtool check rules: the alert rules are valid', async () => {
  expect(await promtool('check', 'rules', 'alerts.yml')).toContain('SUCCESS: 8 rules found');
});

test('promtool test rules: each alert fires when it should and stays quiet otherwise', async () => {
  expect(await promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
});

test("promtool check config: docker-compose's Prometheus configuration", async () => {
  expect(await promtool('check', 'config', 'prometheus.yml')).toContain('SUCCESS');
});
