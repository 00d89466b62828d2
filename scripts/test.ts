/**
 * `npm test`: every test. Installs Chromium when missing (Debian package, as root), builds,
 * starts one local database (unless MONGODB_URI is set), runs jest (unit and service tests),
 * then starts the whole shop on test ports and runs the Playwright journeys against it.
 * then the faults project (two instances of every service, faults injected).
 * Flags: --unit-only (jest without faults), --e2e-only, --faults-only; `--slice <name>` runs one
 * slice's own tests (its jest paths and contract tests, then its journeys; scripts/lib/slice-tests.ts)
 * without the tree-wide lint, formatter, compose and faults runs, after building only the slice
 * and the workspaces it builds on (scripts/lib/workspace-graph.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { step } from './lib/log';
import { provideDatabase } from './lib/database';
import { buildAll, createStaffAccount, seedAll, startStack } from './lib/stack';
import { runForExitCode } from './lib/run';
import { ROOT, SLICES, type Slice } from './lib/paths';
import { sliceTests } from './lib/slice-tests';
import { buildWorkspaces, unbuiltShopParts } from './lib/workspace-build';
import { buildOrder, readWorkspaceGraph, sliceBuildOrder } from './lib/workspace-graph';
import { ensureChromium, ensurePrometheus } from './lib/debian-tools';
import { ensureVarnish } from './lib/edge';
import { findFreePort } from '../packages/local-mongo/src';
import { startFakeDhl } from '../services/cart/src/test-support/fake-dhl';

/** Origin of the partner site that embeds the shop in the embedded-frame journey (another site than localhost; served by Playwright's routing, nothing listens there). */
const EMBED_ORIGIN = 'http://127.0.0.1:9';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Passed on a retry (Playwright's 'flaky'); only the journeys that allow a retry have one. */
  flaky?: number;
}

