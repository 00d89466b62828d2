/**
 * Releases under traffic (docs/releases.md), on the whole shop with two gateway instances and two
 * instances of every service: a cart remote with a visible text change, released with the real
 * command, is in both gateways' server HTML and in the hydrated page within 2 s of its promote;
 * a rollback brings the old text back the same way; a load loop beside it sees no failed request,
 * and the gateways keep their pids. And the shared cache in front of both gateways (Varnish,
 * deploy/varnish/shop.vcl): anonymous pages kept per context and never one visitor's data for
 * another, purged when staff change a price or a release goes live.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { returningShopperPage, runCommand } from '@shop/test-fixtures';
import { ROOT } from '../scripts/lib/paths';
import { ADMIN, shopper, sleep, STAFF, startFaultShop, type FaultShop } from './support/fault-shop';

jest.setTimeout(300_000);

const WORK = path.join(ROOT, 'data', 'tmp', `release-test-${process.pid}`);
const CHANGED = path.join(WORK, 'mf-cart');
const OLD_TEXT = '<p>Ihr Warenkorb ist leer</p>';
const NEW_TEXT = '<p>Ihr Warenkorb ist noch leer</p>';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

let shop: FaultShop;
let browser: Browser;
/** The tree's cart build, released before the tests: live at the start of each. */
let firstVersion: string;

/** Runs a command in the repository (by default); resolves with its output, rejects with it on a non-zero exit. */
const run = (command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) =>
  runCommand(command, args, { cwd: options.cwd ?? ROOT, env: options.env });

const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** One of the team's commands (`npm run release|rollback -- …`), on this test's shop. */
const command = (script: 'release' | 'rollback' | 'canary', args: string[]) =>
  run(process.execPath, [tsx, path.join(ROOT, 'scripts', `${script}.ts`), ...args], {
    env: {
      MONGODB_URI: shop.mongoUri,
      MONGODB_DB: `${shop.databasePrefix}_admin`,
      RELEASES_DIR: shop.releasesDir,
      RELEASE_BY: 'team-cart@example.de',
      // The smoke check asks the shop's gateway for the candidate, with the shop's internal secret.
      SHOP_URL: shop.gatewayUrl,
      SHOP_DATA_DIR: shop.shopDataDir,
    },
  });

/** The release registry's own command line (services/admin release-cli.js): a promote without the checks, as by hand. */
const registryCommand = (args: string[]) =>
  run(process.execPath, [path.join(ROOT, 'services', 'admin', 'dist', 'releases', 'release-cli.js'), ...args], {
    env: { MONGODB_URI: shop.mongoUri, MONGODB_DB: `${shop.databasePrefix}_admin` },
  });

