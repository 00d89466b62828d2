/**
 * `npm test`: every test. Installs Chromium when missing (Debian package, as root), builds,
 * starts one local database (unless MONGODB_URI is set), runs jest (unit and service tests),
 * then starts the whole shop on test ports and runs the Playwright journeys against it.
 * Flags: --unit-only, --e2e-only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { step, info } from './lib/log';
import { provideDatabase } from './lib/database';
import { buildAll, startStack } from './lib/stack';
import { runForExitCode } from './lib/run';
import { ROOT } from './lib/paths';
import { ensureChromium } from './lib/chromium';
import { findFreePort } from '../packages/local-mongo/src';

async function main() {
  const unitOnly = process.argv.includes('--unit-only');
  const e2eOnly = process.argv.includes('--e2e-only');
  const chromium = unitOnly ? null : await ensureChromium();

  step('Building');
  await buildAll();

  step('Starting a throwaway database');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-test-db-'));
  const database = await provideDatabase({ port: await findFreePort(), dataDir });
  let failed = false;
  try {
    if (!e2eOnly) {
      step('jest: unit and service tests');
      const code = await runForExitCode(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci'], {
        env: { ...process.env, MONGODB_URI: database.uri },
      });
      failed ||= code !== 0;
    }
    if (!unitOnly && chromium) {
      step('Playwright: shopper journeys through the gateway');
      const gatewayPort = await findFreePort();
      const stack = await startStack({
        mongoUri: database.uri,
        gatewayPort,
        servicePortOffset: 1000,
        databasePrefix: `e2e${Date.now()}`,
        gatewayEnv: { PUBLIC_ORIGIN: `http://localhost:${gatewayPort}` },
      });
      try {
        const code = await runForExitCode(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e'], {
          env: { ...process.env, E2E_BASE_URL: stack.gatewayUrl, CHROMIUM_PATH: chromium },
        });
        failed ||= code !== 0;
      } finally {
        await stack.stop();
      }
    }
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  step(failed ? '✖ Some tests failed' : '✔ All tests passed');
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
