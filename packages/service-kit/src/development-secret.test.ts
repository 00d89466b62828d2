import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
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
