import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { findFreePort } from '@shop/local-mongo';
import { returningShopperPage, runCommand } from '@shop/test-fixtures';

/**
 * Independent deploy with server rendering: one remote is rebuilt with a visible
 * text change while the gateway runs; the next server-rendered HTML and the hydrated page show
 * it, without a hydration error, and the gateway (which renders the shell) keeps its pid.
 * The remote is a copy of mf-content inside the repository's data/ folder (so its packages
 * resolve as the original's), really rebuilt with webpack.
 */

const REPO = path.resolve(__dirname, '../../../..');
const WORK = path.join(REPO, 'data', 'tmp', `deploy-test-${process.pid}`);
const REMOTE = path.join(WORK, 'mf-content');
const ROOT = path.join(WORK, 'static');
const OLD_HEADING = '<h1>Kontakt</h1>';
const NEW_HEADING = '<h1>Kontakt zum Shop-Team</h1>';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

let stub: FastifyInstance;
let gateway: ChildProcess;
let gatewayUrl: string;
let browser: Browser;
const logs: string[] = [];

beforeAll(async () => {
  await rm(WORK, { recursive: true, force: true });
  await mkdir(ROOT, { recursive: true });
  for (const entry of ['src', 'package.json', 'tsconfig.json', 'webpack.config.ts', 'dist']) {
    await cp(path.join(REPO, 'mf-content', entry), path.join(REMOTE, entry), { recursive: true });
  }
  for (const app of ['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-admin', 'mf-content']) {
    await mkdir(path.join(ROOT, app));
    await symlink(app === 'mf-content' ? path.join(REMOTE, 'dist') : path.join(REPO, app, 'dist'), path.join(ROOT, app, 'dist'));
  }

  stub = Fastify();
  stub.get('/readyz', async () => ({ status: 'ok' }));
  // The content service's storefront settings: the gateway is ready once it has read them.
  stub.get('/internal/storefront-settings', async () => ({ presentationMode: 'marketing', reviewsEnabled: false }));
  // The release registry: nothing released, every remote served from the build in the tree.
  stub.get('/internal/releases/live', async () => ({ releases: [] }));
  await stub.listen({ port: 0, host: '127.0.0.1' });
  const stubUrl = `http://127.0.0.1:${(stub.server.address() as { port: number }).port}`;

  const port = await findFreePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  gateway = spawn(process.execPath, [path.join(REPO, 'services', 'gateway', 'dist', 'server.js')], {
    env: {
      ...process.env,
      ...Object.fromEntries(['CATALOG', 'CART', 'ACCOUNT', 'CONTENT', 'ADMIN'].map((slice) => [`${slice}_SERVICE_URL`, stubUrl])),
      PORT: String(port),
      STATIC_ROOT: ROOT,
      SSR_REMOTE_CHECK_MS: '100',
      LOG_FORMAT: 'json',
      INTERNAL_API_SECRET: 'test-internal-secret-0123456789-abcdef',
      IDENTITY_SECRET: 'test-identity-secret-0123456789-abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  gateway.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  gateway.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${gatewayUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`gateway did not get ready:\n${logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  gateway?.kill('SIGTERM');
  await stub?.close();
  await rm(WORK, { recursive: true, force: true });
});

const html = async () => {
  const response = await fetch(`${gatewayUrl}/kontakt`, { headers: { 'user-agent': USER_AGENT } });
  expect(response.status).toBe(200);
  return response.text();
};

/** Opens /kontakt as a returning shopper, waits until it has hydrated (the shell marks `<html data-hydrated>`), returns the h1 and every render problem. */
async function hydratedPage(): Promise<{ heading: string; problems: string[] }> {
  const { page, problems, close } = await returningShopperPage(browser, gatewayUrl, USER_AGENT);
  await page.goto(`${gatewayUrl}/kontakt`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
  const heading = await page.locator('h1').innerText();
  await close();
  return { heading, problems };
}

test('a remote rebuilt with a text change: the next server render and the hydrated page show it, the gateway keeps its pid', async () => {
  const pid = gateway.pid;
  expect(await html()).toContain(OLD_HEADING);
  expect(await hydratedPage()).toEqual({ heading: 'Kontakt', problems: [] });

  const source = path.join(REMOTE, 'src', 'features', 'contact', 'contact-page.tsx');
  await writeFile(source, (await readFile(source, 'utf8')).replace(OLD_HEADING, NEW_HEADING));
  await runCommand(
    path.join(REPO, 'node_modules', '.bin', 'tsx'),
    [path.join(REPO, 'packages', 'webpack-config', 'src', 'cli.ts'), 'build'],
    {
      cwd: REMOTE,
    },
  );

  // The gateway notices the new build within SSR_REMOTE_CHECK_MS; until its modules are loaded a
  // page may render that part in the browser, but never shows a mix or fails.
  const deadline = Date.now() + 10_000;
  let page = await html();
  while (!page.includes(NEW_HEADING) && Date.now() < deadline) {
    expect(page.includes(OLD_HEADING) || page.includes('<!--$!-->')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    page = await html();
  }
  expect(page).toContain(NEW_HEADING);
  expect(page).not.toContain(OLD_HEADING);
  expect(await hydratedPage()).toEqual({ heading: 'Kontakt zum Shop-Team', problems: [] });
  expect(gateway.exitCode).toBeNull();
  expect(gateway.pid).toBe(pid);
  expect(logs.join('')).toContain('remote changed: server build reloaded');
}, 120_000);