/** Reads jest's --json report; a missing or unreadable report counts as one failure. */
async function jestCounts(file: string): Promise<Counts> {
  try {
    const report = JSON.parse(await readFile(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numRuntimeErrorTestSuites: number;
    };
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
      skipped: report.numPendingTests,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/** Reads Playwright's JSON report (stats.expected = passed, unexpected = failed, flaky = passed on a retry). */
async function playwrightCounts(file: string): Promise<Counts> {
  try {
    const { stats } = JSON.parse(await readFile(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

async function main() {
  const sliceAt = process.argv.indexOf('--slice');
  const sliceName = sliceAt >= 0 ? process.argv[sliceAt + 1] : undefined;
  if (sliceAt >= 0 && !SLICES.includes(sliceName as Slice))
    throw new Error(`--slice needs one of ${SLICES.join(', ')} (npm run test:slice -- <slice>)`);
  const slice = sliceName ? sliceTests(sliceName as Slice) : null;
  const unitOnly = process.argv.includes('--unit-only');
  const e2eOnly = process.argv.includes('--e2e-only');
  const faultsOnly = process.argv.includes('--faults-only');
  // Anything else is for Playwright, e.g. `npm test -- --e2e-only --grep content` runs the matching journeys.
  const playwrightArgs = [
    ...process.argv
      .slice(2)
      .filter(
        (arg, index, all) => !['--unit-only', '--e2e-only', '--faults-only', '--slice'].includes(arg) && all[index - 1] !== '--slice',
      ),
    ...(slice?.journeys ?? []),
  ];
  const chromium = unitOnly || faultsOnly ? null : await ensureChromium();
  // promtool tests the alert rules in jest (scripts/prometheus-rules.test.ts).
  if (!e2eOnly && !faultsOnly) await ensurePrometheus();
  // varnishtest runs the shared cache's VCL in jest (scripts/edge-vcl.test.ts); the faults run it in front of the shop.
  if (!e2eOnly) await ensureVarnish();

  if (slice) {
    // A slice's loop builds the slice and what it builds on (workspace-graph.ts), not the tree:
    // its jest tests read sources, and its journeys need its own parts fresh. The journeys start
    // the whole shop, so a part of it that was never built (a fresh clone) is built too; the
    // other slices' parts are otherwise taken as last built, as a team's journeys meet the other
    // teams' live remotes. `npm test` builds everything before a change lands.
    step(`Building ${sliceName} and what it builds on`);
    const graph = readWorkspaceGraph();
    await buildWorkspaces(sliceBuildOrder(sliceName!, graph));
    const unbuilt = unitOnly ? [] : unbuiltShopParts(graph);
    if (unbuilt.length) {
      step(`Building the parts of the shop its journeys start that have no build yet: ${unbuilt.map((part) => part.dir).join(', ')}`);
      await buildWorkspaces(
        buildOrder(
          graph,
          unbuilt.map((part) => part.name),
        ),
      );
    }
  } else {
    step('Building');
    await buildAll();
  }

  step('Starting a throwaway database');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-test-db-'));
  const database = await provideDatabase({ port: await findFreePort(), dataDir });
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const add = (counts: Counts) => {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.flaky = (total.flaky ?? 0) + (counts.flaky ?? 0);
  };
  let failed = false;
  try {
    if (!e2eOnly && !faultsOnly && !slice) {
      // Slice boundaries and import cycles (eslint.config.mjs).
      step('Lint: slice boundaries, import cycles, CSS class prefixes');
      const lint = await runForExitCode(process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '.']);
      // CSS class names carry their slice's prefix (stylelint.config.mjs).
      const cssLint = await runForExitCode(process.execPath, [path.join(ROOT, 'node_modules/stylelint/bin/stylelint.mjs'), '**/*.css']);
      if (lint !== 0 || cssLint !== 0) {
        add({ passed: 0, failed: 1, skipped: 0 });
        failed = true;
      }

      // One formatting for the whole tree (.prettierrc.json); `npm run format` fixes it.
      step('Formatter check (Prettier)');
      const format = await runForExitCode(process.execPath, [
        path.join(ROOT, 'node_modules/prettier/bin/prettier.cjs'),
        '--check',
        '--log-level',
        'warn',
        '.',
      ]);
      if (format !== 0) {
        add({ passed: 0, failed: 1, skipped: 0 });
        failed = true;
      }

      // The deployment file stays valid (Compose v2 `config`, replicas included).
      step('docker-compose.yml (npm run compose:check)');
      const compose = await runForExitCode(process.execPath, [path.join(ROOT, 'scripts/bootstrap.cjs'), 'compose-check']);
      if (compose !== 0) {
        add({ passed: 0, failed: 1, skipped: 0 });
        failed = true;
      }
      // The Kubernetes manifests render and are valid for the API and the MongoDB operator's CRD (deploy/k8s).
      step('Kubernetes manifests (npm run k8s:check)');
      const k8s = await runForExitCode(process.execPath, [path.join(ROOT, 'scripts/bootstrap.cjs'), 'k8s-check']);
      if (k8s !== 0) {
        add({ passed: 0, failed: 1, skipped: 0 });
        failed = true;
      }
      // The build compiles the apps; tests, e2e journeys and scripts are type-checked here.
      step('Type-check of tests, e2e journeys and scripts');
      const typecheck = await runForExitCode(process.execPath, [
        path.join(ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        path.join(ROOT, 'tsconfig.checks.json'),
      ]);
      if (typecheck !== 0) {
        add({ passed: 0, failed: 1, skipped: 0 });
        failed = true;
      }
    }
    if (!e2eOnly && !faultsOnly) {
      step(slice ? `jest: ${sliceName}'s unit, component, service and contract tests` : 'jest: unit and service tests');
      const report = path.join(dataDir, 'jest.json');
      const code = await runForExitCode(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/jest/bin/jest.js'),
          '--ci',
          // Both cores: most service tests wait on the database, and one worker (jest's default
          // on two cores) left the second core idle for minutes.
          '--maxWorkers=2',
          '--selectProjects',
          'node',
          'dom',
          '--json',
          `--outputFile=${report}`,
          ...(slice?.paths ?? []),
        ],
        {
          env: { ...process.env, MONGODB_URI: database.uri },
        },
      );
      add(await jestCounts(report));
      failed ||= code !== 0;
    }
    // A slice's loop leaves the faults project (the whole shop under faults) to the whole suite.
    if (!e2eOnly && !unitOnly && !slice) {
      // Its own shop and database on other ports; one file at a time (each starts eleven processes).
      // In random order (the seed is printed): every test sets up the shop it needs.
      step('Faults: two instances of every service, faults injected');
      const report = path.join(dataDir, 'faults.json');
      const code = await runForExitCode(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/jest/bin/jest.js'),
          '--ci',
          '--selectProjects',
          'faults',
          '--runInBand',
          '--randomize',
          '--json',
          `--outputFile=${report}`,
        ],
        { env: { ...process.env, MONGODB_URI: database.uri } },
      );
      add(await jestCounts(report));
      failed ||= code !== 0;
    }
    if (!unitOnly && !faultsOnly && chromium) {
      step('Playwright: shopper journeys through the gateway');
      const gatewayPort = await findFreePort();
      const databasePrefix = `e2e${Date.now()}`;
      await seedAll(database.uri, databasePrefix);
      // A staff account made by the real create-admin command: the journeys log in as it.
      const manager = { email: 'leitung@e2e.example.de', password: `Leitung ${randomBytes(12).toString('base64url')} 7!` };
      await createStaffAccount(database.uri, databasePrefix, { ...manager, firstName: 'Lena', role: 'manager' });
      // An admin for the shop settings (the presentation mode is an admin's decision).
      const admin = { email: 'inhaber@e2e.example.de', password: `Inhaber ${randomBytes(12).toString('base64url')} 7!` };
      await createStaffAccount(database.uri, databasePrefix, { ...admin, firstName: 'Arne', role: 'admin' });
      // DHL's Parcel DE Shipping API as the fake the cart's tests use (it answers as DHL does and
      // refuses what DHL's document refuses): the staff journey books a real label through it.
      const dhl = await startFakeDhl();
      const stack = await startStack({
        mongoUri: database.uri,
        gatewayPort,
        servicePortOffset: 1000,
        databasePrefix,
        mailDir: path.join(dataDir, 'mail'),
        pidDir: path.join(dataDir, 'run'),
        // All journeys come from one IP: a per-IP limit meant for shoppers would throttle the suite.
        // A made-up partner site may frame the shop: the embedded-frame journey serves it through Playwright.
        // Two browsers and the whole shop share two cores: the server-render budget (150 ms for a
        // shopper) would leave pages to the browser by chance. The journeys assert server-rendered
        // content, so they get a generous budget; the budget itself has service tests (gateway).
        gatewayEnv: {
          PUBLIC_ORIGIN: `http://localhost:${gatewayPort}`,
          RATE_LIMIT_MAX: '100000',
          FRAME_ANCESTORS: EMBED_ORIGIN,
          SSR_BUDGET_MS: '3000',
        },
        // The journeys order many times as the demo buyer from one IP (the limits have their own service tests).
        // Likewise registrations and logins (the account limits have their own service tests).
        serviceEnv: {
          ORDER_LIMIT_PER_EMAIL: '100000',
          ORDER_LIMIT_PER_IP: '100000',
          LOGIN_LIMIT_PER_IP: '100000',
          MAIL_REQUEST_LIMIT_PER_IP: '100000',
          NEWSLETTER_LIMIT_PER_IP: '100000',
          CONTACT_LIMIT_PER_IP: '100000',
          // The review journey reads the invitation right after staff book the delivery.
          REVIEW_INVITATION_DELAY_HOURS: '0',
          DHL_API_BASE_URL: dhl.baseUrl,
          DHL_API_KEY: dhl.credentials.apiKey,
          DHL_API_SECRET: dhl.credentials.apiSecret,
          DHL_USERNAME: dhl.credentials.username,
          DHL_PASSWORD: dhl.credentials.password,
          // The fake above is DHL's shipping API only: the delivery tracking job stays off (its service tests have their own fake).
          DHL_TRACKING: 'off',
          // The sender a DHL label prints (a label with a placeholder as its sender is refused). The
          // imprint's other operator details stay unset: the information-pages journey checks how a
          // shop without them marks the gaps.
          OPERATOR_COMPANY: 'E2E Testbetrieb GmbH',
          OPERATOR_STREET: 'Teststraße 1',
          OPERATOR_POSTAL_CODE: '50667',
          OPERATOR_CITY: 'Köln',
        },
      });
      try {
        const report = path.join(dataDir, 'playwright.json');
        const code = await runForExitCode(
          process.execPath,
          [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e', ...playwrightArgs],
          {
            env: {
              ...process.env,
              E2E_BASE_URL: stack.gatewayUrl,
              CHROMIUM_PATH: chromium,
              E2E_JSON_REPORT: report,
              E2E_MAIL_DIR: path.join(dataDir, 'mail'),
              E2E_EMBED_ORIGIN: EMBED_ORIGIN,
              E2E_PID_DIR: path.join(dataDir, 'run'),
              E2E_MANAGER_EMAIL: manager.email,
              E2E_MANAGER_PASSWORD: manager.password,
              E2E_ADMIN_EMAIL: admin.email,
              E2E_ADMIN_PASSWORD: admin.password,
            },
          },
        );
        add(await playwrightCounts(report));
        failed ||= code !== 0;
      } finally {
        await stack.stop();
        // A request DHL's document refuses fails the run even when the journey coped with the 400.
        const invalid = dhl.takeInvalidRequests();
        if (invalid.length > 0) {
          console.error('Requests to DHL that its document refuses:', JSON.stringify(invalid, null, 2));
          failed = true;
        }
        await dhl.close();
      }
    }
  } finally {
    await database.stop();
  }
  await rm(dataDir, { recursive: true, force: true });
  failed ||= total.failed > 0 || total.passed === 0;
  step(failed ? '✖ Some tests failed' : '✔ All tests passed');
  // Plain closing line (jest + Playwright together) for tools that read the summary.
  console.log(
    `${total.passed} passed${total.flaky ? ` (${total.flaky} on a retry, named above as flaky)` : ''}, ${total.failed} failed, ${total.skipped} skipped`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