/** The server HTML of the (empty) cart page from one gateway (for a visitor with `cookie` beside the age check's). */
async function cartPage(gatewayUrl: string, cookie?: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/warenkorb`, {
    headers: { 'user-agent': USER_AGENT, cookie: ['shop_age_verified=1', ...(cookie ? [cookie] : [])].join('; ') },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Ms from `since` until every gateway's server HTML holds `text` (checked every 50 ms, at most 10 s). */
async function msUntilEveryGatewayShows(text: string, since: number, cookie?: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pages = await Promise.all(shop.gatewayUrls.map((url) => cartPage(url, cookie)));
    if (pages.every((page) => page.includes(text))) return Date.now() - since;
    if (Date.now() > deadline) throw new Error(`not on every gateway after 10 s: ${text}`);
    await sleep(50);
  }
}

/** The cart's channel record in the release registry: live version, canary. */
async function cartChannel() {
  return (await shop
    .db('admin')
    .collection('releasechannels')
    .findOne({ _id: 'cart' as never }))!;
}

/** When the registry made the slice's current version live (ms since epoch). */
async function liveSince(): Promise<number> {
  return ((await cartChannel()).changedAt as Date).getTime();
}

/** The cart page opened in a browser on `gatewayUrl` and hydrated (with a canary bucket's cookie): its text and every render problem. */
async function hydratedCartPage(gatewayUrl: string, canaryCookie?: string): Promise<{ empty: string; problems: string[] }> {
  const { page, problems, close } = await returningShopperPage(browser, gatewayUrl, USER_AGENT);
  if (canaryCookie) {
    const [name, value] = canaryCookie.split('=') as [string, string];
    await page.context().addCookies([{ name, value, url: gatewayUrl }]);
  }
  await page.goto(`${gatewayUrl}/warenkorb`);
  await page.locator('html[data-hydrated]').waitFor({ timeout: 20_000 });
  // The page's own text: the side cart in the header (its own module) says 'Ihr Warenkorb ist leer' too.
  const empty = await page
    .getByRole('main')
    .getByText(/^Ihr Warenkorb ist/)
    .innerText();
  await close();
  return { empty, problems };
}

beforeAll(async () => {
  shop = await startFaultShop({ gateways: 2, edge: true });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  // The cart remote with a visible text change, really built with webpack, beside its source.
  await rm(WORK, { recursive: true, force: true });
  await mkdir(WORK, { recursive: true });
  for (const entry of ['src', 'package.json', 'tsconfig.json', 'webpack.config.ts'])
    await cp(path.join(ROOT, 'mf-cart', entry), path.join(CHANGED, entry), { recursive: true });
  // The packages npm installed for the cart alone (not hoisted to the root) resolve as in the tree.
  const ownModules = path.join(ROOT, 'mf-cart', 'node_modules');
  if (existsSync(ownModules)) await symlink(ownModules, path.join(CHANGED, 'node_modules'), 'dir');
  const page = path.join(CHANGED, 'src', 'features', 'cart-page', 'cart-page.tsx');
  const source = await readFile(page, 'utf8');
  expect(source).toContain(OLD_TEXT);
  await writeFile(page, source.replace(OLD_TEXT, NEW_TEXT));
  await run(process.execPath, [tsx, path.join(ROOT, 'packages', 'webpack-config', 'src', 'cli.ts'), 'build'], { cwd: CHANGED });
  // The build in the tree, released first: the version every test starts from (they run in any order).
  const first = await command('release', ['cart', '--from', path.join(ROOT, 'mf-cart', 'dist')]);
  firstVersion = /(?:published|already in the store): cart ([0-9a-f]{12})/.exec(first)![1]!;
}, 600_000);

beforeEach(async () => {
  const channel = await cartChannel();
  if (channel.canary) await registryCommand(['canary-stop', 'cart', '--by', 'team-cart@example.de']);
  if (channel.liveVersion !== firstVersion) await registryCommand(['promote', 'cart', firstVersion, '--by', 'team-cart@example.de']);
  await msUntilEveryGatewayShows(`/remotes/cart/${firstVersion}/`, Date.now());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await rm(WORK, { recursive: true, force: true });
}, 60_000);

test('release, then roll back, a changed cart remote under load: both gateways switch within 2 s, no request fails, no restart', async () => {
  const pids = await Promise.all(['gateway', 'gateway-2'].map((name) => shop.pidOf(name)));
  expect(await cartPage(shop.gatewayUrl)).toContain(OLD_TEXT);

  // Shoppers' requests on both gateways the whole time: pages, the remotes list, a remote's files.
  const outcomes: Array<{ url: string; status: number }> = [];
  let loading = true;
  const paths = ['/warenkorb', '/', '/remotes.json', '/kategorien', `/remotes/cart/${firstVersion}/remoteEntry.js`];
  const load = Promise.all(
    Array.from({ length: 4 }, async (_, worker) => {
      for (let sent = 0; loading; sent++) {
        const url = `${shop.gatewayUrls[(worker + sent) % 2]}${paths[sent % paths.length]}`;
        try {
          const response = await fetch(url, { headers: { 'user-agent': USER_AGENT, cookie: 'shop_age_verified=1' } });
          await response.arrayBuffer();
          outcomes.push({ url, status: response.status });
        } catch {
          outcomes.push({ url, status: 0 });
        }
      }
    }),
  );
  try {
    const released = await command('release', ['cart', '--from', path.join(CHANGED, 'dist')]);
    const version = /(?:published|already in the store): cart ([0-9a-f]{12})/.exec(released)![1]!;
    expect(version).not.toBe(firstVersion);
    expect(released).toContain(`cart: ${firstVersion} → ${version} is live`);
    // Then the retention rule ran: within its grace period every release stays.
    expect(released).toContain('nothing to remove');
    expect(await msUntilEveryGatewayShows(NEW_TEXT, await liveSince())).toBeLessThan(2000);
    expect(await hydratedCartPage(shop.gatewayUrls[1]!)).toEqual({ empty: 'Ihr Warenkorb ist noch leer', problems: [] });
    // A browser that loaded the version before keeps getting its files.
    expect((await fetch(`${shop.gatewayUrl}/remotes/cart/${firstVersion}/remoteEntry.js`)).status).toBe(200);

    const rolledBack = await command('rollback', ['cart']);
    expect(rolledBack).toContain(`cart: rolled back ${version} → ${firstVersion}`);
    expect(await msUntilEveryGatewayShows(OLD_TEXT, await liveSince())).toBeLessThan(2000);
    expect(await hydratedCartPage(shop.gatewayUrl)).toEqual({ empty: 'Ihr Warenkorb ist leer', problems: [] });
  } finally {
    loading = false;
    await load;
  }
  expect(outcomes.length).toBeGreaterThan(50);
  expect(outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 500)).toEqual([]);
  expect(await Promise.all(['gateway', 'gateway-2'].map((name) => shop.pidOf(name)))).toEqual(pids);
});

test('a canary of 50 %: about half of the fresh visitors get the new cart, each of them on both gateways and in the hydrated page; then promoted to all', async () => {
  const live = firstVersion;
  const started = await command('release', ['cart', '--from', path.join(CHANGED, 'dist'), '--canary', '50']);
  const version = /cart ([0-9a-f]{12})/.exec(started)![1]!;
  expect(started).toContain(`cart: ${version} is live for 50 % of visitors, ${live} for the others`);

  /** One visitor's cart page from a gateway: the text its server HTML shows, the version its boot data names, its canary cookie. */
  const visit = async (gatewayUrl: string, canaryCookie?: string) => {
    const response = await fetch(`${gatewayUrl}/warenkorb`, {
      headers: { 'user-agent': USER_AGENT, cookie: ['shop_age_verified=1', ...(canaryCookie ? [canaryCookie] : [])].join('; ') },
    });
    const html = await response.text();
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('shop_canary='));
    return {
      text: html.includes(NEW_TEXT) ? 'new' : html.includes(OLD_TEXT) ? 'old' : 'none',
      version: /"entry":"\/remotes\/cart\/([0-9a-f]{12})\//.exec(html)?.[1],
      cookie: canaryCookie ?? setCookie?.split(';')[0],
    };
  };
  // Every gateway gives fresh visitors a bucket once it read the canary.
  const deadline = Date.now() + 5000;
  while (!(await Promise.all(shop.gatewayUrls.map((url) => visit(url)))).every((visitor) => visitor.cookie)) {
    expect(Date.now()).toBeLessThan(deadline);
    await sleep(50);
  }
  const visitors = [];
  for (let index = 0; index < 40; index++) visitors.push(await visit(shop.gatewayUrls[index % 2]!));
  // The server HTML and the boot data of each page name the same version.
  for (const visitor of visitors)
    expect([visitor.text, visitor.version]).toEqual(visitor.text === 'new' ? ['new', version] : ['old', live]);
  const inCanary = visitors.filter((visitor) => visitor.text === 'new').length;
  // 40 draws of a fair coin: 8–32 with a probability of 1 − 10⁻⁴.
  expect(inCanary).toBeGreaterThanOrEqual(8);
  expect(inCanary).toBeLessThanOrEqual(32);
  // Each visitor keeps their version on the other gateway.
  for (const [index, visitor] of visitors.entries())
    expect((await visit(shop.gatewayUrls[(index + 1) % 2]!, visitor.cookie)).text).toBe(visitor.text);
  const newcomer = visitors.find((visitor) => visitor.text === 'new')!;
  const regular = visitors.find((visitor) => visitor.text === 'old')!;
  // Both versions' containers stay usable side by side on one gateway: a page each loads lazily
  // (its own chunk, fetched after the other version's container was loaded last) renders on the
  // server from its own release's folder, in turn for each visitor.
  for (const gatewayUrl of shop.gatewayUrls)
    for (const visitor of [regular, newcomer, regular, newcomer]) {
      const response = await fetch(`${gatewayUrl}/vertrag-widerrufen`, {
        headers: { 'user-agent': USER_AGENT, cookie: `shop_age_verified=1; ${visitor.cookie}` },
      });
      expect(await response.text()).toContain('<h1>Vertrag widerrufen</h1>');
    }
  // Hydrated in a browser, each version renders with no problem, both from one gateway's server render.
  expect(await hydratedCartPage(shop.gatewayUrl, newcomer.cookie)).toEqual({ empty: 'Ihr Warenkorb ist noch leer', problems: [] });
  expect(await hydratedCartPage(shop.gatewayUrl, regular.cookie)).toEqual({ empty: 'Ihr Warenkorb ist leer', problems: [] });

  // 100 %: the canary's version is live for everyone.
  expect(await command('canary', ['cart', '100'])).toContain(`cart: ${live} → ${version} is live`);
  // Measured with the cookie of a visitor outside the canary: only the promote shows them the new text.
  expect(await msUntilEveryGatewayShows(NEW_TEXT, await liveSince(), regular.cookie)).toBeLessThan(2000);
  await command('rollback', ['cart']);
  await msUntilEveryGatewayShows(OLD_TEXT, Date.now(), newcomer.cookie);
});

test('version skew: a page loaded before a promote keeps working on its versions; a remote whose server and browser builds disagree renders in the browser, with no broken page', async () => {
  const oldVersion = firstVersion;
  const released = await command('release', ['cart', '--from', path.join(CHANGED, 'dist'), '--no-promote']);
  const newVersion = /cart ([0-9a-f]{12})/.exec(released)![1]!;

  // A shopper's page from before the promote (the shell and the header's cart widget of the old
  // version in memory), who moves to the cart page in the page after it.
  const { page, problems, close } = await returningShopperPage(browser, shop.gatewayUrl, USER_AGENT);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500 || (response.url().includes('/remotes/') && response.status() >= 400))
      failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${shop.gatewayUrl}/kontakt`);
  await page.locator('html[data-hydrated]').waitFor({ timeout: 20_000 });
  // Live before (the tests above), so the rollback command makes it live again.
  await command('rollback', ['cart', newVersion]);
  await msUntilEveryGatewayShows(NEW_TEXT, Date.now());
  await page.evaluate(() => {
    history.pushState({}, '', '/warenkorb');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page
    .getByRole('main')
    .getByText(/^Ihr Warenkorb ist/)
    .waitFor({ timeout: 20_000 });
  expect(
    await page
      .getByRole('main')
      .getByText(/^Ihr Warenkorb ist/)
      .innerText(),
  ).toBe('Ihr Warenkorb ist leer');
  // The next load takes the new version.
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ timeout: 20_000 });
  expect(
    await page
      .getByRole('main')
      .getByText(/^Ihr Warenkorb ist/)
      .innerText(),
  ).toBe('Ihr Warenkorb ist noch leer');
  await close();
  expect({ problems, failed }).toEqual({ problems: [], failed: [] });

  // A release whose server build is another than its browser build (one of the two replaced by
  // hand): the checks refuse it; made live anyway, its slot renders in the browser.
  const skewed = await cartBuildWith('skewed', (dist) =>
    writeFile(path.join(dist, 'server', 'build-id.json'), JSON.stringify({ buildId: 'another-server-build' })),
  );
  const refusal = await command('release', ['cart', '--from', skewed]).then(
    () => 'promoted',
    (error: Error) => error.message,
  );
  expect(refusal).toMatch(/refused: \/warenkorb: its server container failed, the page fell back to the browser: version skew/);
  const skewedVersion = /(?:published|already in the store): cart ([0-9a-f]{12})/.exec(refusal)![1]!;
  await registryCommand(['promote', 'cart', skewedVersion, '--by', 'skew-test@example.de']);
  await msUntilEveryGatewayShows(`/remotes/cart/${skewedVersion}/`, Date.now());
  const html = await cartPage(shop.gatewayUrl);
  expect(html).not.toContain(OLD_TEXT);
  expect(html).toContain('<!--$!-->');
  expect(await hydratedCartPage(shop.gatewayUrl)).toEqual({ empty: 'Ihr Warenkorb ist leer', problems: [] });
  await command('rollback', ['cart', oldVersion]);
});

