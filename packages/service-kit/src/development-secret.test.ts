import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { developmentSecret } from './development-secret';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dev-secret-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('generated once per data folder, random, kept for the next start, readable only by the owner', async () => {
  const first = developmentSecret('cookie-secret', dir);
  expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(developmentSecret('cookie-secret', dir)).toBe(first);
  expect(await readFile(path.join(dir, 'secrets', 'cookie-secret'), 'utf8')).toBe(first);
  expect((await stat(path.join(dir, 'secrets', 'cookie-secret'))).mode & 0o777).toBe(0o600);
  const elsewhere = await mkdtemp(path.join(tmpdir(), 'dev-secret-'));
  expect(developmentSecret('cookie-secret', elsewhere)).not.toBe(first);
  await rm(elsewhere, { recursive: true, force: true });
});

test('a name cannot leave the secrets folder', () => {
  expect(() => developmentSecret('../evil', dir)).toThrow('invalid secret name');
});

/**
 * `npm start` starts the gateway and every service at once on an empty data folder: they must all
 * end up with one secret, or the services reject the identity the gateway signs. Real processes,
 * released together at one instant, repeated over fresh folders so that a check-then-write race
 * shows up.
 */
test('processes starting at the same moment on an empty data folder all get the one stored secret', async () => {
  const source = path.join(__dirname, 'development-secret.ts');
  const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
  const child = (dataDir: string, startAt: number) =>
    new Promise<string>((resolve, reject) => {
      const script =
        `const { developmentSecret } = require(${JSON.stringify(source)});` +
        `const wait = () => { while (Date.now() < ${startAt}) {} };` +
        `wait(); process.stdout.write(developmentSecret('identity-secret', ${JSON.stringify(dataDir)}));`;
      execFile(tsx, ['-e', script], { timeout: 30_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
  for (let round = 0; round < 3; round += 1) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dev-secret-race-'));
    const startAt = Date.now() + 2_500;
    const secrets = await Promise.all(Array.from({ length: 6 }, () => child(dataDir, startAt)));
    const stored = await readFile(path.join(dataDir, 'secrets', 'identity-secret'), 'utf8');
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(secrets)).toEqual(new Set([stored]));
    expect((await readdir(path.join(dataDir, 'secrets'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);

test('a damaged secret file is named, not silently replaced', async () => {
  await mkdir(path.join(dir, 'secrets'), { recursive: true });
  await writeFile(path.join(dir, 'secrets', 'identity-secret'), 'short');
  expect(() => developmentSecret('identity-secret', dir)).toThrow(/identity-secret holds no usable secret/);
});
