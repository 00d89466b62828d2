import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forgetRunningShop, recordRunningShop, releaseTarget, runningShop } from './running-shop';

/** The release commands act on the shop `npm start` runs from this checkout, wherever its gateway listens (docs/releases.md). */
let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'running-shop-'));
  file = path.join(dir, 'run', 'shop.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const SHOP = { gatewayUrl: 'http://localhost:8093', mongoUri: 'mongodb://127.0.0.1:27123/', releasesDir: '/srv/shop/releases' };

test('a shop npm start runs on another PORT is the one the commands ask: its gateway, database and remote store, and they say so', async () => {
  recordRunningShop(SHOP, file);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(runningShop(file)).toEqual({ pid: process.pid, processStart: expect.stringMatching(/^\d+$/), ...SHOP });
  const target = releaseTarget({}, file);
  expect(target).toMatchObject({ gatewayUrl: 'http://localhost:8093', mongoUri: SHOP.mongoUri, releasesDir: SHOP.releasesDir });
  expect(target.description).toContain('shop: http://localhost:8093');
  expect(target.description).toContain(`the shop npm start runs from this checkout (pid ${process.pid}`);
  // What the environment names wins, and the line says so (without printing MONGODB_URI).
  const named = releaseTarget({ SHOP_URL: 'http://127.0.0.1:9000', MONGODB_URI: 'mongodb://user:secret@db:27017/' }, file);
  expect(named).toMatchObject({ gatewayUrl: 'http://127.0.0.1:9000', mongoUri: 'mongodb://user:secret@db:27017/' });
  expect(named.description).toContain('from the environment: SHOP_URL, MONGODB_URI');
  expect(named.description).not.toContain('secret');
  forgetRunningShop(file);
  expect(runningShop(file)).toBeNull();
});

test('a running shop on a database of its MONGODB_URI is never mistaken for the local one: the command needs the same MONGODB_URI', () => {
  recordRunningShop({ ...SHOP, mongoUri: null }, file);
  expect(() => releaseTarget({}, file)).toThrow('uses the database of its MONGODB_URI: set the same MONGODB_URI for this command');
  expect(releaseTarget({ MONGODB_URI: 'mongodb://db:27017/' }, file)).toMatchObject({
    gatewayUrl: SHOP.gatewayUrl,
    mongoUri: 'mongodb://db:27017/',
  });
});

test('a record left by a shop that is gone counts for nothing: the defaults, named as such', async () => {
  recordRunningShop(SHOP, file);
  const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  const record = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file, JSON.stringify({ ...record, pid: Number(gone.stdout.trim()) }));
  expect(runningShop(file)).toBeNull();
  const target = releaseTarget({}, file);
  expect(target.gatewayUrl).toBe('http://localhost:8080');
  expect(target.description).toContain('no npm start of this checkout is running');
});

test('the record is readable by its user only, also when an earlier run left it readable by all and the umask is permissive', async () => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '{}');
  await chmod(file, 0o644);
  const umask = process.umask(0);
  try {
    recordRunningShop(SHOP, file);
  } finally {
    process.umask(umask);
  }
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

test("a record whose pid now belongs to another process (reused after a crash, or another user's) counts for nothing", async () => {
  recordRunningShop(SHOP, file);
  const record = JSON.parse(await readFile(file, 'utf8'));
  expect(runningShop(file)).not.toBeNull();
  // The same pid, started at another time: not the process that wrote the record.
  await writeFile(file, JSON.stringify({ ...record, processStart: String(Number(record.processStart) + 1) }));
  expect(runningShop(file)).toBeNull();
  // Another process that runs (init: root's, EPERM for other users) is never taken for the shop.
  await writeFile(file, JSON.stringify({ ...record, pid: 1 }));
  expect(runningShop(file)).toBeNull();
  expect(releaseTarget({}, file).description).toContain('no npm start of this checkout is running');
});