/** A copy of the tree's cart build (with its source beside it), its records changed by `edit`: a build made against something else. */
async function cartBuildWith(name: string, edit: (dist: string) => Promise<void>): Promise<string> {
  const app = path.join(WORK, name, 'mf-cart');
  await cp(path.join(ROOT, 'mf-cart', 'src'), path.join(app, 'src'), { recursive: true });
  await cp(path.join(ROOT, 'mf-cart', 'dist'), path.join(app, 'dist'), { recursive: true });
  await edit(path.join(app, 'dist'));
  return path.join(app, 'dist');
}

async function editJson(file: string, edit: (value: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  edit(value);
  await writeFile(file, JSON.stringify(value));
}

test('a promote is refused, naming why, for a remote built against an incompatible react, another schema of a request it answers, another route table, or a server container that throws on its routes; what is live stays', async () => {
  const liveBefore = (await cartChannel()).liveVersion;
  const oldReact = await cartBuildWith('old-react', (dist) =>
    editJson(path.join(dist, 'mf-manifest.json'), (manifest) => {
      const react = (manifest.shared as Array<{ name: string; version: string; requiredVersion: string }>).find(
        (lib) => lib.name === 'react',
      )!;
      react.version = '18.3.1';
      react.requiredVersion = '^18.2.0';
    }),
  );
  await expect(command('release', ['cart', '--from', oldReact])).rejects.toThrow(
    /refused: cart [0-9a-f]{12} requires react \^18\.2\.0, but the shell provides 19\.\d+\.\d+/,
  );

  const otherPayload = await cartBuildWith('other-payload', (dist) =>
    editJson(path.join(dist, 'contracts.json'), (contracts) => {
      // The request the shell and the catalog ask the cart ('In den Warenkorb'), answered with another schema.
      (contracts.fingerprints as Record<string, string>)['cart:add'] = 'ffffffffffff';
    }),
  );
  await expect(command('release', ['cart', '--from', otherPayload])).rejects.toThrow(
    /refused: 'cart:add' was built against different schemas: shell \(tree build\).* \/ cart [0-9a-f]{12}/,
  );
  const missingPage = await cartBuildWith('missing-page', (dist) =>
    editJson(path.join(dist, 'contracts.json'), (contracts) => {
      // Built against a route table without the checkout: its pages module would render nothing at /kasse.
      const pages = contracts.pages as Record<string, string[]>;
      pages.cart = pages.cart!.filter((page) => page !== 'checkout');
    }),
  );
  await expect(command('release', ['cart', '--from', missingPage])).rejects.toThrow(
    /refused: cart [0-9a-f]{12} has no page 'checkout', which the shell routes to it/,
  );

  // A server container that throws while it renders the cart page (its browser build is unchanged).
  const throwing = await cartBuildWith('throwing', async (dist) => {
    const server = path.join(dist, 'server');
    let patched = 0;
    for (const file of await readdir(server)) {
      if (!file.endsWith('.js')) continue;
      const code = await readFile(path.join(server, file), 'utf8');
      if (!code.includes('"Ihr Warenkorb ist leer"')) continue;
      await writeFile(
        path.join(server, file),
        code.replaceAll('"Ihr Warenkorb ist leer"', '(() => { throw new Error("cart page broken on the server"); })()'),
      );
      patched++;
    }
    expect(patched).toBeGreaterThan(0);
  });
  await expect(command('release', ['cart', '--from', throwing])).rejects.toThrow(
    /refused: \/warenkorb: its server container failed, the page fell back to the browser: .*cart page broken on the server/,
  );
  const liveAfter = (await cartChannel()).liveVersion;
  expect(liveAfter).toBe(liveBefore);
});

test('an admin takes the version before live again from the back office on a phone: both gateways serve it within 2 s, audited under the admin', async () => {
  const released = await command('release', ['cart', '--from', path.join(CHANGED, 'dist')]);
  const version = /(?:published|already in the store): cart ([0-9a-f]{12})/.exec(released)![1]!;
  await msUntilEveryGatewayShows(NEW_TEXT, await liveSince());

  const { page, problems, close } = await returningShopperPage(browser, shop.gatewayUrl, USER_AGENT);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shop.gatewayUrl}/anmelden`);
    await page.getByLabel('E-Mail-Adresse').fill(ADMIN.email);
    await page.getByLabel('Passwort').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Erfolgreich angemeldet' }).waitFor();
    await page.goto(`${shop.gatewayUrl}/admin/releases?bereich=cart`);
    await page.getByTestId('live-version').filter({ hasText: version }).waitFor();
    const confirmations: string[] = [];
    page.on('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.accept();
    });
    await page.getByLabel('Version').selectOption(firstVersion);
    await page.getByRole('button', { name: 'Live schalten' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Frühere Version live geschaltet' }).waitFor();
    expect(confirmations).toEqual([`Version ${firstVersion} für alle Besucher live schalten?`]);
    expect(await msUntilEveryGatewayShows(OLD_TEXT, await liveSince())).toBeLessThan(2000);
    await page.getByTestId('live-version').filter({ hasText: firstVersion }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
  // The audit log names the admin (their account, the staff role) for this change.
  const admin = await shop.db('account').collection('users').findOne({ email: ADMIN.email });
  const deadline = Date.now() + 10_000;
  let entry = null;
  while (!entry && Date.now() < deadline) {
    entry = await shop
      .db('admin')
      .collection('auditentries')
      .findOne({ entity: 'release', entityId: 'cart', action: 'rollback', actorId: String(admin!._id) });
    if (!entry) await sleep(200);
  }
  expect(entry).toMatchObject({ actorRole: 'admin', service: 'admin' });
});

test('retention: old releases are removed from the registry and the remote store, the live one and the one a rollback goes to stay servable', async () => {
  // A release published but never live, beside the live one.
  const published = await command('release', ['cart', '--from', path.join(CHANGED, 'dist'), '--no-promote']);
  const unused = /cart ([0-9a-f]{12})/.exec(published)![1]!;
  const channel = await cartChannel();
  const keptVersions = [channel.liveVersion as string, ...(channel.previousVersion ? [channel.previousVersion as string] : [])];
  const pruned = await run(
    process.execPath,
    [tsx, path.join(ROOT, 'scripts', 'releases.ts'), 'cart', '--prune', '--keep', '0', '--grace-hours', '0'],
    {
      env: {
        MONGODB_URI: shop.mongoUri,
        MONGODB_DB: `${shop.databasePrefix}_admin`,
        RELEASES_DIR: shop.releasesDir,
        RELEASE_BY: 'team-cart@example.de',
      },
    },
  );
  const left = await readdir(path.join(shop.releasesDir, 'cart'));
  if (!keptVersions.includes(unused)) {
    expect(pruned).toContain(unused);
    expect(left).not.toContain(unused);
    expect((await fetch(`${shop.gatewayUrl}/remotes/cart/${unused}/remoteEntry.js`)).status).toBe(404);
  }
  expect(left.filter((name) => !name.startsWith('.')).sort()).toEqual([...new Set(keptVersions)].sort());
  for (const version of keptVersions) expect((await fetch(`${shop.gatewayUrl}/remotes/cart/${version}/remoteEntry.js`)).status).toBe(200);
  expect(await cartPage(shop.gatewayUrl)).toContain(OLD_TEXT);
  // Published again, a removed build is a release again.
  expect(await command('release', ['cart', '--from', path.join(CHANGED, 'dist'), '--no-promote'])).toContain(`registered cart ${unused}`);
  expect((await fetch(`${shop.gatewayUrl}/remotes/cart/${unused}/remoteEntry.js`)).status).toBe(200);
});

test("behind the shared cache: pages kept per context, never one visitor's data for another; a price change and a promote purge them under load", async () => {
  const edge = shop.edgeUrl!;
  const product = (await shop
    .db('catalog')
    .collection('products')
    .findOne({ isActive: true, stock: { $gte: 10 } }))!;
  const productPath = `/produkt/${product.slug as string}`;
  const page = async (url: string, cookie = '') => {
    const response = await fetch(`${edge}${url}`, { headers: { 'user-agent': USER_AGENT, ...(cookie ? { cookie } : {}) } });
    return {
      status: response.status,
      cache: response.headers.get('x-cache'),
      control: response.headers.get('cache-control'),
      body: await response.text(),
    };
  };

  // Anonymous visitors with the same context share one copy, whatever else their cookies say.
  const first = await page(productPath, 'shop_age_verified=1; shop_cookie_consent=rejected');
  expect(first).toMatchObject({ status: 200, control: 'no-cache' });
  expect(await page(productPath, 'shop_age_verified=1; shop_cookie_consent=true; _ga=1')).toMatchObject({ status: 200, cache: 'hit' });

  // A logged-in staff member with a filled cart, through the cache.
  const personal = shopper(edge);
  expect((await personal.request('POST', '/api/auth/login', { email: STAFF.email, password: STAFF.password })).status).toBe(200);
  expect((await personal.request('POST', '/api/cart', { productId: String(product._id), quantity: 2 })).status).toBe(201);
  const cookie = ['shop_age_verified=1', ...[...personal.jar].map(([name, value]) => `${name}=${value}`)].join('; ');
  const theirCart = await page('/warenkorb', cookie);
  // Theirs alone: passed, never kept (the first is fetched as a miss that is not stored).
  expect(theirCart.control).toBe('private, no-store');
  expect(['miss', 'pass']).toContain(theirCart.cache);
  expect((await page('/warenkorb', cookie)).cache).toBe('pass');
  expect(theirCart.body).toContain(product.name as string);
  const theirProductPage = await page(productPath, cookie);
  // Another visitor with cookies of their own of the same names gets the same copy: it holds nothing of either.
  const someoneElse = await page(
    productPath,
    ['shop_age_verified=1', ...[...personal.jar.keys()].map((name) => `${name}=someone-else`)].join('; '),
  );
  expect(someoneElse.cache).toBe('hit');
  for (const shared of [first, theirProductPage, someoneElse, await page('/warenkorb', 'shop_age_verified=1'), await page('/')]) {
    expect(shared.body).not.toContain(STAFF.email);
    expect(shared.body).not.toContain(STAFF.firstName);
    expect(shared.body).not.toMatch(/"quantity":2/);
  }
  expect((await page('/warenkorb', 'shop_age_verified=1')).body).not.toContain(product.name as string);

  // Shoppers load the product page through the cache while staff change its price.
  const outcomes: number[] = [];
  let loading = true;
  const load = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (loading) outcomes.push((await page(productPath, 'shop_age_verified=1').catch(() => ({ status: 0 }))).status);
    }),
  );
  try {
    const staff = shopper(shop.gatewayUrl);
    expect((await staff.request('POST', '/api/auth/login', { email: STAFF.email, password: STAFF.password })).status).toBe(200);
    const detail = await staff.request('GET', `/api/admin/products/${String(product._id)}`);
    const newPrice = (Number(detail.body.price) + 1).toFixed(2);
    const changed = await staff.request('PATCH', `/api/admin/products/${String(product._id)}`, {
      version: detail.body.version,
      changes: { price: newPrice, salePrice: null },
    });
    expect(changed.status).toBe(200);
    const changedAt = Date.now();
    // Shown once every page a shopper then gets has it (the purge is sent at once and again after the instances settled).
    let shownSince: number | null = null;
    while (shownSince === null || Date.now() - shownSince < 1500) {
      const { body } = await page(productPath, 'shop_age_verified=1');
      if (!body.includes(`"price":"${newPrice}"`)) shownSince = null;
      else shownSince ??= Date.now();
      if (Date.now() - changedAt > 10_000) throw new Error('the new price is not on the cached page after 10 s');
      await sleep(50);
    }
    expect(shownSince - changedAt).toBeLessThan(2000);

    // A promote purges every page (each names the live releases): the new cart version within 3 s.
    const released = await command('release', ['cart', '--from', path.join(CHANGED, 'dist')]);
    const version = /(?:published|already in the store): cart ([0-9a-f]{12})/.exec(released)![1]!;
    const since = await liveSince();
    for (;;) {
      const [home, product] = await Promise.all([page('/', 'shop_age_verified=1'), page(productPath, 'shop_age_verified=1')]);
      if (home.body.includes(`/remotes/cart/${version}/`) && product.body.includes(`/remotes/cart/${version}/`)) break;
      if (Date.now() - since > 10_000) throw new Error('the promoted release is not on the cached pages after 10 s');
      await sleep(50);
    }
    expect(Date.now() - since).toBeLessThan(3000);
  } finally {
    loading = false;
    await load;
  }
  expect(outcomes.length).toBeGreaterThan(50);
  expect(outcomes.filter((status) => status === 0 || status >= 500)).toEqual([]);
});
